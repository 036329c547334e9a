import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import {
  PLATFORMS,
  errorEnvelope,
  isAdministrator,
  isMandatoryKind,
  notificationKindsFor,
  platformSettingAnswer,
  publicPlatformSettingAnswer,
  translate,
  updatePlatformSettingRequest,
  updateUserSettingRequest,
  userSettingAnswer,
  type Locale,
  type NotificationKind,
  type NotificationPreferences,
  type PlatformKey,
  type UserSetting,
} from '@agrihub/contract';
import type { Db } from '../../db/client.js';
import { platformSettings, userSettings, users } from '../../db/schema/index.js';
import { unprocessable } from '../../lib/errors.js';
import { currentUser, type UserRow } from '../../plugins/auth.js';
import {
  forgetPlatformSetting,
  forgetPlatformSettings,
  platformSettingOf,
  presentContact,
  presentPlatformSetting,
  readPlatformSetting,
} from './store.js';

const errors = { 401: errorEnvelope, 403: errorEnvelope, 422: errorEnvelope };

/** The user's switches for the kinds offered to it (stored ones, else on). */
function presentUserSetting(platform: PlatformKey, user: UserRow, prefs: NotificationPreferences): UserSetting {
  return {
    locale: user.locale as Locale,
    locales: [...PLATFORMS[platform].locales],
    notifications: notificationKindsFor(platform, isAdministrator(user)).map((kind) => {
      const mandatory = isMandatoryKind(kind);
      return {
        kind,
        in_app: mandatory || prefs[kind]?.in_app !== false,
        email: mandatory || prefs[kind]?.email !== false,
        mandatory,
      };
    }),
  };
}

async function storedPreferences(db: Db, userId: number): Promise<NotificationPreferences> {
  const [row] = await db
    .select({ notifications: userSettings.notifications })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return row?.notifications ?? {};
}

/**
 * Settings (DESIGN §5.5, /general-setting): every signed-in user reads and changes its own language
 * and notification switches (everyone has manage on Setting); the role admin reads and changes its
 * platform's contact details and third-party ids; public pages read the contact details.
 */
export default async function settingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The platform settings cached by this node (store.ts) follow every save, wherever it was made.
  app.cluster.onChange((change) => {
    if (change.kind === 'settings') forgetPlatformSetting(app, change.platform);
  });
  app.cluster.onReset(() => forgetPlatformSettings(app));

  r.get(
    '/api/v1/settings',
    {
      config: { access: 'user', ability: ['read', 'Setting'] },
      schema: {
        tags: ['settings'],
        summary: 'The own settings: language and notification channels per kind',
        response: { 200: userSettingAnswer, ...errors },
      },
    },
    async (req) => {
      const me = currentUser(req);
      return { data: { setting: presentUserSetting(req.platform, me, await storedPreferences(app.db, me.id)) } };
    },
  );

  r.put(
    '/api/v1/settings',
    {
      config: { access: 'user', ability: ['update', 'Setting'] },
      schema: {
        tags: ['settings'],
        summary: 'Change the own language and notification channels (a kind left out keeps its switches)',
        body: updateUserSettingRequest,
        response: { 200: userSettingAnswer, ...errors },
      },
    },
    async (req) => {
      const me = currentUser(req);
      const body = req.body;
      const offeredLocales = PLATFORMS[req.platform].locales;
      if (body.locale && !(offeredLocales as readonly string[]).includes(body.locale)) {
        throw unprocessable('locale_not_offered', { locales: offeredLocales.join(', ') }, 'locale');
      }
      const offered = new Set<string>(notificationKindsFor(req.platform, isAdministrator(me)));
      const changes = body.notifications ?? [];
      changes.forEach((c, i) => {
        if (!offered.has(c.kind)) throw unprocessable('notification_kind_not_offered', {}, `notifications.${i}.kind`);
        // A security notice cannot be switched off (the answer shows it locked on).
        if (isMandatoryKind(c.kind as NotificationKind) && (!c.in_app || !c.email)) {
          throw unprocessable('notification_kind_mandatory', {}, `notifications.${i}`);
        }
      });

      const { user, prefs } = await app.db.transaction(async (tx) => {
        let user = me;
        if (body.locale !== undefined && body.locale !== me.locale) {
          [user] = await tx
            .update(users)
            .set({ locale: body.locale, updatedAt: new Date() })
            .where(eq(users.id, me.id))
            .returning();
        }
        if (!changes.length) return { user, prefs: await storedPreferences(tx, me.id) };
        const patch: NotificationPreferences = {};
        for (const c of changes) patch[c.kind as NotificationKind] = { in_app: c.in_app, email: c.email };
        // Merged in the statement, so two saves of different kinds at once both stay.
        const [row] = await tx
          .insert(userSettings)
          .values({ userId: me.id, notifications: patch })
          .onConflictDoUpdate({
            target: userSettings.userId,
            set: {
              notifications: sql`${userSettings.notifications} || excluded.notifications`,
              updatedAt: new Date(),
            },
          })
          .returning({ notifications: userSettings.notifications });
        return { user, prefs: row.notifications };
      });
      const locale = body.locale ?? req.locale;
      return {
        data: { setting: presentUserSetting(req.platform, user, prefs) },
        meta: { message: translate(locale, 'settings_saved') },
      };
    },
  );

  // Platform settings: the role admin only (everyone has manage on Setting, so that is no gate here).
  r.get(
    '/api/v1/admin/platform_settings',
    {
      config: { access: 'admin', ability: ['manage', 'all'] },
      schema: {
        tags: ['settings'],
        summary: "The platform's public contact details and analytics / chat ids (role admin)",
        response: { 200: platformSettingAnswer, ...errors },
      },
    },
    async (req) => ({
      data: { platform_setting: presentPlatformSetting(await readPlatformSetting(app.db, req.platform)) },
    }),
  );

  r.put(
    '/api/v1/admin/platform_settings',
    {
      config: { access: 'admin', ability: ['manage', 'all'] },
      schema: {
        tags: ['settings'],
        summary: "Change the platform's contact details and analytics / chat ids ('' or null clears one)",
        body: updatePlatformSettingRequest,
        response: { 200: platformSettingAnswer, ...errors },
      },
    },
    async (req) => {
      const me = currentUser(req);
      const b = req.body;
      const fields = {
        ...(b.hotline !== undefined ? { hotline: b.hotline } : {}),
        ...(b.email !== undefined ? { email: b.email } : {}),
        ...(b.address !== undefined ? { address: b.address } : {}),
        ...(b.working_hours !== undefined ? { workingHours: b.working_hours } : {}),
        ...(b.ga_measurement_id !== undefined ? { gaMeasurementId: b.ga_measurement_id } : {}),
        ...(b.facebook_page !== undefined ? { facebookPage: b.facebook_page } : {}),
        ...(b.zalo_oa_id !== undefined ? { zaloOaId: b.zalo_oa_id } : {}),
      };
      const now = new Date();
      const change = { kind: 'settings', platform: req.platform } as const;
      const row = await app.db.transaction(async (tx) => {
        const [saved] = await tx
          .insert(platformSettings)
          .values({ platform: req.platform, ...fields, updatedBy: me.id, updatedAt: now })
          .onConflictDoUpdate({
            target: platformSettings.platform,
            set: { ...fields, updatedBy: me.id, updatedAt: now },
          })
          .returning();
        await app.cluster.tell(tx, change); // every other node forgets them once this commits
        return saved;
      });
      app.cluster.apply(change);
      return {
        data: { platform_setting: presentPlatformSetting(row) },
        meta: { message: translate(req.locale, 'platform_settings_saved') },
      };
    },
  );

  r.get(
    '/api/v1/client/platform_settings',
    {
      config: { access: 'public' },
      schema: {
        tags: ['settings'],
        summary: "The platform's public contact details (footers of the public pages)",
        response: { 200: publicPlatformSettingAnswer, 400: errorEnvelope },
      },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'public, max-age=60');
      return { data: { contact: presentContact(await platformSettingOf(app, req.platform)) } };
    },
  );
}
