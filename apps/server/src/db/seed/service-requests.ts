import { and, asc, eq } from 'drizzle-orm';
import {
  PLATFORM_KEYS,
  SERVICE_SLUGS,
  bookingEndDate,
  requestStatusOf,
  requestStepsOf,
  todayInVietnam,
  type PlatformKey,
  type ServiceRequestState,
} from '@agrihub/contract';
import type { Db } from '../client.js';
import {
  activity,
  bookingRooms,
  registerServices,
  serviceRequestNotes,
  userRegisterServices,
  users,
} from '../schema/index.js';
import { demoEmail } from './accounts.js';

const DAY = 86_400_000;

interface Planned {
  slug: string;
  /** The step the request is at (`cancelled`: cancelled from `advice`). */
  step: ServiceRequestState;
  daysAgo: number;
  overdue?: boolean;
  /** Foodmap only: locked by the admin (its lock pages show it). */
  locked?: boolean;
  cancelReason?: string;
  notes?: { body: string; internal: boolean }[];
  booking?: boolean;
}

/**
 * The demo producer's requests on each platform, one per state a newcomer should see: new
 * (fill_info), overdue with an internal and a visible note, in progress (locked on Foodmap),
 * cancelled with its reason, done — and on Foodmap a department registration with its booking.
 * Services a platform does not offer are skipped.
 */
const PLAN: Planned[] = [
  {
    slug: SERVICE_SLUGS.gs1Barcode,
    step: 'contract',
    daysAgo: 12,
    overdue: true,
    notes: [
      { body: 'Khách hàng đã đồng ý báo giá qua điện thoại, chờ ký hợp đồng. Ưu tiên xử lý trong tuần.', internal: true },
      {
        body: 'Chúng tôi đã gửi hợp đồng dịch vụ mã số mã vạch GS1 qua email. Vui lòng ký và gửi lại bản scan.',
        internal: false,
      },
    ],
  },
  { slug: SERVICE_SLUGS.foodDeclaration, step: 'done', daysAgo: 40 },
  {
    slug: 'logo-packaging-design',
    step: 'inprogress',
    daysAgo: 9,
    locked: true,
    notes: [{ body: 'Đang hoàn thiện 3 phương án thiết kế bao bì, dự kiến gửi bản nháp trong 5 ngày.', internal: false }],
  },
  {
    slug: 'e-invoice',
    step: 'cancelled',
    daysAgo: 20,
    cancelReason: 'Doanh nghiệp đã sử dụng hóa đơn điện tử của nhà cung cấp khác.',
  },
  { slug: 'ecommerce-shop-design', step: 'fill_info', daysAgo: 1 },
  { slug: SERVICE_SLUGS.departmentRegistration, step: 'advice', daysAgo: 2, booking: true },
];

/** DTrack has only two paid services: its cancelled request is a barcode one, from an earlier try. */
const DTRACK_EXTRA: Planned[] = [
  {
    slug: SERVICE_SLUGS.gs1Barcode,
    step: 'cancelled',
    daysAgo: 60,
    cancelReason: 'Hồ sơ đăng ký sai tên doanh nghiệp, đã tạo yêu cầu mới.',
  },
];

async function userId(db: Db, local: string, platform: PlatformKey) {
  const [u] = await db
    .select({ id: users.id, producerId: users.producerId })
    .from(users)
    .where(and(eq(users.platform, platform), eq(users.email, demoEmail(local, platform))));
  return u;
}

/** Idempotent: a platform whose demo producer already has a request is left alone. */
export async function seedServiceRequests(db: Db, now = new Date()): Promise<void> {
  for (const platform of PLATFORM_KEYS) {
    const producer = await userId(db, 'producer', platform);
    const admin = await userId(db, 'admin', platform);
    if (!producer?.producerId || !admin) continue;
    const [has] = await db
      .select({ id: userRegisterServices.id })
      .from(userRegisterServices)
      .where(eq(userRegisterServices.producerId, producer.producerId))
      .limit(1);
    if (has) continue;
    const plan = platform === 'dtrack' ? [...PLAN, ...DTRACK_EXTRA] : PLAN;
    for (const p of plan) {
      await db.transaction(async (tx) => {
        const [service] = await tx
          .select()
          .from(registerServices)
          .where(and(eq(registerServices.platform, platform), eq(registerServices.slug, p.slug)));
        if (!service || service.type === 0) return;
        const flow = requestStepsOf(service.type);
        const reached = p.step === 'cancelled' ? 'advice' : p.step;
        const path = [...flow.slice(0, flow.indexOf(reached) + 1), ...(p.step === 'cancelled' ? ['cancelled' as const] : [])];
        const at = (i: number) => new Date(now.getTime() - (p.daysAgo - i) * DAY);
        const changedAt = at(path.length - 1);
        const dueAt = p.overdue
          ? new Date(now.getTime() - 2 * DAY)
          : p.step === 'done' || p.step === 'cancelled'
            ? null
            : new Date(changedAt.getTime() + (service.targetDays[p.step] ?? 5) * DAY);
        const booking = p.booking ? await demoBooking(tx, platform) : null;
        if (p.booking && !booking) return;
        const [row] = await tx
          .insert(userRegisterServices)
          .values({
            platform,
            producerId: producer.producerId!,
            userId: producer.id,
            serviceId: service.id,
            step: p.step,
            status: requestStatusOf(p.step),
            form: {
              contact_name: 'Nguyễn Văn Nam',
              phone: '+84912345678',
              email: demoEmail('producer', platform),
              note: 'Yêu cầu tạo từ dữ liệu mẫu.',
            },
            attachments: [],
            assigneeId: p.step === 'fill_info' ? null : admin.id,
            stepDueAt: dueAt,
            lockedAt: p.locked && platform === 'foodmap' ? at(path.length) : null,
            lockedBy: p.locked && platform === 'foodmap' ? admin.id : null,
            cancelReason: p.cancelReason ?? null,
            booking,
            createdAt: at(0),
            updatedAt: changedAt,
            stepChangedAt: changedAt,
          })
          .returning({ id: userRegisterServices.id });
        const history = path.map((step, i) => ({
          subjectType: 'service_request',
          subjectId: row.id,
          platform,
          // The producer registers and submits; the back office moves the rest.
          actorId: (i <= 1 || step === 'submitted_profile') && step !== 'cancelled' ? producer.id : admin.id,
          action: i === 0 ? 'register' : step === 'cancelled' ? 'cancel' : 'advance',
          fromStatus: i === 0 ? null : path[i - 1],
          toStatus: step,
          note: step === 'cancelled' ? (p.cancelReason ?? null) : null,
          diff: i === 0 ? { service: service.slug } : { step },
          createdAt: at(i),
        }));
        await tx.insert(activity).values(history);
        if (p.notes?.length) {
          await tx.insert(serviceRequestNotes).values(
            p.notes.map((n, i) => ({
              requestId: row.id,
              authorId: admin.id,
              body: n.body,
              internal: n.internal,
              createdAt: new Date(changedAt.getTime() + (i + 1) * 3_600_000),
            })),
          );
        }
      });
    }
  }
}

/** The first bookable room of the platform, booked for 6 months from the first of next month. */
async function demoBooking(db: Pick<Db, 'select'>, platform: PlatformKey) {
  const [room] = await db
    .select()
    .from(bookingRooms)
    .where(and(eq(bookingRooms.platform, platform), eq(bookingRooms.available, true)))
    .orderBy(asc(bookingRooms.position))
    .limit(1);
  if (!room) return null;
  const [y, m] = todayInVietnam().split('-').map(Number);
  const start = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
  const months = 6;
  return {
    room_id: room.id,
    room_name: room.name,
    location: room.location,
    size_m2: room.sizeM2,
    price_per_month: room.pricePerMonth,
    months,
    start_date: start,
    end_date: bookingEndDate(start, months),
    total: room.pricePerMonth * months,
  };
}
