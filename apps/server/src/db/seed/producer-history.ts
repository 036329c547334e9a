import { and, eq, inArray } from 'drizzle-orm';
import { PLATFORM_KEYS } from '@agrihub/contract';
import type { Db } from '../client.js';
import { activity, producers, users } from '../schema/index.js';
import { demoEmail } from './accounts.js';

const CLOSE_REASON = 'Giấy chứng nhận đăng ký kinh doanh đã hết hiệu lực, chưa bổ sung sau ba lần nhắc.';
const INTERNAL_NOTE = 'Đã gọi điện hai lần, không liên lạc được. Chờ hội nông dân xã xác nhận.';

/**
 * The approval history of the demo producers, so the history panel shows every kind of row: the
 * main producer approved; the closed one approved, then closed with a reason the producer reads,
 * and an internal note the producer never sees. Idempotent: a producer with history is skipped.
 */
export async function seedProducerHistory(db: Db): Promise<void> {
  for (const platform of PLATFORM_KEYS) {
    const accounts = await db
      .select({ email: users.email, producerId: users.producerId })
      .from(users)
      .where(
        and(
          eq(users.platform, platform),
          inArray(
            users.email,
            ['admin', 'producer', 'closed'].map((l) => demoEmail(l, platform)),
          ),
        ),
      );
    const byLocal = (local: string) => accounts.find((a) => a.email === demoEmail(local, platform));
    const adminId =
      (
        await db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.email, demoEmail('admin', platform)))
      )[0]?.id ?? null;
    const plans: [string, (id: number) => (typeof activity.$inferInsert)[]][] = [
      [
        'producer',
        (id) => [row(platform, id, adminId, 'approve', 'pending', 'approved', null, false, '2024-03-18T02:00:00Z')],
      ],
      [
        'closed',
        (id) => [
          row(platform, id, adminId, 'approve', 'pending', 'approved', null, false, '2023-09-04T02:00:00Z'),
          row(platform, id, adminId, 'note', null, null, INTERNAL_NOTE, true, '2025-10-02T03:00:00Z'),
          row(platform, id, adminId, 'close', 'approved', 'closed', CLOSE_REASON, false, '2025-10-20T03:00:00Z'),
        ],
      ],
    ];
    for (const [local, rows] of plans) {
      const producerId = byLocal(local)?.producerId;
      if (!producerId) continue;
      const [has] = await db
        .select({ id: activity.id })
        .from(activity)
        .where(and(eq(activity.subjectType, 'producer'), eq(activity.subjectId, producerId)))
        .limit(1);
      if (has) continue;
      await db.insert(activity).values(rows(producerId));
      await db
        .update(producers)
        .set({ updatedAt: new Date(rows(producerId).at(-1)!.createdAt!) })
        .where(eq(producers.id, producerId));
    }
  }
}

function row(
  platform: string,
  subjectId: number,
  actorId: number | null,
  action: string,
  from: string | null,
  to: string | null,
  note: string | null,
  internal: boolean,
  at: string,
): typeof activity.$inferInsert {
  return {
    subjectType: 'producer',
    subjectId,
    platform,
    actorId,
    action,
    fromStatus: from,
    toStatus: to,
    note,
    internal,
    diff: {},
    createdAt: new Date(at),
  };
}
