import type ExcelJS from 'exceljs';
import {
  PRICING_MAX_ROWS,
  isMessageKey,
  restoreFormula,
  servicePricingRow,
  translate,
  type Locale,
  type PricingImportProblem,
  type ServicePricingRow,
} from '@agrihub/contract';
import { AppError, unprocessable } from '../../lib/errors.js';
import { streamXlsx, type XlsxColumn } from '../../lib/xlsx-export.js';
import { sniffAttachment } from '../uploads/sniff.js';

type Field = keyof ServicePricingRow;
/** The sheet's columns, in order: the export writes them and the import expects them. */
const FIELDS: Field[] = ['item_vi', 'item_en', 'unit_vi', 'unit_en', 'price', 'note'];
const WIDTHS: Record<Field, number> = { item_vi: 40, item_en: 40, unit_vi: 16, unit_en: 16, price: 16, note: 40 };
const header = (f: Field) => `export.pricing.${f}`;

/** The pricing table as an xlsx (a header-only template when empty) that imports back unchanged. */
export function streamPricingXlsx(rows: ServicePricingRow[], locale: Locale) {
  const columns: XlsxColumn<ServicePricingRow>[] = FIELDS.map((f) => ({
    header: header(f),
    width: WIDTHS[f],
    value: (r) => r[f],
  }));
  return streamXlsx({
    locale,
    sheet: 'export.pricing.sheet',
    columns,
    page: async (last) => (last ? [] : rows),
    pageSize: PRICING_MAX_ROWS + 1,
  });
}

/** A cell as the import reads it: text (the export's formula guard `'` undone), a number, or null when empty. */
function cellInput(value: ExcelJS.CellValue): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') {
    const text = restoreFormula(value);
    return text.trim() === '' ? null : text;
  }
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if ('richText' in value) return cellInput(value.richText.map((t) => t.text).join(''));
  if ('text' in value) return cellInput(String(value.text));
  if ('result' in value) return cellInput(value.result ?? null);
  return null;
}

/** "1.500.000", "1,500,000" or "1 500 000" read as whole đồng; anything else is left to the schema to refuse. */
function priceInput(v: string | number | null): unknown {
  if (typeof v !== 'string') return v;
  const t = v.trim();
  return /^\d{1,3}([., ]\d{3})+$|^\d+$/.test(t) ? Number(t.replace(/[., ]/g, '')) : t;
}

const matchesHeader = (text: unknown, f: Field) =>
  typeof text === 'string' &&
  (['vi', 'en'] as const).some((l) => translate(l, header(f)).toLowerCase() === text.trim().toLowerCase());

async function openSheet(buffer: Buffer): Promise<ExcelJS.Worksheet> {
  if (sniffAttachment(buffer)?.ext !== 'xlsx') throw unprocessable('pricing_file_invalid', {}, 'file');
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw unprocessable('pricing_file_invalid', {}, 'file');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw unprocessable('pricing_file_invalid', {}, 'file');
  return sheet;
}

/**
 * Every row of the workbook's first sheet checked before anything is kept: the rows when all are
 * sound, otherwise a 422 listing each problem (row, column, reason in `locale`). Blank rows are skipped.
 */
export async function readPricingXlsx(buffer: Buffer, locale: Locale): Promise<ServicePricingRow[]> {
  const sheet = await openSheet(buffer);
  const head = sheet.getRow(1);
  if (!FIELDS.every((f, i) => matchesHeader(cellInput(head.getCell(i + 1).value), f))) {
    throw unprocessable('pricing_file_headers', {}, 'file');
  }
  const rows: ServicePricingRow[] = [];
  const problems: PricingImportProblem[] = [];
  let count = 0;
  for (let n = 2; n <= sheet.rowCount; n++) {
    const cells = FIELDS.map((_, i) => cellInput(sheet.getRow(n).getCell(i + 1).value));
    if (cells.every((c) => c === null)) continue;
    if (++count > PRICING_MAX_ROWS)
      throw unprocessable('pricing_import_too_many_rows', { max: PRICING_MAX_ROWS }, 'file');
    const input = Object.fromEntries(
      FIELDS.map((f, i) => [f, f === 'price' ? priceInput(cells[i]) : cells[i] === null ? null : String(cells[i])]),
    );
    const parsed = servicePricingRow.safeParse(input);
    if (parsed.success) {
      rows.push(parsed.data);
      continue;
    }
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as Field;
      const max = 'maximum' in issue ? String(issue.maximum) : '';
      const key = isMessageKey(issue.message) ? issue.message : 'invalidValue';
      problems.push({ row: n, column: translate(locale, header(field)), message: translate(locale, key, { max }) });
    }
  }
  if (problems.length) {
    throw new AppError(422, 'pricing_import_invalid', { count: problems.length }, [], { problems });
  }
  return rows;
}
