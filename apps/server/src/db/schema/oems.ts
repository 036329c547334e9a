import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import type { Certificate } from './catalog.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A certificate of an OEM producer: the product certificate's fields (name, issuer, number,
 * `valid_until` as YYYY-MM-DD, file) plus `expiry_notified_for`, the `valid_until` for which the
 * 30-day expiry notice was sent (set by the job; a changed date makes the notice due again).
 */
export interface OemCertificate extends Certificate {
  expiry_notified_for?: string | null;
}

/**
 * OEM producers (DESIGN §5.5): a platform's directory of contract manufacturers. `category_ids`
 * are global categories they make; capacities and MOQ are an amount with a unit of the spec list.
 */
export const producerOems = pgTable(
  'producer_oems',
  {
    id: serial('id').primaryKey(),
    platform: text('platform').notNull(),
    name: text('name').notNull(),
    taxCode: text('tax_code'),
    contactName: text('contact_name'),
    phone: text('phone'),
    email: text('email'),
    website: text('website'),
    provinceCode: text('province_code'),
    address: text('address'),
    categoryIds: integer('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    monthlyCapacity: integer('monthly_capacity'),
    capacityUnit: text('capacity_unit'),
    moq: integer('moq'),
    moqUnit: text('moq_unit'),
    certificates: jsonb('certificates').$type<OemCertificate[]>().notNull().default([]),
    active: boolean('active').notNull().default(true),
    note: text('note'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('producer_oems_platform_active_idx').on(t.platform, t.active, t.name),
    index('producer_oems_category_ids_idx').using('gin', t.categoryIds),
  ],
);
