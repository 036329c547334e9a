import {
  bizStepUri,
  variantLabel,
  isValidGtin,
  type BatchCertificate,
  type BatchListItem,
  type BatchState,
  type TraceEvent,
  type TraceStep,
} from '@agrihub/contract';
import { batchPublicUrl } from '../../lib/public-url.js';
import type { Certificate, StoredFile, traceabilities, traceEvents } from '../../db/schema/index.js';

export type BatchRow = typeof traceabilities.$inferSelect;
export type EventRow = typeof traceEvents.$inferSelect;

/** ISO string of a timestamp coming from either driver (Date or text). */
export function iso(v: Date | string | null | undefined): string | null {
  return v == null ? null : new Date(v).toISOString();
}

/** "A / B", or "--" without options (the product variant editor's rule). */
export const variantLabelOf = variantLabel;

export function stateOf(b: Pick<BatchRow, 'status' | 'heldAt' | 'recalledAt'>): BatchState {
  if (b.status !== 'published') return 'draft';
  if (b.recalledAt) return 'recalled';
  if (b.heldAt) return 'on_hold';
  return 'published';
}

/**
 * The GTIN of a batch's Digital Link (ADR 030): a published batch's is the one it recorded when it
 * was published (none: its link is /trace/{code}, the only one that leads to it); a draft's is
 * its product's current GTIN, recorded when it is published if the product is approved with it.
 */
export function linkGtinOf(b: { status: string; gtin14: string | null }, productGtin: string | null): string | null {
  const gtin = b.gtin14 ?? (b.status === 'draft' ? productGtin : null);
  return gtin && isValidGtin(gtin) ? gtin : null;
}

/** The public URL of a batch: the GS1 Digital Link with its GTIN (linkGtinOf), else /trace/{code}. */
export function traceUrlOf(
  base: string,
  b: { publicCode: string; lotCode: string; status: string; gtin14: string | null },
  productGtin: string | null,
): string {
  return batchPublicUrl(base, { gtin: linkGtinOf(b, productGtin), lotCode: b.lotCode, publicCode: b.publicCode });
}

export function presentFiles(files: StoredFile[] | null | undefined) {
  return (files ?? []).map((f) => ({ id: f.id, url: f.url, thumbnail_url: f.thumbnail_url ?? null }));
}
export function presentDocuments(files: StoredFile[] | null | undefined) {
  return (files ?? []).map((f) => ({ id: f.id, url: f.url, filename: f.filename ?? f.url.split('/').pop() ?? '' }));
}

export function presentCertificates(certs: Certificate[] | null | undefined): BatchCertificate[] {
  return (certs ?? []).map((c) => ({
    name: c.name,
    issuer: c.issuer ?? '',
    number: c.number ?? '',
    valid_until: c.valid_until ?? null,
    file: c.file ? { id: c.file.id, url: c.file.url, filename: c.file.filename ?? '' } : null,
  }));
}

type EventLike = Pick<EventRow, 'id' | 'step' | 'place' | 'description' | 'photos' | 'documents' | 'position'> & {
  occurredAt: Date | string;
  origin?: string | null;
  capturedBy?: string | null;
};

export function presentEvent(e: EventLike): TraceEvent {
  return {
    id: e.id,
    step: e.step as TraceStep,
    biz_step: bizStepUri(e.step as TraceStep),
    occurred_at: iso(e.occurredAt)!,
    place: e.place,
    description: e.description,
    photos: presentFiles(e.photos),
    documents: presentDocuments(e.documents),
    position: e.position,
    origin: e.origin === 'captured' ? 'captured' : 'own',
    captured_by: e.origin === 'captured' ? (e.capturedBy ?? null) : null,
  };
}

export interface BatchJoin {
  batch: BatchRow;
  product: {
    id: number;
    name: string;
    nameEn: string | null;
    gtin: string | null;
    unit: string;
    images: StoredFile[];
    approvedAt: Date | null;
  };
  variantTypes: { title: string; value: string }[] | null;
  eventCount: number;
  /** Scans stored so far (trace_scans; a batch never scanned has no row). */
  scanCount: number;
}

export function presentBatchItem(base: string, j: BatchJoin): BatchListItem {
  const b = j.batch;
  const cover = j.product.images?.[0];
  return {
    id: b.id,
    public_code: b.publicCode,
    lot_code: b.lotCode,
    product: {
      id: j.product.id,
      name: j.product.name,
      name_en: j.product.nameEn,
      gtin: j.product.gtin,
      unit: j.product.unit,
      cover: cover ? { url: cover.url, thumbnail_url: cover.thumbnail_url ?? null } : null,
      approved_at: iso(j.product.approvedAt),
    },
    variant: b.variantId && j.variantTypes ? { id: b.variantId, label: variantLabelOf(j.variantTypes) } : null,
    production_date: b.productionDate,
    expiry_date: b.expiryDate,
    quantity: b.quantity,
    // What shipments and transformations have not taken (ADR 036 §3).
    remaining_quantity: Math.round((Number(b.quantity) - Number(b.usedQuantity)) * 1000) / 1000,
    unit: b.unit,
    production_base: b.productionBase
      ? {
          name: b.productionBase.name,
          address: b.productionBase.address ?? null,
          province_code: b.productionBase.province_code ?? null,
        }
      : null,
    certificates: presentCertificates(b.certificates),
    status: b.status,
    state: stateOf(b),
    published_at: iso(b.publishedAt),
    held_at: iso(b.heldAt),
    hold_reason: b.holdReason,
    recalled_at: iso(b.recalledAt),
    recall_reason: b.recallReason,
    scan_count: j.scanCount,
    event_count: j.eventCount,
    trace_url: traceUrlOf(base, b, j.product.gtin),
    qr_url: `/api/v1/traceabilities/${b.id}/qrcode`,
    created_at: iso(b.createdAt)!,
    updated_at: iso(b.updatedAt)!,
  };
}
