import { sql } from 'drizzle-orm';
import { normalizePhone } from '@agrihub/contract/phone';
import type { Db } from './client.js';

/**
 * The data step after the SQL migrations (issue 13): phone numbers saved before the contract's
 * phone rule (`091-234-5678`, `(028) 3823 4567`…) are rewritten in E.164 (`+84912345678`), the one
 * form the rule stores now, so a number is found and compared the same however it was typed.
 * Only values that are not E.164 yet and that the rule reads are changed; text it cannot read is
 * kept as it is (and shown as it is). Idempotent and cheap once done: it runs at every migrate.
 */
const PHONE_COLUMNS = [
  { table: 'users', key: 'id', column: 'phone' },
  { table: 'producers', key: 'id', column: 'phone' },
  { table: 'producer_oems', key: 'id', column: 'phone' },
  { table: 'client_messages', key: 'id', column: 'phone' },
  { table: 'purchase_orders', key: 'id', column: 'supplier_phone' },
  { table: 'platform_settings', key: 'platform', column: 'hotline' },
] as const;

const NOT_E164 = '^\\+[0-9]+$';

type Rows = { rows: Record<string, unknown>[] } | Record<string, unknown>[];
const rowsOf = (r: Rows) => (Array.isArray(r) ? r : r.rows);

export async function normalizeStoredPhones(db: Db): Promise<number> {
  let changed = 0;
  for (const { table, key, column } of PHONE_COLUMNS) {
    const found = rowsOf(
      await db.execute(
        sql`select ${sql.identifier(key)} as key, ${sql.identifier(column)} as phone from ${sql.identifier(table)}
            where ${sql.identifier(column)} is not null and ${sql.identifier(column)} !~ ${NOT_E164}`,
      ),
    );
    for (const row of found) {
      const e164 = normalizePhone(String(row.phone));
      if (!e164) continue;
      await db.execute(
        sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = ${e164} where ${sql.identifier(key)} = ${row.key}`,
      );
      changed++;
    }
  }
  changed += await normalizeRequestForms(db);
  return changed;
}

/** A service request's contact phone (`form.phone`) and its answers to the service's phone fields. */
async function normalizeRequestForms(db: Db): Promise<number> {
  const found = rowsOf(
    await db.execute(
      sql`select r.id, r.form, s.form_fields from user_register_services r join register_services s on s.id = r.service_id
          where r.form->>'phone' !~ ${NOT_E164}
             or exists (select 1 from jsonb_array_elements(s.form_fields) f
                        where f->>'type' = 'phone' and r.form->'fields'->>(f->>'key') !~ ${NOT_E164})`,
    ),
  );
  let changed = 0;
  for (const row of found) {
    const form = row.form as Record<string, unknown>;
    const phoneKeys = ((row.form_fields as { key: string; type: string }[] | null) ?? [])
      .filter((f) => f.type === 'phone')
      .map((f) => f.key);
    let dirty = false;
    const fix = (value: unknown): unknown => {
      if (typeof value !== 'string' || /^\+\d+$/.test(value)) return value;
      const e164 = normalizePhone(value);
      if (!e164) return value;
      dirty = true;
      return e164;
    };
    const next: Record<string, unknown> = { ...form, ...(form.phone !== undefined ? { phone: fix(form.phone) } : {}) };
    if (form.fields && typeof form.fields === 'object') {
      const fields = { ...(form.fields as Record<string, unknown>) };
      for (const k of phoneKeys) if (k in fields) fields[k] = fix(fields[k]);
      next.fields = fields;
    }
    if (!dirty) continue;
    await db.execute(sql`update user_register_services set form = ${JSON.stringify(next)}::jsonb where id = ${row.id}`);
    changed++;
  }
  return changed;
}
