import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import {
  PLATFORMS,
  effectiveLocale,
  renderNotification,
  type NotificationType,
  type PlatformKey,
} from '@agrihub/contract';
import { notifications, users } from '../../db/schema/index.js';
import { notificationMail, platformOrigin } from './mail.js';

export interface Recipient {
  id: number;
  name: string;
  email: string;
  locale: string;
}

/** What one event tells its recipients: the type, the words' params and the page it opens. */
export interface Notice {
  platform: PlatformKey;
  type: NotificationType;
  /** Names and the producer-visible reason only: every recipient may read all of it. */
  params: Record<string, string>;
  link: string | null;
}

const recipientColumns = { id: users.id, name: users.name, email: users.email, locale: users.locale };

/** The accounts of a producer on its platform. */
export function producerAccounts(app: FastifyInstance, platform: PlatformKey, producerId: number) {
  return app.db
    .select(recipientColumns)
    .from(users)
    .where(and(eq(users.platform, platform), eq(users.producerId, producerId)));
}

/** One account of the platform (none when the id belongs to another platform). */
export function account(app: FastifyInstance, platform: PlatformKey, userId: number) {
  return app.db
    .select(recipientColumns)
    .from(users)
    .where(and(eq(users.platform, platform), eq(users.id, userId)));
}

/**
 * Gives each recipient one in-app notification and one mail in the recipient's language.
 * A mail that cannot be handed to the mailer is logged; the notifications stay.
 */
export async function deliver(app: FastifyInstance, recipients: Recipient[], notice: Notice): Promise<void> {
  if (!recipients.length) return;
  const { platform, type, params, link } = notice;
  await app.db.insert(notifications).values(recipients.map((r) => ({ platform, userId: r.id, type, params, link })));
  const origin = platformOrigin(app.config, platform);
  for (const r of recipients) {
    const locale = effectiveLocale(platform, r.locale);
    const { title, body } = renderNotification(locale, type, params);
    const mail = notificationMail(locale, {
      to: r.email,
      name: r.name,
      platformName: PLATFORMS[platform].name,
      color: PLATFORMS[platform].primaryColor,
      title,
      body,
      url: link ? origin + link : null,
    });
    try {
      await app.sendMail(mail);
    } catch (err) {
      app.log.error({ err, type, userId: r.id }, 'notification mail could not be sent');
    }
  }
}
