import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { amountInWords, formatVietnamDateTime, translate, type Locale, type PurchaseOrder } from '@agrihub/contract';
import { formatPhone } from '@agrihub/contract/phone';

/**
 * The purchase order as a PDF "Đơn đặt hàng" (DESIGN §5.5): company header (the platform's name
 * and public contact details), code and date, buyer and supplier blocks, the lines table, totals
 * per VAT rate, the grand total and its amount in Vietnamese words, delivery and payment terms,
 * signature blocks, page numbers. Text is set in Noto Sans, read from the npm package
 * @embedpdf/fonts-latin and embedded (subset) in the file: Vietnamese diacritics print and
 * extract correctly whatever fonts the machine has.
 */

const require = createRequire(import.meta.url);
const FONT_DIR = path.join(path.dirname(require.resolve('@embedpdf/fonts-latin')), '..', 'fonts');
let fonts: { regular: Buffer; bold: Buffer; italic: Buffer } | null = null;
/** The TTF files, read once. */
export function fontFiles() {
  fonts ??= {
    regular: fs.readFileSync(path.join(FONT_DIR, 'NotoSans-Regular.ttf')),
    bold: fs.readFileSync(path.join(FONT_DIR, 'NotoSans-Bold.ttf')),
    italic: fs.readFileSync(path.join(FONT_DIR, 'NotoSans-Italic.ttf')),
  };
  return fonts;
}

/** Who orders: the platform's name and the public contact details of its settings. */
export interface PdfCompany {
  name: string;
  address: string | null;
  hotline: string | null;
  email: string | null;
  website: string | null;
}

export interface PdfInput {
  order: PurchaseOrder;
  company: PdfCompany;
  locale: Locale;
}

const PAGE = { size: 'A4' as const, margin: 40 };
const WIDTH = 595.28 - 2 * PAGE.margin;
const BOTTOM = 841.89 - PAGE.margin - 20;
const GREY = '#555555';
const LINE = '#999999';

/** The table's columns: header key, width, alignment. */
const COLUMNS = [
  { key: 'col_n', width: 26, align: 'center' },
  { key: 'col_description', width: 147, align: 'left' },
  { key: 'col_unit', width: 38, align: 'center' },
  { key: 'col_quantity', width: 52, align: 'right' },
  { key: 'col_price', width: 68, align: 'right' },
  { key: 'col_discount', width: 60, align: 'right' },
  { key: 'col_vat', width: 48, align: 'center' },
  { key: 'col_amount', width: 76.28, align: 'right' },
] as const;

export function formatVnd(n: number, locale: Locale): string {
  return new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'vi-VN').format(n);
}
const formatQuantity = (n: number, locale: Locale) =>
  new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'vi-VN', { maximumFractionDigits: 3 }).format(n);

/** Renders the order; resolves with the whole file. */
export async function renderPurchaseOrderPdf({ order, company, locale }: PdfInput): Promise<Buffer> {
  // Loaded on the first PDF (about 20 MB a process that prints none does not carry).
  const { default: PDFDocument } = await import('pdfkit');
  const t = (key: string, params?: Record<string, string | number>) => translate(locale, `po_pdf.${key}`, params);
  const money = (n: number) => formatVnd(n, locale);
  const files = fontFiles();
  const doc = new PDFDocument({
    size: PAGE.size,
    margin: PAGE.margin,
    bufferPages: true,
    lang: locale,
    info: { Title: `${t('title')} ${order.code}`, Author: company.name, Subject: order.supplier.name },
  });
  doc.registerFont('regular', files.regular);
  doc.registerFont('bold', files.bold);
  doc.registerFont('italic', files.italic);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const x0 = PAGE.margin;
  /**
   * Noto Sans's `ccmp` splits some precomposed Vietnamese letters into a base and a mark (ị → i +
   * dot below), and pdfkit then maps the base glyph back to the whole letter, so every later "i"
   * would extract as "ị". Text is NFC and the font has every precomposed letter: ccmp is left off.
   */
  const shaping = () => ({ features: { ccmp: false } as unknown as PDFKit.Mixins.OpenTypeFeatures[] });
  const text = (
    s: string,
    x: number,
    y: number,
    opts: PDFKit.Mixins.TextOptions & { font?: string; size?: number; color?: string } = {},
  ) => {
    const { font = 'regular', size = 9, color = '#000000', ...rest } = opts;
    doc
      .font(font)
      .fontSize(size)
      .fillColor(color)
      .text(s.normalize('NFC'), x, y, { lineGap: 1, ...shaping(), ...rest });
    return doc.y;
  };
  const ensure = (height: number) => {
    if (doc.y + height > BOTTOM) {
      doc.addPage();
      doc.y = PAGE.margin;
    }
  };

  // ── Company header and title ──
  let y = text(company.name, x0, PAGE.margin, { font: 'bold', size: 13, width: WIDTH * 0.6 });
  const contact = [
    company.address ? `${t('address')}: ${company.address}` : null,
    company.hotline ? `${t('phone')}: ${formatPhone(company.hotline)}` : null,
    company.email ? `${t('email')}: ${company.email}` : null,
    company.website ? `${t('website')}: ${company.website}` : null,
  ].filter((s): s is string => !!s);
  for (const line of contact) y = text(line, x0, y, { size: 8.5, color: GREY, width: WIDTH * 0.6 });
  const [year, month, day] = order.order_date.split('-');
  text(t('code', { code: order.code }), x0 + WIDTH * 0.6, PAGE.margin + 2, {
    font: 'bold',
    size: 10,
    width: WIDTH * 0.4,
    align: 'right',
  });
  text(t('date', { day: Number(day), month: Number(month), year }), x0 + WIDTH * 0.6, doc.y, {
    font: 'italic',
    size: 9,
    width: WIDTH * 0.4,
    align: 'right',
  });
  y = Math.max(y, doc.y) + 8;
  doc
    .moveTo(x0, y)
    .lineTo(x0 + WIDTH, y)
    .lineWidth(0.6)
    .strokeColor(LINE)
    .stroke();
  y = text(t('title'), x0, y + 12, { font: 'bold', size: 18, width: WIDTH, align: 'center' });

  // ── Buyer and supplier ──
  const party = (title: string, rows: [string, string | null][], x: number, top: number, width: number) => {
    let py = text(title, x, top, { font: 'bold', size: 10, width });
    for (const [label, value] of rows) {
      if (!value) continue;
      py = text(`${label}: ${value}`, x, py + 1, { size: 9, width });
    }
    return py;
  };
  const top = y + 10;
  const half = WIDTH / 2 - 8;
  const buyerEnd = party(
    t('buyer'),
    [
      [t('name'), company.name],
      [t('address'), company.address],
      [t('phone'), formatPhone(company.hotline)],
      [t('email'), company.email],
    ],
    x0,
    top,
    half,
  );
  const s = order.supplier;
  const supplierEnd = party(
    t('supplier'),
    [
      [t('name'), s.name],
      [t('tax_code'), s.tax_code],
      [t('address'), s.address],
      [t('phone'), formatPhone(s.phone)],
      [t('email'), s.email],
      [t('contact'), s.contact_name],
    ],
    x0 + WIDTH / 2 + 8,
    top,
    half,
  );
  y = Math.max(buyerEnd, supplierEnd) + 12;
  y = text(t('intro'), x0, y, { size: 9.5 });
  text(t('unit_vnd'), x0, y - 11, { font: 'italic', size: 8, color: GREY, width: WIDTH, align: 'right' });
  doc.y = y + 4;

  // ── Lines table ──
  const headerRow = () => {
    const hy = doc.y;
    let height = 0;
    doc.font('bold').fontSize(8.5);
    for (const c of COLUMNS)
      height = Math.max(height, doc.heightOfString(t(c.key), { width: c.width - 6, ...shaping() }));
    height += 8;
    doc.rect(x0, hy, WIDTH, height).fillColor('#eeeeee').fill();
    let cx = x0;
    for (const c of COLUMNS) {
      text(t(c.key), cx + 3, hy + 4, { font: 'bold', size: 8.5, width: c.width - 6, align: 'center' });
      cx += c.width;
    }
    doc.y = hy + height;
    doc
      .moveTo(x0, doc.y)
      .lineTo(x0 + WIDTH, doc.y)
      .lineWidth(0.5)
      .strokeColor(LINE)
      .stroke();
  };
  headerRow();
  order.lines.forEach((l, i) => {
    const discount =
      l.discount_type === 'percent' && l.discount_value
        ? `${formatQuantity(l.discount_value, locale)}%\n${money(l.discount)}`
        : l.discount
          ? money(l.discount)
          : '';
    const cells = [
      String(i + 1),
      l.description,
      l.unit,
      formatQuantity(l.quantity, locale),
      money(l.unit_price),
      discount,
      `${l.vat_rate}%`,
      money(l.net),
    ];
    doc.font('regular').fontSize(8.5);
    const height =
      Math.max(
        ...cells.map((c, j) => doc.heightOfString(c.normalize('NFC'), { width: COLUMNS[j].width - 6, ...shaping() })),
      ) + 8;
    if (doc.y + height > BOTTOM) {
      doc.addPage();
      doc.y = PAGE.margin;
      headerRow();
    }
    const ry = doc.y;
    let cx = x0;
    cells.forEach((c, j) => {
      text(c, cx + 3, ry + 4, { size: 8.5, width: COLUMNS[j].width - 6, align: COLUMNS[j].align });
      cx += COLUMNS[j].width;
    });
    doc.y = ry + height;
    doc
      .moveTo(x0, doc.y)
      .lineTo(x0 + WIDTH, doc.y)
      .lineWidth(0.3)
      .strokeColor(LINE)
      .stroke();
  });

  // ── Totals ──
  const tot = order.totals;
  const rows: [string, number, boolean][] = [[t('subtotal'), tot.subtotal, false]];
  if (tot.discount) rows.push([t('discount'), -tot.discount, false]);
  for (const g of tot.vat) {
    rows.push([t('vat_base', { rate: g.rate }), g.base, false]);
    rows.push([t('vat_tax', { rate: g.rate }), g.tax, false]);
  }
  rows.push([t('tax'), tot.tax, false], [t('total'), tot.total, true]);
  doc.y += 6;
  ensure(rows.length * 14 + 30);
  const labelX = x0 + WIDTH * 0.4;
  for (const [label, value, strong] of rows) {
    const ry = doc.y;
    const font = strong ? 'bold' : 'regular';
    const size = strong ? 10.5 : 9;
    text(label, labelX, ry, { font, size, width: WIDTH * 0.4 });
    text(value < 0 ? `-${money(-value)}` : money(value), labelX + WIDTH * 0.4, ry, {
      font,
      size,
      width: WIDTH * 0.2,
      align: 'right',
    });
    doc.y = ry + (strong ? 16 : 13);
  }
  doc.y += 2;
  text(t('in_words', { words: amountInWords(tot.total) }), x0, doc.y, { font: 'italic', size: 9.5, width: WIDTH });

  // ── Delivery and terms ──
  doc.y += 8;
  const terms: [string, string | null][] = [
    [t('delivery_date'), order.delivery_date.split('-').reverse().join('/')],
    [t('delivery_place'), order.delivery_place],
    [t('payment_terms'), order.payment_terms],
    [t('note'), order.note],
  ];
  for (const [label, value] of terms) {
    if (!value) continue;
    ensure(14);
    const ry = doc.y;
    text(`${label}:`, x0, ry, { font: 'bold', size: 9, width: 120 });
    text(value, x0 + 120, ry, { size: 9, width: WIDTH - 120 });
    doc.y += 2;
  }
  if (order.approved_by && order.approved_at) {
    ensure(14);
    const when = formatVietnamDateTime(order.approved_at).slice(0, 16).replace('T', ' ');
    text(t('approved_by', { name: order.approved_by.name, time: when }), x0, doc.y + 2, {
      font: 'italic',
      size: 9,
      color: GREY,
    });
  }

  // ── Signatures ──
  doc.y += 14;
  ensure(90);
  const sy = doc.y;
  const third = WIDTH / 3;
  const signers: [string, string | null][] = [
    [t('sign_creator'), order.created_by?.name ?? null],
    [t('sign_approver'), order.approved_by?.name ?? null],
    [t('sign_supplier'), null],
  ];
  signers.forEach(([title, name], i) => {
    const sx = x0 + i * third;
    text(title, sx, sy, { font: 'bold', size: 9.5, width: third, align: 'center' });
    text(t('sign_hint'), sx, doc.y, { font: 'italic', size: 8, color: GREY, width: third, align: 'center' });
    if (name) text(name, sx, sy + 70, { size: 9.5, width: third, align: 'center' });
  });

  // ── Page numbers ──
  const range = doc.bufferedPageRange();
  for (let p = range.start; p < range.start + range.count; p++) {
    doc.switchToPage(p);
    // Below the bottom margin: without it pdfkit would start a new page for the footer.
    doc.page.margins.bottom = 0;
    text(t('page', { page: p + 1, pages: range.count }), x0, 841.89 - PAGE.margin + 4, {
      size: 7.5,
      color: GREY,
      width: WIDTH,
      align: 'right',
      lineBreak: false,
    });
  }
  doc.end();
  return done;
}
