import type { Certificate, ProductionBase } from '../../db/schema/index.js';
import type { BatchRow } from './presenter.js';

/** The columns a batch update writes (what `columnsOf` resolves from the request). */
export interface BatchColumns {
  productId: number;
  variantId: number | null;
  lotCode: string;
  productionDate: string;
  expiryDate: string | null;
  quantity: number;
  unit: string;
  productionBase: ProductionBase | null;
  certificates: Certificate[];
}

/** Request field name of each written column (the names the history shows). */
const FIELDS: Record<keyof BatchColumns, string> = {
  productId: 'product_id',
  variantId: 'variant_id',
  lotCode: 'lot_code',
  productionDate: 'production_date',
  expiryDate: 'expiry_date',
  quantity: 'quantity',
  unit: 'unit',
  productionBase: 'production_base',
  certificates: 'certificates',
};

function normaliseBase(b: ProductionBase | null | undefined) {
  return b ? { name: b.name, address: b.address ?? null, province_code: b.province_code ?? null } : null;
}

/** A certificate as the producer edits it: the attached file counts by its upload id only. */
function normaliseCertificates(certs: Certificate[] | null | undefined) {
  return (certs ?? []).map((c) => ({
    name: c.name,
    issuer: c.issuer ?? '',
    number: c.number ?? '',
    valid_until: c.valid_until ?? null,
    file_id: c.file?.id ?? null,
  }));
}

function normalise(key: keyof BatchColumns, value: unknown): string {
  if (key === 'productionBase') return JSON.stringify(normaliseBase(value as ProductionBase | null));
  if (key === 'certificates') return JSON.stringify(normaliseCertificates(value as Certificate[]));
  if (key === 'quantity') return String(Number(value));
  return JSON.stringify(value ?? null);
}

/**
 * The request fields an update really changed: the stored row against the resolved columns,
 * both in the same normalised shape (jsonb key order, file objects vs upload ids and a
 * re-resolved file URL never count as a change).
 */
export function changedFields(before: BatchRow, after: BatchColumns): string[] {
  return (Object.keys(FIELDS) as (keyof BatchColumns)[])
    .filter((k) => normalise(k, before[k]) !== normalise(k, after[k]))
    .map((k) => FIELDS[k]);
}
