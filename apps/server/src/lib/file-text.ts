import { spreadsheetText, withoutXmlForbidden } from '@agrihub/contract';

/**
 * Text as it goes into the XML and CSV files the portal writes (the channels' feeds, the sitemap):
 * whatever a product or producer text holds, the file stays well formed and carries no payload
 * (ADR 034). XLSX cells go through the same contract rule (xlsx-export.ts cellValue).
 */

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  // A raw CR is read back as LF (XML end-of-line handling): as a reference it is kept.
  '\r': '&#13;',
};

/** Text as XML character data or attribute value: the characters XML 1.0 forbids dropped, markup escaped. */
export function escapeXml(s: string): string {
  return withoutXmlForbidden(s).replace(/[&<>"'\r]/g, (c) => XML_ESCAPES[c]);
}

/**
 * One CSV field (RFC 4180) by the contract's spreadsheet rule (no XML-forbidden character, a
 * formula-leading text behind a `'`), quoted when it holds a quote, comma or line break.
 */
export function csvField(value: string): string {
  const text = spreadsheetText(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV text: RFC 4180, CRLF after every row, UTF-8 (the caller's encoding). */
export function csvText(rows: readonly (readonly string[])[]): string {
  return rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}
