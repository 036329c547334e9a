import { DIARY_TEMPLATES, type DiaryEntryType } from './diary.js';
import { isMessageKey, translate } from './messages/index.js';
import type { Locale } from './platforms.js';

/**
 * The text of a diary entry in a language: the type, then each filled field with its label, an
 * amount with its unit, then the notes. `Phun thuốc BVTV — Tên sản phẩm: Regent; Hoạt chất: Fipronil; …`.
 * The server writes it (in Vietnamese) as the lot event's description; the plot page lists entries with it.
 */
export function describeDiaryEntry(
  type: DiaryEntryType,
  details: Record<string, unknown>,
  notes: string | null,
  locale: Locale = 'vi',
): string {
  const fields = DIARY_TEMPLATES[type];
  const unit = typeof details.unit === 'string' ? details.unit : null;
  // The diary's unit codes have messages; the product units (`Kg`, `Thùng`…) are words already.
  const unitLabel = (u: string) => (isMessageKey(`diary_unit.${u}`) ? translate(locale, `diary_unit.${u}`) : u);
  const number = (n: number) => n.toLocaleString(locale === 'vi' ? 'vi-VN' : 'en-US', { maximumFractionDigits: 3 });
  const parts: string[] = [];
  for (const f of fields) {
    const v = details[f.name];
    if (f.kind === 'unit' || v == null || v === '') continue;
    const label = translate(locale, `diary_field.${f.name}`);
    const value = typeof v === 'number' ? number(v) : typeof v === 'string' ? v : JSON.stringify(v);
    parts.push(`${label}: ${value}${f.kind === 'number' && unit ? ` ${unitLabel(unit)}` : ''}`);
  }
  const head = translate(locale, `diary_type.${type}`);
  const body = parts.length ? `${head} — ${parts.join('; ')}` : head;
  return notes ? `${body}. ${translate(locale, 'diary_notes_label')}: ${notes}` : body;
}
