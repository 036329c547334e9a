import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { PLATFORMS, effectiveLocale, translate, type PlatformKey } from '@agrihub/contract';
import { users } from '../../db/schema/index.js';

/**
 * Tells the accounts of producers that an administrator approved or closed them (with the reason).
 * Best effort: a mail that cannot be sent is logged and does not undo the status change.
 */
export async function notifyStatusChange(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  platform: PlatformKey,
  changed: { id: number; name: string }[],
  status: string,
  reason: string | null,
): Promise<void> {
  if (!changed.length || (status !== 'approved' && status !== 'closed')) return;
  const names = new Map(changed.map((p) => [p.id, p.name]));
  const members = await app.db
    .select({ name: users.name, email: users.email, locale: users.locale, producerId: users.producerId })
    .from(users)
    .where(and(eq(users.platform, platform), inArray(users.producerId, [...names.keys()])));
  for (const u of members) {
    const locale = effectiveLocale(platform, u.locale);
    const params = {
      name: u.name,
      producer: names.get(u.producerId!) ?? '',
      platform: PLATFORMS[platform].name,
      reason: reason ?? '',
    };
    try {
      await app.sendMail({
        to: u.email,
        subject: translate(locale, `producer_${status}_mail_subject`, params),
        text: translate(locale, `producer_${status}_mail_body`, params),
      });
    } catch (err) {
      log.error({ err, producerId: u.producerId }, 'producer status mail could not be sent');
    }
  }
}
