import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, isNull } from 'drizzle-orm';
import {
  accountChangeRefusal,
  adminUserAnswer,
  adminUserCreate,
  adminUserListAnswer,
  adminUserListQuery,
  adminUserUpdate,
  deactivateRefusal,
  errorEnvelope,
  historyAnswer,
  historyQuery,
  idParam,
  normaliseAbilities,
  normaliseRoles,
  translate,
  userChangeRefusal,
  userCreateRefusal,
  userFolderAnswer,
  type UserAdminActor,
  type UserAdminTarget,
  type UserChangeRefusal,
} from '@agrihub/contract';
import type { Tx } from '../../db/client.js';
import type { Emit } from '../../lib/domain-events.js';
import { producers, users } from '../../db/schema/index.js';
import { historyPage, recordActivity } from '../../lib/activity.js';
import { AppError, conflict, notFound, unprocessable } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { publicBaseUrl } from '../../lib/public-url.js';
import { requestScope, type RequestScope } from '../../lib/scope.js';
import { hashPassword, randomToken } from '../../lib/secrets.js';
import type { UserRow } from '../../plugins/auth.js';
import { revokeAllSessions } from '../auth/sessions.js';
import { deactivateAccount, issuePasswordLink, mailAccount } from './accounts.js';
import { findUser, listUsers, presentAdminUser } from './queries.js';

const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };

const actorOf = (scope: RequestScope): UserAdminActor => ({
  id: scope.userId,
  roles: scope.user.roles,
  abilities: scope.user.abilities,
});

/** The account as the contract's rules read it. */
const targetOf = (u: UserRow): UserAdminTarget => ({
  id: u.id,
  roles: u.roles,
  abilities: u.abilities,
  producer_id: u.producerId,
});

/** A refused change: 403 with the rule's message, under its field when it has one. */
const refused = (r: UserChangeRefusal) =>
  new AppError(403, r.code, {}, r.field ? [{ field: r.field, message: r.code }] : []);

const emailTaken = () => new AppError(409, 'email_taken', {}, [{ field: 'email', message: 'email_taken' }]);

type Joined = NonNullable<Awaited<ReturnType<typeof findUser>>>;

/**
 * The back office's accounts (spec §7 admin users CRUD, DESIGN §5.5, ADR 018), scoped to the
 * request's platform: list, create (staff with roles and abilities, or a producer's user), read,
 * edit, deactivate (DELETE; sessions revoked at once), reactivate, reset the password (a change
 * forced at the next login and a one-time link by mail), the document folder, the history. Who may
 * change what is the contract's user-admin rule set (ADR 018, 032); every change is in the account's
 * history and told to its holder (a mail of its own, or the account_changed event).
 */
export default async function adminUserRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /**
   * Runs `work` on the locked account (404 outside the platform), publishes what it emitted once
   * committed, and answers the account as it is after.
   */
  async function onAccount(
    req: FastifyRequest<{ Params: { id: number } }>,
    work: (tx: Tx, row: Joined, scope: RequestScope, emit: Emit) => Promise<void>,
  ) {
    const scope = requestScope(req);
    await app.events.transaction(async (tx, emit) => {
      const row = await findUser(tx, scope, req.params.id, true);
      if (!row) throw notFound();
      await work(tx, row, scope, emit);
    });
    app.mailQueue.kick();
    const after = await findUser(app.db, scope, req.params.id);
    if (!after) throw notFound();
    return presentAdminUser(after);
  }

  const record = (tx: Tx, scope: RequestScope, userId: number, action: string, diff: Record<string, unknown> = {}) =>
    recordActivity(tx, {
      subjectType: 'user',
      subjectId: userId,
      platform: scope.platform,
      actorId: scope.userId,
      action,
      diff,
    });

  /** Tells the account's holder what a user manager did to it (a notification and a mail, its language). */
  const tell = (
    emit: Emit,
    scope: RequestScope,
    userId: number,
    change: 'updated' | 'deactivated' | 'reactivated',
    fields: string[] = [],
  ) => emit({ type: 'user.account_changed', platform: scope.platform, userId, actorId: scope.userId, change, fields });

  r.get(
    '/api/v1/admin/users',
    {
      config: { access: 'admin', ability: ['read', 'user'] },
      schema: {
        tags: ['admin'],
        summary:
          "The platform's accounts; filters role, kind (staff, producer), active (true/false), producer_id; q searches name, e-mail and phone (accent-free)",
        querystring: adminUserListQuery,
        response: { 200: adminUserListAnswer, ...errors },
      },
    },
    async (req) => {
      const { users: rows, meta } = await listUsers(app.db, requestScope(req), req.query);
      return { data: { users: rows }, meta };
    },
  );

  r.post(
    '/api/v1/admin/users',
    {
      config: { access: 'admin', ability: ['create', 'user'] },
      schema: {
        tags: ['admin'],
        summary:
          'Create a staff account (roles, abilities) or a user of a producer; it changes its password at the first login (without a password, a one-time link to choose one is mailed)',
        body: adminUserCreate,
        response: { 201: adminUserAnswer, ...errors },
      },
    },
    async (req, reply) => {
      const scope = requestScope(req);
      const b = req.body;
      const roles = b.kind === 'staff' ? normaliseRoles(b.roles) : [];
      const abilities = b.kind === 'staff' ? normaliseAbilities(b.abilities) : [];
      const refusal = userCreateRefusal(actorOf(scope), { kind: b.kind, roles, abilities });
      if (refusal) throw refused(refusal);
      let producerId: number | null = null;
      if (b.kind === 'producer') {
        const [p] = await app.db
          .select({ id: producers.id })
          .from(producers)
          .where(
            and(eq(producers.id, b.producer_id), eq(producers.platform, scope.platform), isNull(producers.deletedAt)),
          )
          .limit(1);
        if (!p) throw unprocessable('invalidProducer', {}, 'producer_id');
        producerId = p.id;
      }
      const [taken] = await app.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.platform, scope.platform), eq(users.email, b.email)))
        .limit(1);
      if (taken) throw emailTaken();

      const passwordHash = await hashPassword(b.password ?? randomToken());
      const base = publicBaseUrl(req, app.config);
      let id: number;
      try {
        id = await app.db.transaction(async (tx) => {
          const [created] = await tx
            .insert(users)
            .values({
              platform: scope.platform,
              email: b.email,
              name: b.name,
              phone: b.phone ?? null,
              locale: b.locale ?? 'vi',
              passwordHash,
              roles,
              abilities,
              producerId,
              requiredChangePassword: true,
            })
            .returning();
          await record(tx, scope, created.id, 'create', {
            kind: b.kind,
            roles,
            abilities,
            ...(producerId ? { producer_id: producerId } : {}),
          });
          if (b.password) await mailAccount(app, req, tx, created, 'welcome');
          else await mailAccount(app, req, tx, created, 'invite', await issuePasswordLink(tx, base, created.id));
          return created.id;
        });
      } catch (err) {
        if (isUniqueViolation(err, 'users_platform_email_uq')) throw emailTaken();
        throw err;
      }
      app.mailQueue.kick();
      const row = await findUser(app.db, scope, id);
      reply.status(201);
      return {
        data: { user: presentAdminUser(row!) },
        meta: { message: translate(req.locale, b.password ? 'user_created' : 'user_created_invited') },
      };
    },
  );

  r.get(
    '/api/v1/admin/users/:id',
    {
      config: { access: 'admin', ability: ['read', 'user'] },
      schema: {
        tags: ['admin'],
        summary: 'One account',
        params: idParam,
        response: { 200: adminUserAnswer, ...errors },
      },
    },
    async (req) => {
      const row = await findUser(app.db, requestScope(req), req.params.id);
      if (!row) throw notFound();
      return { data: { user: presentAdminUser(row) } };
    },
  );

  r.put(
    '/api/v1/admin/users/:id',
    {
      config: { access: 'admin', ability: ['update', 'user'] },
      schema: {
        tags: ['admin'],
        summary:
          'Edit an account: name, phone, locale, roles and abilities (staff), active (false deactivates it and ends its sessions at once)',
        params: idParam,
        body: adminUserUpdate,
        response: { 200: adminUserAnswer, ...errors },
      },
    },
    async (req) => {
      const b = req.body;
      const user = await onAccount(req, async (tx, { user: u }, scope, emit) => {
        const staff = u.roles.length > 0;
        const before = { ...targetOf(u), active: u.deactivatedAt === null };
        const after = {
          roles: b.roles ? normaliseRoles(b.roles) : normaliseRoles(u.roles),
          abilities: b.abilities ? normaliseAbilities(b.abilities) : u.abilities,
          active: b.active ?? before.active,
        };
        if (!staff && (after.roles.length || after.abilities.length)) {
          throw unprocessable('producerUserNoRoles', {}, after.roles.length ? 'roles' : 'abilities');
        }
        if (staff && after.roles.length === 0) throw unprocessable('pleaseSelectRole', {}, 'roles');
        const refusal = userChangeRefusal(actorOf(scope), before, after);
        if (refusal) throw refused(refusal);

        const changes: Record<string, [unknown, unknown]> = {};
        const fields: string[] = [];
        const set: Partial<typeof users.$inferInsert> = {};
        for (const [field, now, was, column] of [
          ['name', b.name, u.name, 'name'],
          ['phone', b.phone, u.phone, 'phone'],
          ['locale', b.locale, u.locale, 'locale'],
        ] as const) {
          if (now === undefined || now === was) continue;
          changes[field] = [was, now];
          (set as Record<string, unknown>)[column] = now;
        }
        const sameRules = (x: readonly unknown[], y: readonly unknown[]) => JSON.stringify(x) === JSON.stringify(y);
        if (b.roles && !sameRules(after.roles, normaliseRoles(u.roles))) {
          fields.push('roles');
          set.roles = after.roles;
        }
        if (b.abilities && !sameRules(after.abilities, normaliseAbilities(u.abilities))) {
          fields.push('abilities');
          set.abilities = after.abilities;
        }
        if (Object.keys(set).length) {
          await tx
            .update(users)
            .set({ ...set, updatedAt: new Date() })
            .where(eq(users.id, u.id));
          await record(tx, scope, u.id, 'update', {
            fields: [...Object.keys(changes), ...fields],
            changes,
            ...(set.roles ? { roles: [u.roles, set.roles] } : {}),
            ...(set.abilities ? { abilities: [u.abilities, set.abilities] } : {}),
          });
          tell(emit, scope, u.id, 'updated', [...Object.keys(changes), ...fields]);
        }
        if (before.active && !after.active) {
          await deactivateAccount(tx, u.id);
          await record(tx, scope, u.id, 'deactivate');
          tell(emit, scope, u.id, 'deactivated');
        } else if (!before.active && after.active) {
          await tx.update(users).set({ deactivatedAt: null, updatedAt: new Date() }).where(eq(users.id, u.id));
          await record(tx, scope, u.id, 'reactivate');
          tell(emit, scope, u.id, 'reactivated');
        }
      });
      return { data: { user }, meta: { message: translate(req.locale, 'user_updated') } };
    },
  );

  r.delete(
    '/api/v1/admin/users/:id',
    {
      config: { access: 'admin', ability: ['update', 'user'] },
      schema: {
        tags: ['admin'],
        summary:
          'Deactivate an account (never destroyed, ADR 018): login refused, every session ends at once, unused reset links spent',
        params: idParam,
        response: { 200: adminUserAnswer, ...errors },
      },
    },
    async (req) => {
      const user = await onAccount(req, async (tx, { user: u }, scope, emit) => {
        const code = deactivateRefusal(actorOf(scope), targetOf(u));
        if (code) throw refused({ code, field: code === 'cannot_deactivate_self' ? 'active' : null });
        if (u.deactivatedAt) throw conflict('user_already_deactivated');
        await deactivateAccount(tx, u.id);
        await record(tx, scope, u.id, 'deactivate');
        tell(emit, scope, u.id, 'deactivated');
      });
      return { data: { user }, meta: { message: translate(req.locale, 'user_deactivated') } };
    },
  );

  r.post(
    '/api/v1/admin/users/:id/reactivate',
    {
      config: { access: 'admin', ability: ['update', 'user'] },
      schema: {
        tags: ['admin'],
        summary: 'Reactivate a deactivated account (it signs in again with its password)',
        params: idParam,
        response: { 200: adminUserAnswer, ...errors },
      },
    },
    async (req) => {
      const user = await onAccount(req, async (tx, { user: u }, scope, emit) => {
        const code = accountChangeRefusal(actorOf(scope), targetOf(u), 'reactivate');
        if (code) throw refused({ code, field: null });
        if (!u.deactivatedAt) throw conflict('user_already_active');
        await tx.update(users).set({ deactivatedAt: null, updatedAt: new Date() }).where(eq(users.id, u.id));
        await record(tx, scope, u.id, 'reactivate');
        tell(emit, scope, u.id, 'reactivated');
      });
      return { data: { user }, meta: { message: translate(req.locale, 'user_reactivated') } };
    },
  );

  r.post(
    '/api/v1/admin/users/:id/reset-password',
    {
      config: { access: 'admin', ability: ['update', 'user'] },
      schema: {
        tags: ['admin'],
        summary:
          'Reset the password: every session ends, the password must be changed at the next login, and a one-time link to choose a new one is mailed (the reset flow)',
        params: idParam,
        response: { 200: adminUserAnswer, ...errors },
      },
    },
    async (req) => {
      const base = publicBaseUrl(req, app.config);
      const user = await onAccount(req, async (tx, { user: u }, scope) => {
        const code = accountChangeRefusal(actorOf(scope), targetOf(u), 'reset_password');
        if (code) throw refused({ code, field: null });
        if (u.deactivatedAt) throw conflict('user_is_deactivated');
        await tx.update(users).set({ requiredChangePassword: true, updatedAt: new Date() }).where(eq(users.id, u.id));
        await revokeAllSessions(tx, u.id);
        await mailAccount(app, req, tx, u, 'admin_reset', await issuePasswordLink(tx, base, u.id));
        await record(tx, scope, u.id, 'reset_password');
      });
      return { data: { user }, meta: { message: translate(req.locale, 'user_password_reset') } };
    },
  );

  r.post(
    '/api/v1/admin/users/:id/create-gdrive-folder',
    {
      config: { access: 'admin', ability: ['update', 'user'] },
      schema: {
        tags: ['admin'],
        summary:
          "Create the user's document folder through the folder driver (local storage by default) and answer its link; made once, a later call answers the same folder",
        params: idParam,
        response: { 200: userFolderAnswer, ...errors },
      },
    },
    async (req) => {
      let created = false;
      const user = await onAccount(req, async (tx, { user: u }, scope, emit) => {
        const code = accountChangeRefusal(actorOf(scope), targetOf(u), 'create_folder');
        if (code) throw refused({ code, field: null });
        // The row is locked: two calls at once make one folder.
        if (u.documentFolderId && (await app.folders.exists(u.documentFolderId))) return;
        const folder = await app.folders.ensureFolder({
          key: `${scope.platform}/users/${u.id}`,
          title: `${u.name} <${u.email}>`,
        });
        await tx
          .update(users)
          .set({ documentFolderId: folder.id, documentFolderUrl: folder.url, updatedAt: new Date() })
          .where(eq(users.id, u.id));
        await record(tx, scope, u.id, 'create_folder', { driver: app.folders.kind, folder: folder.id });
        tell(emit, scope, u.id, 'updated', ['document_folder']);
        created = true;
      });
      return {
        data: { user, folder: user.document_folder!, created },
        meta: { message: translate(req.locale, created ? 'user_folder_created' : 'user_folder_exists') },
      };
    },
  );

  r.get(
    '/api/v1/admin/users/:id/history',
    {
      config: { access: 'admin', ability: ['read', 'user'] },
      schema: {
        tags: ['admin'],
        summary:
          "An account's history (created, edited, deactivated, reactivated, password reset, folder), newest first",
        params: idParam,
        querystring: historyQuery,
        response: { 200: historyAnswer, ...errors },
      },
    },
    async (req) => {
      const row = await findUser(app.db, requestScope(req), req.params.id);
      if (!row) throw notFound();
      return historyPage(app.db, 'user', req.params.id, true, req.query);
    },
  );
}
