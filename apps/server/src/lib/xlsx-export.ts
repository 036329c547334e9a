import { PassThrough } from 'node:stream';
import type ExcelJS from 'exceljs';
import { spreadsheetText, translate, vietnamWallClock, type Locale } from '@agrihub/contract';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/**
 * Rows read (and written) per page. Small enough that a page dies young: a page alive across two
 * young collections is promoted, and 500-row pages promoted one after another grew the old
 * generation (and RSS) by ~100 MB over a 100,000-row export before a full collection.
 */
export const EXPORT_PAGE_SIZE = 100;

/** Number format of date cells: the wall clock in Asia/Ho_Chi_Minh (see `vietnamWallClock`). */
const DATE_FORMAT = 'dd/mm/yyyy hh:mm';

export interface XlsxColumn<T> {
  /** Message key of the header (translated in the export's locale). */
  header: string;
  width: number;
  /** The cell of `row`; `n` is the row's 1-based number in the sheet. */
  value: (row: T, n: number) => unknown;
}

export interface XlsxExport<T> {
  locale: Locale;
  /** Message key of the sheet name. */
  sheet: string;
  columns: XlsxColumn<T>[];
  /**
   * The next page after `last` (null for the first page), at most `limit` rows, in a keyset order
   * (`WHERE id > last.id ORDER BY id LIMIT n` or the like: never OFFSET). A short page ends the export.
   */
  page: (last: T | null, limit: number) => Promise<T[]>;
  pageSize?: number;
}

/**
 * The value written to a cell: strings by the contract's one rule for spreadsheet text (no
 * character XML forbids, which would make the workbook unreadable; a formula written as text),
 * dates as the Vietnamese wall clock.
 */
export function cellValue(v: unknown): unknown {
  if (typeof v === 'string') return spreadsheetText(v);
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : vietnamWallClock(v);
  if (v === null || v === undefined) return '';
  return v;
}

/**
 * The two styles of a data cell, one object each: exceljs gives every new cell a style object of
 * its own and looks each one up again by its XML (most of the export's time); a shared object is
 * looked up once (its styles writer remembers objects it has seen).
 */
const PLAIN_CELL: Partial<ExcelJS.Style> = {};
const DATE_CELL: Partial<ExcelJS.Style> = { numFmt: DATE_FORMAT };

/** Bytes of the workbook not yet taken by the client above which the next page waits (see zipBacklog). */
const MAX_BACKLOG_BYTES = 1 << 20;

/** The buffered length of a stream (archiver's are readable-stream 2: only in their states). */
type Buffered = { _writableState?: { length?: number }; _readableState?: { length?: number } };
const bufferedOf = (s: Buffered | undefined) => (s?._writableState?.length ?? 0) + (s?._readableState?.length ?? 0);

/**
 * What exceljs 4.4 holds that the client has not taken yet: it hands a committed sheet's XML to
 * the zip without waiting (StreamBuf `pipe.write`), and archiver keeps deflating into its own
 * buffers whether or not the response is read, so rows produced faster than a client downloads
 * pile up there — the whole file. Read from exceljs's and archiver's own fields (`zip`,
 * `stream.pipes`); with another exceljs they read 0 and nothing waits, as before.
 */
function zipBacklog(workbook: unknown, sheet: unknown): number {
  const zip = (workbook as { zip?: Buffered }).zip;
  const pipes = (sheet as { stream?: { pipes?: unknown } }).stream?.pipes;
  const input = Array.isArray(pipes) ? (pipes[0] as Buffered | undefined) : undefined;
  return bufferedOf(zip) + bufferedOf(input);
}

/** Waits, a few milliseconds at a time, until the client has taken most of what was written (or is gone). */
async function caughtUp(workbook: unknown, sheet: unknown, out: PassThrough): Promise<void> {
  while (!out.destroyed && zipBacklog(workbook, sheet) > MAX_BACKLOG_BYTES) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Streams rows as an XLSX workbook (exceljs WorkbookWriter, no shared strings): the header row
 * translated, then every row of every page, each committed as soon as it is written, and the next
 * page read only once the client has taken most of the file so far (caughtUp), so memory stays flat whatever
 * the count. A failing page destroys the stream with its error.
 */
export function streamXlsx<T>(spec: XlsxExport<T>): PassThrough {
  const out = new PassThrough();
  const size = spec.pageSize ?? EXPORT_PAGE_SIZE;
  void (async () => {
    // Loaded on the first export (about 25 MB a process that never exports does not carry).
    const { default: Excel } = await import('exceljs');
    const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(translate(spec.locale, spec.sheet).slice(0, 31), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    sheet.columns = spec.columns.map((c, i) => ({
      header: translate(spec.locale, c.header),
      key: String(i),
      width: c.width,
    }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    let n = 0;
    let last: T | null = null;
    for (;;) {
      await caughtUp(workbook, sheet, out);
      const rows = await spec.page(last, size);
      for (const item of rows) {
        n++;
        const values = spec.columns.map((c) => cellValue(c.value(item, n)));
        const row = sheet.addRow(values);
        values.forEach((v, i) => {
          row.getCell(i + 1).style = v instanceof Date ? DATE_CELL : PLAIN_CELL;
        });
        row.commit();
      }
      if (rows.length < size) break;
      last = rows[rows.length - 1];
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err: Error) => out.destroy(err));
  return out;
}
