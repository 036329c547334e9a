/**
 * What a public trace URL shows: a batch (`/trace/{code}`) or a product (`/trace/p/{code}`).
 * The server answers a GS1 Digital Link (`/01/{gtin}`, `/01/{gtin}/10/{lot}`) with a redirect, or
 * with this page as its 404: then `missing` is set and `code` is the GTIN or the lot scanned.
 */
export type TraceRoute = { kind: 'batch' | 'product'; code: string; missing?: true };

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}

/** Anything after the code is ignored; a path without a code is a batch with code '' (not found). */
export function routeFromPath(pathname: string): TraceRoute {
  const link = /^\/01\/([^/?#]+)(?:\/10\/([^/?#]+))?/.exec(pathname);
  if (link)
    return link[2]
      ? { kind: 'batch', code: decode(link[2]), missing: true }
      : { kind: 'product', code: decode(link[1]), missing: true };
  const product = /^\/trace\/p\/([^/?#]+)/.exec(pathname);
  if (product) return { kind: 'product', code: decode(product[1]) };
  const batch = /^\/trace\/([^/?#]+)/.exec(pathname);
  return { kind: 'batch', code: batch && batch[1] !== 'p' ? decode(batch[1]) : '' };
}

/** The public page of a batch (the product page links each of its batches here). */
export function batchPath(code: string): string {
  return `/trace/${encodeURIComponent(code)}`;
}
