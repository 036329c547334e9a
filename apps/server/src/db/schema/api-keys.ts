import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { API_KEY_SCOPES } from '@agrihub/contract';
import { producers, users } from './accounts.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A producer's API keys for machine clients (ADR 039). The key `ahk_<prefix>_<secret>` is shown
 * once; only its SHA-256 hash is kept (the secret has 256 random bits, so a fast hash is enough),
 * with the display prefix that names it in the owner's list.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    platform: text('platform').notNull(),
    producerId: integer('producer_id')
      .notNull()
      .references(() => producers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** `ahk_` and 8 base32 characters: shown in lists, never enough to use the key. */
    prefix: text('prefix').notNull(),
    /** SHA-256 (hex) of the whole key. */
    secretHash: text('secret_hash').notNull(),
    scopes: text('scopes', { enum: API_KEY_SCOPES }).array().notNull(),
    /** The last day the key works (through its end, Vietnam time); null: until revoked. */
    expiresOn: date('expires_on', { mode: 'string' }),
    lastUsedAt: ts('last_used_at'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    revokedAt: ts('revoked_at'),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('api_keys_secret_hash_uq').on(t.secretHash),
    uniqueIndex('api_keys_prefix_uq').on(t.prefix),
    index('api_keys_owner_idx').on(t.platform, t.producerId, t.createdAt),
  ],
);
