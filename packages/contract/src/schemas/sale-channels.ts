import { z } from 'zod';
import { EXPORT_MODES } from '../constants.js';
import { isValidGtin } from '../gtin.js';
import { SALE_CHANNEL_REGISTRATION_STATES } from '../workflows.js';
import { activityItem } from './activity.js';
import { errorEnvelope, idField, idText, intField, listMeta, messageMeta, textField } from './common.js';
import { listQuery } from './list.js';

// ---------- Sales channels (DESIGN §5.3; spec §3 sale channel, §7 sale channel references) ----------

/** What a channel is: a marketplace, a social-commerce shop, or the platform's own store. */
export const SALE_CHANNEL_KINDS = ['marketplace', 'social', 'own_store'] as const;
export type SaleChannelKind = (typeof SALE_CHANNEL_KINDS)[number];

/** Sync state of a reference, kept apart from its registration state. */
export const SALE_CHANNEL_SYNC_STATUSES = ['not_synced', 'synced', 'out_of_date', 'error'] as const;
export type SaleChannelSyncStatus = (typeof SALE_CHANNEL_SYNC_STATUSES)[number];

export const SALE_CHANNEL_REGISTER_STATUSES = SALE_CHANNEL_REGISTRATION_STATES;
export type SaleChannelRegisterStatus = (typeof SALE_CHANNEL_REGISTER_STATUSES)[number];

/** What is registered: the producer itself (its shop on the channel) or one of its products. */
export const REFERENCEABLE_TYPES = ['producer', 'product'] as const;
export type ReferenceableType = (typeof REFERENCEABLE_TYPES)[number];

/** What a registration's history records (the server's referenceActionOf; the web labels them, enums). */
export const SALE_CHANNEL_REFERENCE_ACTIONS = ['register', 'resubmit', 'approve', 'reject', 'close'] as const;

/** Most images a channel may demand; longest reason of a decision. */
export const SALE_CHANNEL_MIN_IMAGES_MAX = 10;
export const SALE_CHANNEL_REASON_MAX = 1000;

/** A channel's requirements on a product before it may be registered (DESIGN §5.3). */
export const saleChannelRequirements = z.object({
  /** A valid GTIN (check digit verified). */
  gtin: z.boolean(),
  /** At least this many product images. */
  min_images: intField('invalidNumber', 0, SALE_CHANNEL_MIN_IMAGES_MAX),
  /** The product approved by an administrator. */
  approved_product: z.boolean(),
  /** A selling price. */
  price: z.boolean(),
  /** A description of at least this many characters (0: none needed). */
  min_description: intField('invalidNumber', 0, 2000),
});
export type SaleChannelRequirements = z.infer<typeof saleChannelRequirements>;

/** Why a product may not be registered to a channel yet; one key per missing thing (i18n `enums`). */
export const MISSING_REQUIREMENTS = [
  'gtin_missing',
  'gtin_invalid',
  'too_few_images',
  'product_not_approved',
  'price_missing',
  'description_too_short',
] as const;
export type MissingRequirement = (typeof MISSING_REQUIREMENTS)[number];

/** The product facts the requirement check needs (server row or web form alike). */
export interface RequirementSubject {
  gtin: string | null | undefined;
  image_count: number;
  approved: boolean;
  price_cents: number | null | undefined;
  description: string | null | undefined;
}

export interface MissingItem {
  key: MissingRequirement;
  /** For too_few_images: how many are needed and how many there are. */
  need?: number;
  have?: number;
}

/** Everything a product lacks for a channel, in a stable order; empty when it may be registered. */
export function missingRequirements(req: SaleChannelRequirements, p: RequirementSubject): MissingItem[] {
  const out: MissingItem[] = [];
  if (req.gtin) {
    if (!p.gtin) out.push({ key: 'gtin_missing' });
    else if (!isValidGtin(p.gtin)) out.push({ key: 'gtin_invalid' });
  }
  if (p.image_count < req.min_images) out.push({ key: 'too_few_images', need: req.min_images, have: p.image_count });
  if (req.approved_product && !p.approved) out.push({ key: 'product_not_approved' });
  if (req.price && !(p.price_cents && p.price_cents > 0)) out.push({ key: 'price_missing' });
  if (req.min_description > 0 && (p.description ?? '').trim().length < req.min_description)
    out.push({ key: 'description_too_short', need: req.min_description, have: (p.description ?? '').trim().length });
  return out;
}

const missingItem = z.object({
  key: z.enum(MISSING_REQUIREMENTS),
  need: z.number().int().optional(),
  have: z.number().int().optional(),
});

/** GET /api/v1/sale_channels: one channel of the platform (with this producer's own registration when signed in). */
export const saleChannel = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(SALE_CHANNEL_KINDS),
  logo_url: z.string(),
  website: z.string(),
  description: z.string(),
  description_en: z.string(),
  requirements: saleChannelRequirements,
  active: z.boolean(),
  /** The signed-in producer's registration to the channel itself, if any. */
  registration: z
    .object({
      id: z.number().int(),
      register_status: z.enum(SALE_CHANNEL_REGISTER_STATUSES),
      reason: z.string().nullable(),
    })
    .nullable()
    .optional(),
});
export type SaleChannel = z.infer<typeof saleChannel>;

/** Admin view of a channel: adds the feed URLs (the token is a secret between the platform and the channel). */
export const adminSaleChannel = saleChannel.extend({
  feed_xml_url: z.string(),
  feed_csv_url: z.string(),
  position: z.number().int(),
});
export type AdminSaleChannel = z.infer<typeof adminSaleChannel>;

/** PUT /api/v1/admin/sale_channels/{id}: what an admin may change. */
export const updateSaleChannelBody = z
  .object({
    requirements: saleChannelRequirements.optional(),
    active: z.boolean().optional(),
    description: textField().trim().max(2000).optional(),
    description_en: textField().trim().max(2000).optional(),
    position: intField('invalidNumber', 0, 10_000).optional(),
    /** Issue a new feed token: the old feed URLs stop answering. */
    rotate_feed_token: z.boolean().optional(),
  })
  .strict();

/** POST /api/v1/sale_channels/{id}/register: the producer itself, and/or some of its products. */
export const registerSaleChannelBody = z
  .object({
    /** Products to register; absent or empty registers the producer itself. */
    product_ids: z.array(idField()).max(100, 'tooManySaleChannelProducts').optional(),
    /** Check only: answer what is missing without registering anything. */
    dry_run: z.boolean().optional(),
  })
  .strict();

/** One product's readiness for a channel (the register answer and the referenceable list). */
export const productReadiness = z.object({
  product_id: z.number().int(),
  name: z.string(),
  missing: z.array(missingItem),
});

/** A sale channel reference as its producer and the admin see it. */
export const saleChannelReference = z.object({
  id: z.number().int(),
  /** `active` false: the channel is paused, nothing on it syncs until the platform takes it up again. */
  channel: z.object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    logo_url: z.string(),
    active: z.boolean(),
  }),
  referenceable_type: z.enum(REFERENCEABLE_TYPES),
  producer: z.object({ id: z.number().int(), name: z.string() }),
  product: z.object({ id: z.number().int(), name: z.string(), gtin: z.string().nullable() }).nullable(),
  register_status: z.enum(SALE_CHANNEL_REGISTER_STATUSES),
  reason: z.string().nullable(),
  sync_status: z.enum(SALE_CHANNEL_SYNC_STATUSES),
  last_synced_at: z.string().nullable(),
  last_error: z.string().nullable(),
  /** What the product lacks today for this channel (empty when ready). */
  missing: z.array(missingItem),
  created_at: z.string(),
  updated_at: z.string(),
  /** The moves the viewer may make now (from the contract table). */
  allowed_moves: z.array(z.enum(SALE_CHANNEL_REGISTER_STATUSES)),
});
export type SaleChannelReference = z.infer<typeof saleChannelReference>;

export const SALE_CHANNEL_REFERENCE_SORT_FIELDS = ['created_at', 'updated_at', 'last_synced_at'] as const;

const flag = z.enum(['true', 'false'], { error: 'invalid_value' });

/** Filters of the reference lists (producer's and admin's) and of lock-free bulk actions and the export. */
export const saleChannelReferenceFilters = {
  q: textField().trim().max(200).optional(),
  channel_id: idText().optional(),
  referenceable_type: z.enum(REFERENCEABLE_TYPES, { error: 'invalid_value' }).optional(),
  register_status: z.enum(SALE_CHANNEL_REGISTER_STATUSES, { error: 'invalid_value' }).optional(),
  sync_status: z.enum(SALE_CHANNEL_SYNC_STATUSES, { error: 'invalid_value' }).optional(),
  product_id: idText().optional(),
  out_of_date: flag.optional(),
};

/** GET /api/v1/sale_channel_references (own) and GET /api/v1/admin/sale_channel_references. */
export const saleChannelReferenceListQuery = listQuery(SALE_CHANNEL_REFERENCE_SORT_FIELDS, '-created_at').extend(
  saleChannelReferenceFilters,
);

export const saleChannelReferenceList = z.object({
  data: z.object({ sale_channel_references: z.array(saleChannelReference) }),
  meta: listMeta.extend({
    /** Counts per register status and per sync status under the same filters (status filters left out). */
    counts: z.object({
      register_status: z.record(z.string(), z.number().int()),
      sync_status: z.record(z.string(), z.number().int()),
    }),
  }),
});

/** PUT /api/v1/sale_channel_references/{id} (owner: close, resubmit) and the admin's (approve, reject, close). */
export const updateSaleChannelReferenceBody = z
  .object({
    register_status: z.enum(SALE_CHANNEL_REGISTER_STATUSES, { error: 'invalid_value' }),
    reason: textField().trim().max(SALE_CHANNEL_REASON_MAX, 'saleChannelReasonTooLong').optional(),
  })
  .strict();

/** PUT /api/v1/admin/sale_channel_references/bulk: one decision on many references. */
export const bulkSaleChannelReferenceBody = z
  .object({
    ids: z.array(idField()).min(1, 'pleaseSelectSaleChannelReferences').max(100, 'tooManySaleChannelReferences'),
    register_status: z.enum(SALE_CHANNEL_REGISTER_STATUSES, { error: 'invalid_value' }),
    reason: textField().trim().max(SALE_CHANNEL_REASON_MAX, 'saleChannelReasonTooLong').optional(),
  })
  .strict();

/**
 * The bulk answer (as the admin producers' bulk): the references that could make the move moved in
 * one transaction; the others (another platform's, or a state the move does not start from) are skipped.
 */
export const saleChannelBulkAnswer = z.object({
  data: z.object({ updated: z.number().int(), skipped: z.array(z.number().int()) }),
  meta: messageMeta,
});

/** GET /api/v1/admin/sale_channels: every channel of the platform with its feed URLs. */
export const adminSaleChannelListAnswer = z.object({ data: z.object({ sale_channels: z.array(adminSaleChannel) }) });
export const adminSaleChannelAnswer = z.object({
  data: z.object({ sale_channel: adminSaleChannel, history: z.array(activityItem) }),
  meta: messageMeta,
});

/** POST /api/v1/sale_channel_references/export: exportAllData or exportAsFilter (spec §9). */
export const saleChannelReferenceExportQuery = z.object({
  mode: z.enum(EXPORT_MODES, { error: 'invalid_value' }).default(EXPORT_MODES[0]),
  ...saleChannelReferenceFilters,
});

/**
 * POST /api/v1/sale_channel_references/resync_out_of_date (the producer's own) and
 * POST /api/v1/admin/sale_channel_references/resync_out_of_date: the list filters narrow which
 * approved, out-of-date product registrations are synced again.
 */
export const saleChannelResyncQuery = z.object({
  q: saleChannelReferenceFilters.q,
  channel_id: saleChannelReferenceFilters.channel_id,
  product_id: saleChannelReferenceFilters.product_id,
});

/** How many were synced again and how many failed (each failure is on its reference: error, last_error). */
export const saleChannelResyncAnswer = z.object({
  data: z.object({
    resynced: z.number().int(),
    failed: z.number().int(),
    failed_ids: z.array(z.number().int()),
  }),
  meta: messageMeta,
});

/** One line of a reference's sync log. */
export const saleChannelSyncLogItem = z.object({
  id: z.number().int(),
  status: z.enum(SALE_CHANNEL_SYNC_STATUSES),
  error: z.string().nullable(),
  actor: z.string().nullable(),
  created_at: z.string(),
});

export const saleChannelReferenceDetail = z.object({
  data: z.object({
    sale_channel_reference: saleChannelReference,
    sync_log: z.array(saleChannelSyncLogItem),
    history: z.array(activityItem),
  }),
  meta: messageMeta,
});

/** GET /api/v1/sale_channels: the platform's channels in display order. */
export const saleChannelListAnswer = z.object({ data: z.object({ sale_channels: z.array(saleChannel) }) });

/** One reference with a success note (PUT answers). */
export const saleChannelReferenceAnswer = z.object({
  data: z.object({ sale_channel_reference: saleChannelReference }),
  meta: messageMeta,
});

/**
 * POST /api/v1/sale_channels/{id}/register: the registrations sent (none on a dry run) and each asked
 * product's readiness; `ready` is false when any product lacks something (then nothing is sent).
 */
export const saleChannelRegisterAnswer = z.object({
  data: z.object({
    sale_channel_references: z.array(saleChannelReference),
    products: z.array(productReadiness),
    ready: z.boolean(),
  }),
  meta: messageMeta,
});

/** The 422 answer of a refused registration: what each incomplete product lacks (nothing was sent). */
export const saleChannelRegisterRefusal = errorEnvelope.extend({ products: z.array(productReadiness).optional() });

/** A product's state on one channel: its registration (if any) and what it lacks for the channel. */
export const productChannelState = z.object({
  channel_id: z.number().int(),
  missing: z.array(missingItem),
  reference: z
    .object({
      id: z.number().int(),
      register_status: z.enum(SALE_CHANNEL_REGISTER_STATUSES),
      sync_status: z.enum(SALE_CHANNEL_SYNC_STATUSES),
      reason: z.string().nullable(),
    })
    .nullable(),
});

export const SALE_CHANNEL_REFERENCEABLE_SORT_FIELDS = ['name', 'created_at'] as const;

/** GET /api/v1/sale_channel_referenceable: the producer's products, one channel or all active ones. */
export const saleChannelReferenceableQuery = listQuery(SALE_CHANNEL_REFERENCEABLE_SORT_FIELDS, 'name').extend({
  channel_id: idText().optional(),
});

export const referenceableProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  gtin: z.string().nullable(),
  status: z.string(),
  image_url: z.string().nullable(),
  /** One entry per active channel of the platform (or the asked channel only). */
  channels: z.array(productChannelState),
});
export type ReferenceableProduct = z.infer<typeof referenceableProduct>;

export const saleChannelReferenceableAnswer = z.object({
  data: z.object({ products: z.array(referenceableProduct) }),
  meta: listMeta,
});

/** GET /api/v1/sale_channel_references/by_product?product_id=: a product's registrations and its readiness per channel. */
export const saleChannelByProductQuery = z.object({ product_id: idText() });
export const saleChannelByProductAnswer = z.object({
  data: z.object({
    product: referenceableProduct,
    sale_channel_references: z.array(saleChannelReference),
  }),
});
