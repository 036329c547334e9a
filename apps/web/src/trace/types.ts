/**
 * Shape of GET /api/v1/client/traceabilities/{code} as the page reads it.
 * Type-only: nothing here reaches the bundle.
 */
export interface TraceFile {
  id: number;
  url: string;
  thumbnail_url: string | null;
}
export interface TraceDocument {
  id: number;
  url: string;
  filename: string;
}
export interface PublicEvent {
  id: number;
  step: string;
  occurred_at: string;
  place: string | null;
  description: string | null;
  photos: TraceFile[];
  documents: TraceDocument[];
}
export interface PublicCertificate {
  name: string;
  issuer: string;
  number: string;
  valid_until: string | null;
  file: TraceDocument | null;
}
export interface PublicTrace {
  public_code: string;
  lot_code: string;
  product: {
    name: string;
    name_en: string | null;
    gtin: string | null;
    cover: { url: string; thumbnail_url: string | null } | null;
    origin_province_code?: string | null;
    origin_country?: string | null;
  };
  variant: { label: string } | null;
  producer: { name: string; province_code?: string | null } | null;
  production_date: string;
  expiry_date: string | null;
  quantity: number;
  unit: string;
  production_base: { name: string; address: string | null; province_code: string | null } | null;
  certificates: PublicCertificate[];
  state: 'draft' | 'published' | 'on_hold' | 'recalled';
  published_at: string | null;
  held_at: string | null;
  hold_reason: string | null;
  recalled_at: string | null;
  recall_reason: string | null;
  scan_count: number;
  duplicate_warning: boolean;
  rating?: { average: number | null; count: number } | null;
  events: PublicEvent[];
}
