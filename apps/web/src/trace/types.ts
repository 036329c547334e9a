/** The public lookups' shapes come from the contract; type-only imports add nothing to the bundle. */
export type { PublicTrace } from '@agrihub/contract/schemas/trace-public';
export type { PublicProduct, PublicProductBatch } from '@agrihub/contract/schemas/product-public';
import type { PublicTrace } from '@agrihub/contract/schemas/trace-public';

export type PublicEvent = PublicTrace['events'][number];
export type PublicCertificate = PublicTrace['certificates'][number];
export type TraceFile = PublicEvent['photos'][number];
/** A photo the lightbox can show (event photos and product images). */
export type Photo = Pick<TraceFile, 'url' | 'thumbnail_url'>;

/**
 * A batch's record as its page's HTML carries it (the server puts it there), before the lookup
 * answers with its live facts — the scan count (the lookup counts this scan) and the duplicate-scan
 * warning; the page shows those once they are known.
 */
export type TraceRecord = Omit<PublicTrace, 'scan_count' | 'duplicate_warning'> &
  Partial<Pick<PublicTrace, 'scan_count' | 'duplicate_warning'>>;
