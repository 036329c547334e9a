import { z } from 'zod';
import { ACTIONS, ROLES, SUBJECTS } from '../permissions.js';
import { passwordField, refuseOwnEmail, user, USER_SORT_FIELDS } from './auth.js';
import { emailField, idField, idText, listMeta, localeField, messageMeta, textField } from './common.js';
import { phoneField } from '../phone.js';
import { listQuery } from './list.js';

/**
 * The back office's accounts (spec §7 admin users CRUD, DESIGN §5.5, ADR 018): staff with roles
 * and an ability grid, and producer users of a producer. Rules on who may change what are in
 * ../user-admin.ts.
 */

/** Staff (at least one role) or a producer's user (no role, a producer). */
export const USER_KINDS = ['staff', 'producer'] as const;
export type UserKind = (typeof USER_KINDS)[number];

/** Actions of a user's history (activity log, subject `user`). */
export const USER_HISTORY_ACTIONS = [
  'create',
  'update',
  'deactivate',
  'reactivate',
  'reset_password',
  'create_folder',
] as const;

export const USER_NAME_MAX = 120;

/** A form field left empty arrives as '' (or null); it means "not given". */
const blank = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema);

const roleField = z.enum(ROLES, { error: 'invalidRole' });
const rolesField = z.array(roleField, { error: 'invalidRole' }).max(ROLES.length * 2, 'invalidRole');
const abilityField = z.object(
  {
    action: z.enum(ACTIONS, { error: 'invalidAbility' }),
    subject: z.enum(SUBJECTS, { error: 'invalidAbility' }),
  },
  { error: 'invalidAbility' },
);
const abilitiesField = z
  .array(abilityField, { error: 'invalidAbility' })
  .max(SUBJECTS.length * ACTIONS.length, 'invalidAbility');
const nameField = textField({ error: 'pleaseInputName' })
  .trim()
  .min(1, 'pleaseInputName')
  .max(USER_NAME_MAX, 'tooLong');
/** '' or null clears the phone. */
const phoneInput = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  phoneField.nullable().optional(),
);

/** GET /api/v1/admin/users: q (name, e-mail, phone; accent-free), role, kind, active, producer. */
export const adminUserListQuery = listQuery(USER_SORT_FIELDS, '-created_at').extend({
  role: roleField.optional(),
  kind: z.enum(USER_KINDS, { error: 'invalidUserKind' }).optional(),
  active: z.enum(['true', 'false'], { error: 'invalidActive' }).optional(),
  producer_id: idText().optional(),
});
export type AdminUserListQuery = z.input<typeof adminUserListQuery>;

/** One account as the back office reads it (never a password hash). */
export const adminUser = user.extend({
  kind: z.enum(USER_KINDS),
  active: z.boolean(),
  deactivated_at: z.string().nullable(),
  producer: z.object({ id: z.number().int(), name: z.string(), status: z.string() }).nullable(),
  /** The user's document folder (create-gdrive-folder): the driver's id and the link shown. */
  document_folder: z.object({ id: z.string(), url: z.string() }).nullable(),
  updated_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUser>;

const createBase = {
  email: emailField,
  name: nameField,
  phone: phoneInput,
  locale: blank(localeField.optional()),
  /**
   * A first password the administrator hands over (changed at the first login). Without one the
   * user gets a one-time link by mail to choose it.
   */
  password: blank(passwordField('pleaseInputPassword').optional()),
};

/** POST /api/v1/admin/users: a staff account (roles, abilities) or a producer's user. */
export const adminUserCreate = z
  .discriminatedUnion(
    'kind',
    [
      z.object({
        kind: z.literal('staff'),
        ...createBase,
        roles: rolesField.min(1, 'pleaseSelectRole'),
        abilities: abilitiesField.default([]),
      }),
      z.object({
        kind: z.literal('producer'),
        ...createBase,
        producer_id: idField('pleaseSelectProducer'),
      }),
    ],
    { error: 'invalidUserKind' },
  )
  .superRefine(refuseOwnEmail);
export type AdminUserCreate = z.input<typeof adminUserCreate>;

/** PUT /api/v1/admin/users/{id}: any of these; e-mail and kind do not change. */
export const adminUserUpdate = z
  .object({
    name: nameField.optional(),
    phone: phoneInput,
    locale: localeField.optional(),
    roles: rolesField.optional(),
    abilities: abilitiesField.optional(),
    active: z.boolean({ error: 'invalidActive' }).optional(),
  })
  .strict();
export type AdminUserUpdate = z.input<typeof adminUserUpdate>;

export const adminUserAnswer = z.object({ data: z.object({ user: adminUser }), meta: messageMeta.optional() });
export const adminUserListAnswer = z.object({ data: z.object({ users: z.array(adminUser) }), meta: listMeta });

/** POST /api/v1/admin/users/{id}/create-gdrive-folder: the folder (made once; later calls answer it). */
export const userFolderAnswer = z.object({
  data: z.object({
    user: adminUser,
    folder: z.object({ id: z.string(), url: z.string() }),
    created: z.boolean(),
  }),
  meta: messageMeta,
});

/** DELETE /api/v1/producers/{id}: what went with it. */
export const producerDeleteAnswer = z.object({
  data: z.object({
    deleted: z.object({
      products: z.number().int(),
      batches: z.number().int(),
      uploads: z.number().int(),
      users: z.number().int(),
    }),
  }),
  meta: messageMeta,
});

/** What keeps a producer from being deleted (409 producer_delete_blocked lists them as field errors). */
export const PRODUCER_DELETE_BLOCKERS = ['published_batches', 'open_service_requests', 'approved_listings'] as const;
export type ProducerDeleteBlocker = (typeof PRODUCER_DELETE_BLOCKERS)[number];
