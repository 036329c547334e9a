import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { PLATFORMS, PLATFORM_KEYS, type NotificationType, type PlatformKey } from '@agrihub/contract';
import type { Db } from '../client.js';
import { activity, notifications, producers, products, traceabilities, users } from '../schema/index.js';
import { demoEmail } from './accounts.js';

const DAY = 86_400_000;

type Planned = { type: NotificationType; params: Record<string, string>; link: string; daysAgo: number; read: boolean };

/**
 * A few notifications for the demo producers, read and unread, so the bell and /notifications
 * have something to show: what the seeded data tells (producer approved, products approved, the
 * recalled batch, the closed producer's reason). Idempotent: an account that has any is skipped.
 */
export async function seedNotifications(db: Db, now = new Date()): Promise<void> {
  for (const platform of PLATFORM_KEYS) {
    for (const local of ['producer', 'closed']) {
      const [user] = await db
        .select({ id: users.id, producerId: users.producerId })
        .from(users)
        .where(and(eq(users.platform, platform), eq(users.email, demoEmail(local, platform))));
      if (!user?.producerId) continue;
      const [has] = await db
        .select({ id: notifications.id })
        .from(notifications)
        .where(eq(notifications.userId, user.id))
        .limit(1);
      if (has) continue;
      const planned = await plan(db, platform, user.producerId);
      if (!planned.length) continue;
      await db.insert(notifications).values(
        planned.map((n) => {
          const at = new Date(now.getTime() - n.daysAgo * DAY);
          return {
            platform,
            userId: user.id,
            type: n.type,
            params: n.params,
            link: n.link,
            createdAt: at,
            readAt: n.read ? new Date(at.getTime() + DAY / 4) : null,
          };
        }),
      );
    }
  }
}

async function plan(db: Db, platform: PlatformKey, producerId: number): Promise<Planned[]> {
  const [producer] = await db.select().from(producers).where(eq(producers.id, producerId));
  const base = { producer: producer.name, platform: PLATFORMS[platform].name };
  const out: Planned[] = [{ type: 'producer.approved', params: base, link: '/account-setup', daysAgo: 60, read: true }];
  if (producer.status === 'closed') {
    const [closing] = await db
      .select({ note: activity.note })
      .from(activity)
      .where(
        and(
          eq(activity.subjectType, 'producer'),
          eq(activity.subjectId, producerId),
          eq(activity.action, 'close'),
          eq(activity.internal, false),
        ),
      )
      .limit(1);
    out.push({
      type: 'producer.closed',
      params: { ...base, reason: closing?.note ?? '' },
      link: '/account-setup',
      daysAgo: 3,
      read: false,
    });
    return out;
  }
  const own = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(eq(products.producerId, producerId), eq(products.status, 'approved')))
    .orderBy(asc(products.id))
    .limit(2);
  own.forEach((p, i) =>
    out.push({
      type: 'product.approved',
      params: { product: p.name },
      link: `/products/${p.id}`,
      daysAgo: 30 - i * 25,
      read: i === 0,
    }),
  );
  const [recalled] = await db
    .select({
      id: traceabilities.id,
      lotCode: traceabilities.lotCode,
      reason: traceabilities.recallReason,
      product: products.name,
    })
    .from(traceabilities)
    .innerJoin(products, eq(products.id, traceabilities.productId))
    .where(and(eq(traceabilities.producerId, producerId), isNotNull(traceabilities.recalledAt)))
    .limit(1);
  if (recalled) {
    out.push({
      type: 'batch.recalled',
      params: { batch: recalled.lotCode, product: recalled.product, reason: recalled.reason ?? '' },
      link: `/product-batches/${recalled.id}`,
      daysAgo: 2,
      read: false,
    });
  }
  return out;
}
