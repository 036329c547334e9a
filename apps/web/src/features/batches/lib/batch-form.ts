import dayjs, { type Dayjs } from 'dayjs';
import type { Unit } from '@agrihub/contract/constants';
import type { Batch, BatchRequest, TraceEvent, TraceEventRequest } from '@agrihub/contract/schemas/traceabilities';
import type { TraceStep } from '@agrihub/contract/trace-steps';

export interface FileValue {
  id: number;
  url: string;
  filename: string;
}
export interface PhotoValue {
  id: number;
  url: string;
  thumbnail_url: string | null;
}

export interface CertificateValues {
  name: string;
  issuer: string;
  number: string;
  valid_until: Dayjs | null;
  file: FileValue | null;
}

/** What the batch form holds (antd values: dates as dayjs). */
export interface BatchFormValues {
  product_id: number | null;
  variant_id: number | null;
  lot_code: string;
  production_date: Dayjs | null;
  expiry_date: Dayjs | null;
  quantity: number | null;
  unit: Unit | null;
  production_base: { name: string; address: string; province_code: string | null };
  certificates: CertificateValues[];
}

const DATE = 'YYYY-MM-DD';
const day = (d: Dayjs | null | undefined) => (d && d.isValid() ? d.format(DATE) : null);
const text = (s: string | null | undefined) => (s ?? '').trim();

export function emptyBatchValues(): BatchFormValues {
  return {
    product_id: null,
    variant_id: null,
    lot_code: '',
    production_date: dayjs(),
    expiry_date: null,
    quantity: null,
    unit: null,
    production_base: { name: '', address: '', province_code: null },
    certificates: [],
  };
}

export function batchToValues(b: Batch): BatchFormValues {
  return {
    product_id: b.product.id,
    variant_id: b.variant?.id ?? null,
    lot_code: b.lot_code,
    production_date: dayjs(b.production_date),
    expiry_date: b.expiry_date ? dayjs(b.expiry_date) : null,
    quantity: b.quantity,
    unit: b.unit as Unit,
    production_base: {
      name: b.production_base?.name ?? '',
      address: b.production_base?.address ?? '',
      province_code: b.production_base?.province_code ?? null,
    },
    certificates: b.certificates.map((c) => ({
      name: c.name,
      issuer: c.issuer,
      number: c.number,
      valid_until: c.valid_until ? dayjs(c.valid_until) : null,
      file: c.file,
    })),
  };
}

/** Form values → the API body (the contract's batchRequest validates exactly this). */
export function valuesToRequest(v: Partial<BatchFormValues>): BatchRequest {
  const base = v.production_base;
  const hasBase = !!base && !!(text(base.name) || text(base.address) || base.province_code);
  return {
    product_id: v.product_id as number,
    variant_id: v.variant_id ?? null,
    lot_code: text(v.lot_code),
    production_date: day(v.production_date) as string,
    expiry_date: day(v.expiry_date),
    quantity: v.quantity as number,
    unit: v.unit as Unit,
    production_base: hasBase
      ? { name: text(base.name), address: text(base.address) || null, province_code: base.province_code ?? null }
      : null,
    certificates: (v.certificates ?? []).map((c) => ({
      name: text(c?.name),
      issuer: text(c?.issuer),
      number: text(c?.number),
      valid_until: day(c?.valid_until),
      file_id: c?.file?.id ?? null,
    })),
  };
}

/** What the event form holds. */
export interface EventFormValues {
  step: TraceStep | null;
  occurred_at: Dayjs | null;
  place: string;
  /** One of the producer's locations (optional; the place defaults to its name on the server). */
  location_id: number | null;
  description: string;
  photos: PhotoValue[];
  documents: FileValue[];
}

export function eventToValues(e: (TraceEvent & { location?: { id: number } | null }) | null): EventFormValues {
  if (!e)
    return {
      step: null,
      occurred_at: dayjs().second(0).millisecond(0),
      place: '',
      location_id: null,
      description: '',
      photos: [],
      documents: [],
    };
  return {
    step: e.step,
    occurred_at: dayjs(e.occurred_at),
    place: e.place ?? '',
    location_id: e.location?.id ?? null,
    description: e.description ?? '',
    photos: e.photos,
    documents: e.documents,
  };
}

export function eventValuesToRequest(v: Partial<EventFormValues>): TraceEventRequest {
  return {
    step: v.step as TraceStep,
    occurred_at: v.occurred_at && v.occurred_at.isValid() ? v.occurred_at.toISOString() : '',
    place: text(v.place) || null,
    location_id: v.location_id ?? null,
    description: text(v.description) || null,
    photo_ids: (v.photos ?? []).map((p) => p.id),
    document_ids: (v.documents ?? []).map((d) => d.id),
  };
}
