import { DIARY_TEMPLATES, isMessageKey, translate, type DiaryEntryType } from '@agrihub/contract';

/** A number as Vietnamese write it: `1.234,5`. */
const vnNumber = (n: number) => n.toLocaleString('vi-VN', { maximumFractionDigits: 3 });

/** A unit's label: the diary's codes have messages, the product units (`Kg`, `Thùng`…) are words already. */
const unitLabel = (u: string) => (isMessageKey(`diary_unit.${u}`) ? translate('vi', `diary_unit.${u}`) : u);

/**
 * The Vietnamese text of a diary entry as its lot event's description (timeline, public page,
 * EPCIS export): the type, then each filled field with its label, an amount with its unit, then
 * the notes. `Phun thuốc BVTV — Tên sản phẩm: Regent; Hoạt chất: Fipronil; …`.
 */
export function describeEntry(type: DiaryEntryType, details: Record<string, unknown>, notes: string | null): string {
  const fields = DIARY_TEMPLATES[type];
  const unit = typeof details.unit === 'string' ? details.unit : null;
  const parts: string[] = [];
  for (const f of fields) {
    const v = details[f.name];
    if (f.kind === 'unit' || v == null || v === '') continue;
    const label = translate('vi', `diary_field.${f.name}`);
    const value = typeof v === 'number' ? vnNumber(v) : typeof v === 'string' ? v : JSON.stringify(v);
    parts.push(`${label}: ${value}${f.kind === 'number' && unit ? ` ${unitLabel(unit)}` : ''}`);
  }
  const head = translate('vi', `diary_type.${type}`);
  const body = parts.length ? `${head} — ${parts.join('; ')}` : head;
  return notes ? `${body}. ${translate('vi', 'diary_notes_label')}: ${notes}` : body;
}
