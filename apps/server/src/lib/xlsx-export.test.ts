import { createHash } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatVietnamDate, formatVietnamDateTime, neutralizeFormula, todayInVietnam } from '@agrihub/contract';
import { as, createTestApp, type TestApp } from '../../test/helper.js';
import { buildBatch, buildProducer, buildProduct, buildUser, type Built } from '../../test/factories.js';
import { pageBatchIds, pageBatchIdsAfter } from '../modules/traceabilities/queries.js';
import { attachmentDisposition } from './filenames.js';
import { EXPORT_PAGE_SIZE, streamXlsx } from './xlsx-export.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DANGEROUS = [
  '=HYPERLINK("http://x")',
  '+1',
  '@SUM(A1)',
  '-2+3',
  '\tcmd',
  '\r=1',
  // Full-width forms, which some spreadsheets read as the ASCII ones (ADR 034).
  '＝HYPERLINK("http://x")',
  '＋1',
  '－2+3',
  '＠SUM(A1)',
];

async function sheetOf(payload: Buffer | Uint8Array) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(payload as unknown as ArrayBuffer);
  return wb.worksheets[0];
}

/** XML parsers read a raw CR in text as LF (end-of-line normalisation). */
const readBack = (s: string) => s.replace(/\r/g, '\n');

/** Asserts the cell holds `'` + the original text as a plain string, never a formula. */
function expectNeutral(cell: ExcelJS.Cell | undefined, original: string) {
  expect(cell, original).toBeDefined();
  expect(cell!.type).toBe(ExcelJS.ValueType.String);
  expect(cell!.formula).toBeUndefined();
  expect(cell!.value).toBe(readBack(`'${original}`));
}

describe('producers export (admin)', () => {
  let admin: Built;
  beforeAll(async () => {
    admin = await buildUser(t.db, { platform: 'agrihub', roles: ['admin'] });
  });
  const exportProducers = (ids: number[], locale = 'vi') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/producers/export',
      headers: as(admin, locale),
      payload: { mode: 'exportAsFilter', ids },
    });

  it('writes producer names that look like formulas as text', async () => {
    const ids: number[] = [];
    for (const name of DANGEROUS) ids.push((await buildProducer(t.db, { platform: 'agrihub', name })).id);
    const res = await exportProducers(ids);
    expect(res.statusCode).toBe(200);
    const sheet = await sheetOf(res.rawPayload);
    const names = new Map<string, ExcelJS.Cell>();
    for (let r = 2; r <= sheet.rowCount; r++) {
      const cell = sheet.getRow(r).getCell(3);
      names.set(cell.text.slice(1), cell);
    }
    expect(names.size).toBe(DANGEROUS.length);
    for (const name of DANGEROUS) expectNeutral(names.get(readBack(name)), name);
  });

  it('a name with characters XML forbids still gives a workbook that opens: the text without them, a formula behind them written as text', async () => {
    const forbidden = '\u0001\u0008\u000B\u000C\u000E\u001F\uFFFE\uFFFF';
    const { id } = await buildProducer(t.db, { platform: 'agrihub', name: `${forbidden}=HYPERLINK("http://x"&A1,"rt")` });
    const { id: plain } = await buildProducer(t.db, { platform: 'agrihub', name: `HTX${forbidden} Chè` });
    const res = await exportProducers([id, plain]);
    expect(res.statusCode).toBe(200);
    const sheet = await sheetOf(res.rawPayload);
    const names = [sheet.getRow(2).getCell(3), sheet.getRow(3).getCell(3)];
    const byText = new Map(names.map((c) => [c.text, c]));
    expectNeutral(byText.get(`'=HYPERLINK("http://x"&A1,"rt")`), '=HYPERLINK("http://x"&A1,"rt")');
    expect(byText.has('HTX Chè')).toBe(true);
  });

  it('translates the header row (vi and en on agrihub)', async () => {
    const { id: producerId } = await buildProducer(t.db, { platform: 'agrihub', name: 'HTX Chè Shan Tuyết' });
    const vi = await sheetOf((await exportProducers([producerId], 'vi')).rawPayload);
    const en = await sheetOf((await exportProducers([producerId], 'en')).rawPayload);
    expect((vi.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['STT', 'Mã đơn vị', 'Tên đơn vị sản xuất']);
    expect((en.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['No.', 'Producer ID', 'Producer name']);
    expect(en.name).toBe('Producers');
    expect(en.getRow(2).getCell(3).value).toBe('HTX Chè Shan Tuyết');
  });
});

describe('batches export', () => {
  let a: Built;
  beforeAll(async () => {
    a = await buildUser(t.db);
  });

  it('writes product names that look like formulas as text', async () => {
    for (const name of DANGEROUS) {
      const p = (await buildProduct(t.db, { producerId: a.producerId!, name, gtin: null })).id;
      await buildBatch(t.db, { productId: p });
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/traceabilities/export',
      headers: as(a),
      payload: { mode: 'exportAllData' },
    });
    expect(res.statusCode).toBe(200);
    const sheet = await sheetOf(res.rawPayload);
    const cells = new Map<string, ExcelJS.Cell>();
    for (let r = 2; r <= sheet.rowCount; r++) {
      const cell = sheet.getRow(r).getCell(4);
      cells.set(cell.text.slice(1), cell);
    }
    for (const name of DANGEROUS) expectNeutral(cells.get(readBack(name)), name);
  });

  it('keyset pages walk the list in its order without gaps or repeats, for every sort', async () => {
    const p = (await buildProduct(t.db, { producerId: a.producerId!, gtin: null })).id;
    for (const lot of ['K-3', 'K-1', 'K-2', 'K-5', 'K-4']) await buildBatch(t.db, { productId: p, lotCode: lot });
    const actor = { producerId: a.producerId!, platform: a.platform } as Parameters<typeof pageBatchIds>[1];
    for (const sort of ['lot_code', '-lot_code', 'created_at', '-created_at', 'production_date', '-production_date']) {
      const f = { sort };
      const expected = (await pageBatchIds(t.db, actor, f, 1000, 0, false)).ids;
      const walked: number[] = [];
      let last: number | null = null;
      for (let i = 0; i < 100; i++) {
        const ids = await pageBatchIdsAfter(t.db, actor, f, 2, last);
        walked.push(...ids);
        if (ids.length < 2) break;
        last = ids[ids.length - 1];
      }
      expect(walked, sort).toEqual(expected);
    }
  });
});

describe('streamXlsx', () => {
  it('reads every page after the last row, dates in Vietnamese time, formulas neutralised', async () => {
    const seen: (number | null)[] = [];
    const rows = Array.from({ length: 5 }, (_, i) => ({ id: i + 1, at: new Date('2025-01-01T17:30:00Z') }));
    const stream = streamXlsx<{ id: number; at: Date }>({
      locale: 'en',
      sheet: 'export.batches.sheet',
      pageSize: 2,
      columns: [
        { header: 'export.batches.n', width: 6, value: (r) => r.id },
        { header: 'export.batches.created', width: 20, value: (r) => r.at },
        { header: 'export.batches.lot', width: 20, value: (r) => `=${r.id}` },
      ],
      page: async (last, limit) => {
        seen.push(last?.id ?? null);
        return rows.filter((r) => r.id > (last?.id ?? 0)).slice(0, limit);
      },
    });
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    expect(seen).toEqual([null, 2, 4]);
    const sheet = await sheetOf(Buffer.concat(chunks));
    expect(sheet.rowCount).toBe(6);
    expect(sheet.getRow(1).getCell(2).value).toBe('Created');
    // 17:30 UTC is 00:30 the next day in Vietnam: the cell shows the Vietnamese wall clock.
    expect((sheet.getRow(2).getCell(2).value as Date).toISOString()).toBe('2025-01-02T00:30:00.000Z');
    expect(sheet.getRow(2).getCell(2).numFmt).toBe('dd/mm/yyyy hh:mm');
    expectNeutral(sheet.getRow(6).getCell(3), '=5');
  });

  it('reads no further pages while the client reads nothing, then goes on to the last row (memory stays flat)', async () => {
    const TOTAL = 80_000;
    let pages = 0;
    const stream = streamXlsx<{ id: number }>({
      locale: 'vi',
      sheet: 'export.batches.sheet',
      columns: [
        { header: 'export.batches.n', width: 6, value: (r) => r.id },
        // Text that compresses little, as codes and names do: the zip cannot swallow it whole.
        {
          header: 'export.batches.lot',
          width: 40,
          value: (r) => `Gạo ST25, lô ${r.id}: ${createHash('sha256').update(String(r.id)).digest('base64')}`,
        },
      ],
      page: async (last, limit) => {
        pages++;
        const from = (last?.id ?? 0) + 1;
        return Array.from({ length: Math.max(0, Math.min(limit, TOTAL - from + 1)) }, (_, i) => ({ id: from + i }));
      },
    });
    // Nobody reads: about 1 MB of the file waits for the client (here some 20,000 rows), and the
    // export stops reading pages instead of piling the whole file up in memory.
    await new Promise((r) => setTimeout(r, 700));
    expect(pages).toBeLessThan(TOTAL / EXPORT_PAGE_SIZE / 2);
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    expect(pages).toBe(TOTAL / EXPORT_PAGE_SIZE + 1);
    const sheet = await sheetOf(Buffer.concat(chunks));
    expect(sheet.rowCount).toBe(TOTAL + 1);
    expect(sheet.getRow(TOTAL + 1).getCell(1).value).toBe(TOTAL);
  });

  it('neutralizeFormula leaves ordinary text alone', () => {
    expect(neutralizeFormula('Chè Shan Tuyết')).toBe('Chè Shan Tuyết');
    expect(neutralizeFormula('a=1')).toBe('a=1');
    for (const s of DANGEROUS) expect(neutralizeFormula(s)).toBe(`'${s}`);
  });
});

describe('attachmentDisposition', () => {
  it('keeps a Vietnamese name in filename* and gives an ASCII fallback', () => {
    expect(attachmentDisposition('Đơn vị sản xuất 2025.xlsx')).toBe(
      `attachment; filename="Don vi san xuat 2025.xlsx"; filename*=UTF-8''${encodeURIComponent('Đơn vị sản xuất 2025.xlsx')}`,
    );
    expect(attachmentDisposition('lo-hang-2025-01-02.xlsx')).toBe(
      `attachment; filename="lo-hang-2025-01-02.xlsx"; filename*=UTF-8''lo-hang-2025-01-02.xlsx`,
    );
    expect(attachmentDisposition('a"b;c.xlsx')).toMatch(/^attachment; filename="a_b_c\.xlsx"; filename\*=UTF-8''a%22b%3Bc\.xlsx$/);
  });
});

describe('Vietnam time', () => {
  it('is UTC+7 all year', () => {
    expect(todayInVietnam(Date.parse('2025-01-01T16:59:59Z'))).toBe('2025-01-01');
    expect(todayInVietnam(Date.parse('2025-01-01T17:00:00Z'))).toBe('2025-01-02');
    expect(formatVietnamDate('2025-06-30T20:00:00Z')).toBe('2025-07-01');
    expect(formatVietnamDateTime(new Date('2025-01-01T17:30:00Z'))).toBe('2025-01-02T00:30:00.000+07:00');
  });
});
