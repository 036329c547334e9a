import { and, eq } from 'drizzle-orm';
import { PLATFORM_KEYS, type ClientMessageTopic, type LeadStatus, type PlatformKey } from '@agrihub/contract';
import type { Db } from '../client.js';
import { activity, clientMessageNotes, clientMessages, users } from '../schema/index.js';
import { demoEmail } from './accounts.js';

interface PlannedLead {
  name: string;
  phone: string;
  email?: string;
  company?: string;
  topic: ClientMessageTopic;
  message: string;
  status: LeadStatus;
  daysAgo: number;
  note?: string;
}

const DAY_MS = 86_400_000;

/** Leads in several statuses on each platform (DESIGN §5.4): new, not reached, called (with a note), sample sent, done. */
const LEADS: PlannedLead[] = [
  {
    name: 'Phạm Thị Thu',
    phone: '+84912468135',
    email: 'thu.pham@example.vn',
    company: 'Cơ sở bánh tráng Thu Hà',
    topic: 'service_advice',
    message: 'Tôi muốn đăng ký mã số mã vạch và tự công bố sản phẩm bánh tráng, nhờ tư vấn chi phí và thời gian.',
    status: 'pending',
    daysAgo: 0,
  },
  {
    name: 'Võ Minh Khang',
    phone: '+84987222451',
    company: 'HTX Nông nghiệp Tân Phú',
    topic: 'traceability',
    message: 'HTX có 40 ha sầu riêng, cần tem truy xuất nguồn gốc cho lô xuất khẩu tháng tới.',
    status: 'no_contact_yet',
    daysAgo: 2,
  },
  {
    name: 'Lê Thị Ngọc Anh',
    phone: '+84365118902',
    email: 'ngocanh@example.vn',
    topic: 'sales_channels',
    message: 'Muốn đưa mật ong rừng lên Shopee và TikTok Shop, cần hỗ trợ mở gian hàng.',
    status: 'made_call',
    daysAgo: 5,
    note: 'Đã gọi, khách hẹn gửi hồ sơ sản phẩm trong tuần này.',
  },
  {
    name: 'Nguyễn Hoàng Nam',
    phone: '+84903555781',
    company: 'Công ty TNHH Thực phẩm Nam Việt',
    topic: 'partnership',
    message: 'Chúng tôi muốn hợp tác phân phối nông sản sạch cho chuỗi cửa hàng tại TP.HCM.',
    status: 'sample_sent',
    daysAgo: 12,
  },
  {
    name: 'Trần Quốc Bảo',
    phone: '+84778314266',
    topic: 'other',
    message: 'Cần hướng dẫn cách đăng ký tài khoản nhà sản xuất.',
    status: 'done',
    daysAgo: 30,
  },
];

async function seedPlatform(db: Db, platform: PlatformKey) {
  const [existing] = await db
    .select({ id: clientMessages.id })
    .from(clientMessages)
    .where(eq(clientMessages.platform, platform))
    .limit(1);
  if (existing) return;
  const [support] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.platform, platform), eq(users.email, demoEmail('support', platform))))
    .limit(1);
  const now = Date.now();
  for (const l of LEADS) {
    const at = new Date(now - l.daysAgo * DAY_MS);
    const handled = l.status !== 'pending';
    const [row] = await db
      .insert(clientMessages)
      .values({
        platform,
        name: l.name,
        phone: l.phone,
        email: l.email ?? null,
        company: l.company ?? null,
        topic: l.topic,
        message: l.message,
        consentAt: at,
        status: l.status,
        assigneeId: handled ? (support?.id ?? null) : null,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: clientMessages.id });
    if (handled) {
      await db.insert(activity).values({
        subjectType: 'client_message',
        subjectId: row.id,
        platform,
        actorId: support?.id ?? null,
        action: 'advance',
        fromStatus: 'pending',
        toStatus: l.status,
        createdAt: at,
      });
    }
    if (l.note) {
      await db
        .insert(clientMessageNotes)
        .values({ messageId: row.id, authorId: support?.id ?? null, body: l.note, createdAt: at });
    }
  }
}

/** The demo leads of every platform (kept when the platform already has messages). */
export async function seedClientMessages(db: Db): Promise<void> {
  for (const platform of PLATFORM_KEYS) await seedPlatform(db, platform);
}
