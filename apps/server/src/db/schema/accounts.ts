import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  smallint,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { APPROVAL_STATUSES, UPLOAD_OWNER_TYPES, UPLOAD_VISIBILITIES, type AbilityRule } from '@agrihub/contract';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const producers = pgTable(
  'producers',
  {
    id: serial('id').primaryKey(),
    platform: text('platform').notNull(),
    name: text('name').notNull(),
    producerType: text('producer_type').notNull(),
    businessFields: text('business_fields')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text('status', { enum: APPROVAL_STATUSES }).notNull().default('pending'),
    taxCode: text('tax_code'),
    representative: text('representative'),
    phone: text('phone'),
    email: text('email'),
    website: text('website'),
    provinceCode: text('province_code'),
    address: text('address'),
    description: text('description'),
    logoUrl: text('logo_url'),
    /**
     * Length of the producer's GS1 company prefix (6–12; null: 7, ADR 038): how its GTINs and GLNs
     * split into prefix and reference in EPCIS URNs (LGTIN, SGLN, PGLN).
     */
    gs1CompanyPrefixLength: smallint('gs1_company_prefix_length'),
    /**
     * Deleted by its own account (DELETE /api/v1/producers/{id}, ADR 018): the row stays, closed,
     * so what was public and the history keep their producer; its drafts and files are gone.
     */
    deletedAt: ts('deleted_at'),
    deletedBy: integer('deleted_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('producers_platform_idx').on(t.platform, t.status)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    platform: text('platform').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    abilities: jsonb('abilities').$type<AbilityRule[]>().notNull().default([]),
    producerId: integer('producer_id').references(() => producers.id, { onDelete: 'set null' }),
    registedServices: text('registed_services')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    locale: text('locale').notNull().default('vi'),
    requiredChangePassword: boolean('required_change_password').notNull().default(false),
    /** Deactivated (ADR 018): no login, no session, no reset link; null while active. */
    deactivatedAt: ts('deactivated_at'),
    /** The user's document folder (POST /admin/users/{id}/create-gdrive-folder): the folder driver's id and link. */
    documentFolderId: text('document_folder_id'),
    documentFolderUrl: text('document_folder_url'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_platform_email_uq').on(t.platform, t.email),
    index('users_producer_idx').on(t.producerId),
    // The back office's user list: by platform, newest first, and the role filter (roles @> '{x}').
    index('users_platform_created_idx').on(t.platform, t.createdAt),
    index('users_roles_idx').using('gin', t.roles),
  ],
);

/** OAuth-style tokens; only SHA-256 hashes are stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessTokenHash: text('access_token_hash').notNull(),
    refreshTokenHash: text('refresh_token_hash').notNull(),
    /**
     * Sessions born of one login share a family: a refresh rotates the session within it, and a
     * replayed (already rotated) refresh token revokes the whole family (RFC 9700 reuse detection).
     */
    familyId: text('family_id')
      .notNull()
      .default(sql`gen_random_uuid()::text`),
    accessExpiresAt: ts('access_expires_at').notNull(),
    refreshExpiresAt: ts('refresh_expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sessions_access_uq').on(t.accessTokenHash),
    uniqueIndex('sessions_refresh_uq').on(t.refreshTokenHash),
    index('sessions_user_idx').on(t.userId),
    index('sessions_family_idx').on(t.familyId),
  ],
);

/**
 * Failed-attempt counters in a fixed window, one row per key (`login:pair:…`, `login:ip:…`,
 * `password:user:…`): counted with one atomic upsert, so parallel bursts count every attempt.
 * `subject` names the account a key is about, to clear its counters when the password changes.
 */
export const attemptCounters = pgTable(
  'attempt_counters',
  {
    key: text('key').primaryKey(),
    subject: text('subject'),
    count: integer('count').notNull().default(0),
    windowStart: ts('window_start').notNull().defaultNow(),
    lockedUntil: ts('locked_until'),
  },
  (t) => [index('attempt_counters_subject_idx').on(t.subject), index('attempt_counters_window_idx').on(t.windowStart)],
);

/**
 * Mails waiting for the SMTP server (plugins/mailer.ts): written before the request answers, sent
 * in the background with retries. A sent mail's row is deleted; one that failed for good keeps its
 * address, subject and error but not its body (it may hold a reset link).
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: serial('id').primaryKey(),
    /** The platform the mail speaks for: its sender (MAIL_FROM_<PLATFORM>) is chosen when it is sent. */
    platform: text('platform'),
    /** Where answers go (the platform's contact e-mail), when not to the no-reply sender. */
    replyTo: text('reply_to'),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The HTML alternative of `body`, when the mail has one. */
    html: text('html'),
    /** Files sent with the mail (a purchase order's PDF), their bytes in base64; emptied with the body. */
    attachments: jsonb('attachments').$type<{ filename: string; contentType: string; base64: string }[]>(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    failedAt: ts('failed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('mail_queue_due_idx').on(t.nextAttemptAt)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_resets_token_uq').on(t.tokenHash)],
);

export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    platform: text('platform').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    filename: text('filename').notNull(),
    /**
     * `public`: served to anyone at /uploads/<key> (pictures, files on public pages); `private`:
     * only through GET /api/v1/uploads/{id}/content to an account that may read the owner (ADR 033).
     */
    visibility: text('visibility', { enum: UPLOAD_VISIBILITIES }).notNull().default('private'),
    /** The record a private file belongs to once attached (null: only its uploader reads it). */
    ownerType: text('owner_type', { enum: UPLOAD_OWNER_TYPES }),
    ownerId: integer('owner_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('uploads_key_uq').on(t.storageKey), index('uploads_thumbnail_key_idx').on(t.thumbnailKey)],
);
