import type { ServiceFormField } from '@agrihub/contract';
import { bigint, boolean, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One row of a service's pricing table (spec §9); `price` in VND, null when quoted on request. */
export interface ServicePricingRow {
  item_vi: string;
  item_en: string;
  unit_vi: string;
  unit_en: string;
  price: number | null;
  note: string | null;
}

/** Target days per step of the service's flow (step → days), the base of each step's due date. */
export type ServiceTargetDays = Partial<Record<string, number>>;

/**
 * A platform's service catalogue (DESIGN §5.2): `type` decides the flow — 0 free (registered at
 * once), 1 the full 8-step flow, 2 the short 6-step flow.
 */
export const registerServices = pgTable(
  'register_services',
  {
    id: serial('id').primaryKey(),
    platform: text('platform').notNull(),
    slug: text('slug').notNull(),
    titleVi: text('title_vi').notNull(),
    titleEn: text('title_en').notNull(),
    descriptionVi: text('description_vi').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    /** A short icon key the web maps to an icon. */
    icon: text('icon').notNull().default('appstore'),
    type: smallint('type').notNull(),
    available: boolean('available').notNull().default(true),
    priceFrom: bigint('price_from', { mode: 'number' }),
    priceUnitVi: text('price_unit_vi'),
    priceUnitEn: text('price_unit_en'),
    pricing: jsonb('pricing').$type<ServicePricingRow[]>().notNull().default([]),
    targetDays: jsonb('target_days').$type<ServiceTargetDays>().notNull().default({}),
    /** The fields the request form asks for (validated by the contract's serviceFormFields). */
    formFields: jsonb('form_fields').$type<ServiceFormField[]>().notNull().default([]),
    position: integer('position').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('register_services_platform_slug_uq').on(t.platform, t.slug)],
);
