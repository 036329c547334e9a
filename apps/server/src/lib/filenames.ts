import path from 'node:path';

/**
 * Characters a file name must not carry: controls (Cc: C0, DEL, C1), format characters (Cf:
 * the bidi embeddings, overrides and isolates U+202A–U+202E, U+2066–U+2069, LRM/RLM, ALM,
 * zero-width characters, BOM, soft hyphen …), line and paragraph separators, and lone
 * surrogates. U+202E turns `invoice‮fdp.exe` into what reads as `invoiceexe.pdf`.
 */
const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;

/** The name shown to people: no path, no control or bidi characters, NFC, at most 200 characters. */
export function cleanFilename(name: string | undefined): string {
  const base = path.basename((name ?? '').replace(/\\/g, '/'));
  const clean = base.normalize('NFC').replace(UNSAFE, '').trim();
  return Array.from(clean).slice(-200).join('') || 'file';
}

/** ASCII stand-in for old clients: Vietnamese letters without their marks, anything else `_`. */
function asciiFallback(name: string): string {
  return name
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]|["\\%;]/g, '_');
}

/**
 * `Content-Disposition: attachment` with a safe name: the cleaned name as RFC 8187 UTF-8
 * (`filename*`) and an ASCII `filename` that cannot break out of its quotes.
 */
export function attachmentDisposition(name: string): string {
  const clean = cleanFilename(name);
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${asciiFallback(clean)}"; filename*=UTF-8''${encoded}`;
}
