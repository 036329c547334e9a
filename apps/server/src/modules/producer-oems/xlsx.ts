import { and, asc, gt, type SQL } from 'drizzle-orm';
import { categoryPath, provinceName, translate, type Locale } from '@agrihub/contract';
import type { Db } from '../../db/client.js';
import { categories, producerOems } from '../../db/schema/index.js';
import { streamXlsx, type XlsxColumn } from '../../lib/xlsx-export.js';
import { oemViews, presentOem } from './queries.js';
import { formatPhone } from '@agrihub/contract/phone';

type Item = ReturnType<typeof presentOem>;

const dmy = (iso: string | null) => (iso ? iso.split('-').reverse().join('/') : '');

/**
 * The columns of the export: the directory's fields, categories as their paths in the export's
 * language, certificates with their dates and validity. Nothing but what the list shows.
 */
function columns(locale: Locale, paths: Map<number, string>): XlsxColumn<Item>[] {
  const k = (key: string) => translate(locale, `export.producer_oems.${key}`);
  const h = (key: string) => `export.producer_oems.${key}`;
  return [
    { header: h('n'), width: 6, value: (_o, n) => n },
    { header: h('id'), width: 8, value: (o) => o.id },
    { header: h('name'), width: 36, value: (o) => o.name },
    { header: h('tax'), width: 16, value: (o) => o.tax_code ?? '' },
    { header: h('contact'), width: 24, value: (o) => o.contact_name ?? '' },
    { header: h('phone'), width: 16, value: (o) => formatPhone(o.phone) },
    { header: h('email'), width: 28, value: (o) => o.email ?? '' },
    { header: h('website'), width: 28, value: (o) => o.website ?? '' },
    { header: h('province'), width: 22, value: (o) => provinceName(o.province_code) ?? '' },
    { header: h('address'), width: 36, value: (o) => o.address ?? '' },
    {
      header: h('categories'),
      width: 40,
      value: (o) =>
        o.category_ids
          .map((id) => paths.get(id) ?? '')
          .filter(Boolean)
          .join('; '),
    },
    { header: h('capacity'), width: 14, value: (o) => o.monthly_capacity ?? '' },
    { header: h('capacity_unit'), width: 12, value: (o) => o.capacity_unit ?? '' },
    { header: h('moq'), width: 14, value: (o) => o.moq ?? '' },
    { header: h('moq_unit'), width: 12, value: (o) => o.moq_unit ?? '' },
    {
      header: h('certificates'),
      width: 48,
      value: (o) =>
        o.certificates
          .map((c) =>
            [c.name, c.number, c.valid_until ? `${k('until')} ${dmy(c.valid_until)}` : '']
              .filter(Boolean)
              .join(' · ')
              .concat(` (${translate(locale, `certificate_${c.validity}`)})`),
          )
          .join('; '),
    },
    {
      header: h('certificate_status'),
      width: 18,
      value: (o) => (o.certificate_status ? translate(locale, `certificate_${o.certificate_status}`) : ''),
    },
    { header: h('next_expiry'), width: 14, value: (o) => dmy(o.next_expiry) },
    { header: h('active'), width: 10, value: (o) => k(o.active ? 'yes' : 'no') },
    { header: h('note'), width: 36, value: (o) => o.note ?? '' },
    { header: h('created'), width: 20, value: (o) => new Date(o.created_at) },
    { header: h('updated'), width: 20, value: (o) => new Date(o.updated_at) },
  ];
}

/** Category paths ("Thực phẩm chế biến > Bánh kẹo") in the export's language. */
async function categoryPaths(db: Db, locale: Locale): Promise<Map<number, string>> {
  const all = (await db.select().from(categories)).map((c) => ({
    id: c.id,
    name: locale === 'en' ? c.nameEn || c.name : c.name,
    parent_id: c.parentId,
  }));
  return new Map(all.map((c) => [c.id, categoryPath(c.id, all)]));
}

/**
 * Streams the OEMs of `where` as an XLSX workbook in id order, read in keyset pages
 * (`id > last ORDER BY id`) through the shared streaming helper.
 */
export async function streamOemsXlsx(db: Db, where: SQL, locale: Locale, today: string) {
  const paths = await categoryPaths(db, locale);
  return streamXlsx<Item>({
    locale,
    sheet: 'export.producer_oems.sheet',
    columns: columns(locale, paths),
    page: async (last, limit) =>
      (
        await oemViews(db)
          .where(last ? and(where, gt(producerOems.id, last.id)) : where)
          .orderBy(asc(producerOems.id))
          .limit(limit)
      ).map((v) => presentOem(v, today)),
  });
}
