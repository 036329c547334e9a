import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import {
  PLATFORMS,
  effectiveLocale,
  isMandatoryKind,
  notificationKindOf,
  renderNotification,
  wantsNotification,
  type NotificationPreferences,
  type NotificationType,
  type PlatformKey,
} from '@agrihub/contract';
import { notifications, userSettings, users } from '../../db/schema/index.js';
import { platformSettingOf } from '../settings/store.js';
import { notificationMail, platformOrigin } from './mail.js';
import { formatPhone } from '@agrihub/contract/phone';

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

/** The recipients' stored switches (none for a type no switch governs, or a security notice). */
async function preferencesOf(
  app: FastifyInstance,
  type: NotificationType,
  ids: number[],
): Promise<Map<number, NotificationPreferences>> {
  const kind = notificationKindOf(type);
  if (!kind || isMandatoryKind(kind)) return new Map();
  const rows = await app.db
    .select({ userId: userSettings.userId, notifications: userSettings.notifications })
    .from(userSettings)
    .where(inArray(userSettings.userId, ids));
  return new Map(rows.map((r) => [r.userId, r.notifications]));
}

/** The platform's hotline and e-mail for the foot of a mail, when an administrator set them. */
async function mailContact(app: FastifyInstance, platform: PlatformKey): Promise<string | null> {
  const s = await platformSettingOf(app, platform);
  const parts = [formatPhone(s?.hotline), s?.email].filter((v): v is string => !!v);
  return parts.length ? parts.join(' · ') : null;
}

/**
 * Gives each recipient one in-app notification and one mail in the recipient's language, on the
 * channels its settings leave on (/general-setting; on unless switched off, security notices always).
 * A mail that cannot be handed to the mailer is logged; the notifications stay.
 */
export async function deliver(app: FastifyInstance, recipients: Recipient[], notice: Notice): Promise<void> {
  if (!recipients.length) return;
  const { platform, type, params, link } = notice;
  const prefs = await preferencesOf(
    app,
    type,
    recipients.map((r) => r.id),
  );
  const inApp = recipients.filter((r) => wantsNotification(prefs.get(r.id), type, 'in_app'));
  const byMail = recipients.filter((r) => wantsNotification(prefs.get(r.id), type, 'email'));
  if (inApp.length) {
    await app.db.insert(notifications).values(inApp.map((r) => ({ platform, userId: r.id, type, params, link })));
  }
  if (!byMail.length) return;
  const origin = platformOrigin(app.config, platform);
  const contact = await mailContact(app, platform).catch((err: unknown) => {
    app.log.error({ err }, 'platform contact could not be read; mails go without it');
    return null;
  });
  for (const r of byMail) {
    const locale = effectiveLocale(platform, r.locale);
    const { title, body } = renderNotification(locale, type, params);
    const mail = notificationMail(locale, {
      platform,
      to: r.email,
      name: r.name,
      platformName: PLATFORMS[platform].name,
      color: PLATFORMS[platform].primaryColor,
      title,
      body,
      url: link ? origin + link : null,
      contact,
    });
    try {
      await app.sendMail(mail);
    } catch (err) {
      app.log.error({ err, type, userId: r.id }, 'notification mail could not be sent');
    }
  }
}
