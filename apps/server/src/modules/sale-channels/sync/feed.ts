import type { SaleChannelSnapshot } from '../../../db/schema/index.js';

/** Google Merchant's namespace for the `g:` product fields of an RSS 2.0 feed. */
export const GOOGLE_NS = 'http://base.google.com/ns/1.0';

/** The feed's own header: which platform and channel it is for. */
export interface FeedHead {
  title: string;
  link: string;
  description: string;
}

/** Characters XML 1.0 forbids (C0 controls but tab/LF/CR, U+FFFE/U+FFFF, lone surrogates) are dropped. */
const XML_INVALID =
  // eslint-disable-next-line no-control-regex -- these are exactly the characters XML 1.0 forbids
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text as XML character data or attribute value. */
export function escapeXml(s: string): string {
  return s.replace(XML_INVALID, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);
}

/** The price as Google Merchant reads it: whole đồng and the ISO currency ("120000 VND"). */
export const feedPrice = (s: SaleChannelSnapshot) => `${Math.round(s.price_vnd)} VND`;

const el = (name: string, value: string) => `<g:${name}>${escapeXml(value)}</g:${name}>`;

/** One `<item>` of the RSS feed; without a GTIN it says identifier_exists no (Google's rule). */
function xmlItem(s: SaleChannelSnapshot): string {
  const lines = [
    el('id', s.id),
    el('title', s.title),
    el('description', s.description),
    el('link', s.link),
    ...(s.image_link ? [el('image_link', s.image_link)] : []),
    ...s.additional_image_links.map((url) => el('additional_image_link', url)),
    el('availability', s.availability),
    el('price', feedPrice(s)),
    el('brand', s.brand),
    ...(s.gtin ? [el('gtin', s.gtin)] : [el('identifier_exists', 'no')]),
    el('condition', s.condition),
  ];
  return `<item>\n${lines.map((l) => `  ${l}`).join('\n')}\n</item>`;
}

/** A Google Merchant product feed: RSS 2.0 with the `g:` namespace, UTF-8. */
export function feedXml(head: FeedHead, items: SaleChannelSnapshot[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rss version="2.0" xmlns:g="${GOOGLE_NS}">`,
    '<channel>',
    `<title>${escapeXml(head.title)}</title>`,
    `<link>${escapeXml(head.link)}</link>`,
    `<description>${escapeXml(head.description)}</description>`,
    ...items.map(xmlItem),
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** The CSV columns, named as Google Merchant's attributes. */
export const CSV_COLUMNS = [
  'id',
  'title',
  'description',
  'link',
  'image_link',
  'additional_image_link',
  'availability',
  'price',
  'brand',
  'gtin',
  'identifier_exists',
  'condition',
] as const;

/** One CSV field (RFC 4180): quoted when it holds a quote, comma or line break; quotes doubled. */
export function csvField(value: string): string {
  const clean = value.replace(XML_INVALID, '');
  return /[",\r\n]/.test(clean) ? `"${clean.replace(/"/g, '""')}"` : clean;
}

/** The same feed as CSV (RFC 4180, CRLF, UTF-8); additional images comma-separated in one field. */
export function feedCsv(items: SaleChannelSnapshot[]): string {
  const rows = items.map((s) => [
    s.id,
    s.title,
    s.description,
    s.link,
    s.image_link ?? '',
    s.additional_image_links.join(','),
    s.availability,
    feedPrice(s),
    s.brand,
    s.gtin ?? '',
    s.gtin ? 'yes' : 'no',
    s.condition,
  ]);
  return [[...CSV_COLUMNS], ...rows].map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}
