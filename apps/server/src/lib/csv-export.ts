import { Readable } from 'node:stream';
import { formatVietnamDateTime, translate } from '@agrihub/contract';
import { csvField } from './file-text.js';
import { EXPORT_PAGE_SIZE, type XlsxExport } from './xlsx-export.js';

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** A cell as CSV text: strings by the one spreadsheet rule (file-text.ts csvField), dates in Vietnam's time. */
function csvCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : csvField(formatVietnamDateTime(v));
  return typeof v === 'string' ? csvField(v) : csvField(JSON.stringify(v) ?? '');
}

/**
 * The same export as streamXlsx (one spec: header keys, cells, keyset pages), as CSV: RFC 4180
 * (CRLF, quoted when needed), UTF-8 with a byte-order mark so that Excel reads Vietnamese, every
 * text cell formula-neutralised. A page is read only when the client has taken the previous one
 * (Readable.from waits on the response), so memory stays flat whatever the count.
 */
export function streamCsv<T>(spec: XlsxExport<T>): Readable {
  const size = spec.pageSize ?? EXPORT_PAGE_SIZE;
  async function* lines() {
    yield '\uFEFF' + spec.columns.map((c) => csvField(translate(spec.locale, c.header))).join(',') + '\r\n';
    let n = 0;
    let last: T | null = null;
    for (;;) {
      const rows = await spec.page(last, size);
      let chunk = '';
      for (const item of rows) {
        n++;
        chunk += spec.columns.map((c) => csvCell(c.value(item, n))).join(',') + '\r\n';
      }
      if (chunk) yield chunk;
      if (rows.length < size) break;
      last = rows[rows.length - 1];
    }
  }
  return Readable.from(lines(), { objectMode: false });
}
