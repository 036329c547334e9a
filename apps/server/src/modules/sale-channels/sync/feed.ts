import type { SaleChannelSnapshot } from '../../../db/schema/index.js';
import { csvText, escapeXml } from '../../../lib/file-text.js';

/** Google Merchant's namespace for the `g:` product fields of an RSS 2.0 feed. */
export const GOOGLE_NS = 'http://base.google.com/ns/1.0';

/** The feed's own header: which platform and channel it is for. */
export interface FeedHead {
  title: string;
  link: string;
  description: string;
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

/**
 * The same feed as CSV (RFC 4180, CRLF, UTF-8); additional images comma-separated in one field.
 * Every cell by the one spreadsheet rule (lib/file-text.ts csvField): a title typed as a formula
 * reaches the channel as text.
 */
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
  return csvText([[...CSV_COLUMNS], ...rows]);
}
