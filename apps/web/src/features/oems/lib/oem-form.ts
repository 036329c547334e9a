import dayjs, { type Dayjs } from 'dayjs';
import type { ProducerOem, ProducerOemCreate } from '@agrihub/contract/schemas/oems';
import type { Unit } from '@agrihub/contract/constants';
import { formatPhone } from '@agrihub/contract/phone';
import type { FieldError } from '../../../lib/api-error';

export interface CertificateValues {
  name?: string;
  issuer?: string;
  number?: string;
  valid_until?: Dayjs | null;
  file?: { id: number; url: string; filename: string } | null;
}

/** What the OEM form holds (dates as dayjs, numbers as numbers, text as typed). */
export interface OemFormValues {
  name: string;
  tax_code: string;
  contact_name: string;
  phone: string;
  email: string;
  website: string;
  province_code: string | null;
  address: string;
  category_ids: number[];
  monthly_capacity: number | null;
  capacity_unit: Unit | null;
  moq: number | null;
  moq_unit: Unit | null;
  certificates: CertificateValues[];
  active: boolean;
  note: string;
}

/** The form's fields (the server's errors on other fields are shown above the form). */
export const OEM_FORM_FIELDS = [
  'name',
  'tax_code',
  'contact_name',
  'phone',
  'email',
  'website',
  'province_code',
  'address',
  'category_ids',
  'monthly_capacity',
  'capacity_unit',
  'moq',
  'moq_unit',
  'certificates',
  'active',
  'note',
] as const;

export function oemToValues(oem: ProducerOem | null): OemFormValues {
  return {
    name: oem?.name ?? '',
    tax_code: oem?.tax_code ?? '',
    contact_name: oem?.contact_name ?? '',
    phone: formatPhone(oem?.phone),
    email: oem?.email ?? '',
    website: oem?.website ?? '',
    province_code: oem?.province_code ?? null,
    address: oem?.address ?? '',
    category_ids: oem?.category_ids ?? [],
    monthly_capacity: oem?.monthly_capacity ?? null,
    capacity_unit: (oem?.capacity_unit as Unit | null) ?? null,
    moq: oem?.moq ?? null,
    moq_unit: (oem?.moq_unit as Unit | null) ?? null,
    certificates: (oem?.certificates ?? []).map((c) => ({
      name: c.name,
      issuer: c.issuer,
      number: c.number,
      valid_until: c.valid_until ? dayjs(c.valid_until) : null,
      file: c.file,
    })),
    active: oem?.active ?? true,
    note: oem?.note ?? '',
  };
}

const text = (v: string | null | undefined) => (v ?? '').trim();

/**
 * The request of the form, every field (the same body creates and replaces): cleared inputs as '',
 * which the contract reads as "no value"; dates as `YYYY-MM-DD`; files by their upload id.
 */
export function oemRequestOf(v: OemFormValues): ProducerOemCreate {
  return {
    name: text(v.name),
    tax_code: text(v.tax_code),
    contact_name: text(v.contact_name),
    phone: text(v.phone),
    email: text(v.email),
    website: text(v.website),
    province_code: v.province_code ?? null,
    address: text(v.address),
    category_ids: v.category_ids ?? [],
    monthly_capacity: v.monthly_capacity ?? null,
    capacity_unit: v.capacity_unit ?? null,
    moq: v.moq ?? null,
    moq_unit: v.moq_unit ?? null,
    certificates: (v.certificates ?? []).map((c) => ({
      name: text(c?.name),
      issuer: text(c?.issuer),
      number: text(c?.number),
      valid_until: c?.valid_until && c.valid_until.isValid() ? c.valid_until.format('YYYY-MM-DD') : null,
      file_id: c?.file?.id ?? null,
    })),
    active: v.active ?? true,
    note: text(v.note),
  };
}

/**
 * A 422's field errors on the form's fields: `certificates.2.file_id` → ['certificates', 2, 'file'],
 * `category_ids.1` → ['category_ids']; fields the form lacks are left out (the caller shows the
 * answer's message).
 */
export function oemFieldErrors(errors: readonly FieldError[]): { name: (string | number)[]; errors: string[] }[] {
  const out = new Map<string, { name: (string | number)[]; errors: string[] }>();
  for (const e of errors) {
    const parts = e.field.split('.');
    const head = parts[0];
    if (!(OEM_FORM_FIELDS as readonly string[]).includes(head)) continue;
    const name: (string | number)[] =
      head === 'certificates' && parts.length >= 3
        ? [head, Number(parts[1]), parts[2] === 'file_id' ? 'file' : parts[2]]
        : [head];
    const key = name.join('.');
    const entry = out.get(key) ?? { name, errors: [] };
    if (!entry.errors.includes(e.message)) entry.errors.push(e.message);
    out.set(key, entry);
  }
  return [...out.values()];
}
