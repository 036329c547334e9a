import type { RegisterService, ServiceUpdateBody } from '@agrihub/contract/schemas/services';
import type { ServiceFieldType, ServiceFormFieldInput } from '@agrihub/contract/schemas/service-form';

/** One field of the request form in the drawer: a select's options as lines `value | nhãn | label`. */
export interface FormFieldValues {
  key: string;
  type: ServiceFieldType;
  label_vi: string;
  label_en: string;
  help_vi: string | null;
  help_en: string | null;
  required: boolean;
  options: string;
  max_length: number | null;
  min: number | null;
  max: number | null;
  integer: boolean;
}

export interface PricingRowValues {
  item_vi: string;
  item_en: string;
  unit_vi: string;
  unit_en: string;
  price: number | null;
  note: string | null;
}

/** What the drawer form holds for one service. */
export interface ServiceFormValues {
  available: boolean;
  price_from: number | null;
  price_unit_vi: string | null;
  price_unit_en: string | null;
  target_days: Record<string, number | null>;
  pricing: PricingRowValues[];
  form_fields: FormFieldValues[];
}

/** The steps that carry target days: the flow's steps but `done` (nothing is due after it). */
export const targetSteps = (service: Pick<RegisterService, 'steps'>): string[] =>
  service.steps.filter((s) => s !== 'done');

export function toFormValues(service: RegisterService): ServiceFormValues {
  return {
    available: service.available,
    price_from: service.price_from,
    price_unit_vi: service.price_unit_vi,
    price_unit_en: service.price_unit_en,
    target_days: Object.fromEntries(targetSteps(service).map((s) => [s, service.target_days[s] ?? null])),
    pricing: service.pricing.map((r) => ({ ...r })),
    form_fields: service.form_fields.map((f) => ({
      key: f.key,
      type: f.type,
      label_vi: f.label_vi,
      label_en: f.label_en,
      help_vi: f.help_vi ?? null,
      help_en: f.help_en ?? null,
      required: f.required,
      options: (f.options ?? []).map((o) => [o.value, o.label_vi, o.label_en].join(' | ')).join('\n'),
      max_length: f.max_length ?? null,
      min: f.min ?? null,
      max: f.max ?? null,
      integer: !!f.integer,
    })),
  };
}

const blank = (v: string | null | undefined) => (v ?? '').trim() === '';

/** The PUT body: blank texts as null, steps without days left out, price as given. */
export function toUpdateBody(values: ServiceFormValues): ServiceUpdateBody {
  return {
    available: values.available,
    price_from: values.price_from ?? null,
    price_unit_vi: blank(values.price_unit_vi) ? null : values.price_unit_vi,
    price_unit_en: blank(values.price_unit_en) ? null : values.price_unit_en,
    target_days: Object.fromEntries(
      Object.entries(values.target_days ?? {}).filter((e): e is [string, number] => typeof e[1] === 'number'),
    ),
    pricing: (values.pricing ?? []).map((r) => ({
      item_vi: r.item_vi ?? '',
      item_en: r.item_en ?? '',
      unit_vi: r.unit_vi ?? '',
      unit_en: r.unit_en ?? '',
      price: r.price ?? null,
      note: blank(r.note) ? null : r.note,
    })),
    form_fields: (values.form_fields ?? []).map(toFormField),
  };
}

const TEXT_TYPES: readonly ServiceFieldType[] = ['text', 'textarea', 'email', 'phone'];

/** A drawer field → the contract's field: only the settings of its type; option lines split on `|`. */
export function toFormField(f: FormFieldValues): ServiceFormFieldInput {
  const out: ServiceFormFieldInput = {
    key: (f.key ?? '').trim(),
    type: f.type,
    label_vi: f.label_vi ?? '',
    label_en: f.label_en ?? '',
    help_vi: blank(f.help_vi) ? null : f.help_vi,
    help_en: blank(f.help_en) ? null : f.help_en,
    required: !!f.required,
  };
  if (f.type === 'select') {
    out.options = (f.options ?? '')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => {
        const [value = '', vi = '', en = ''] = line.split('|').map((x) => x.trim());
        return { value, label_vi: vi, label_en: en || vi };
      });
  }
  if (TEXT_TYPES.includes(f.type) && f.max_length != null) out.max_length = f.max_length;
  if (f.type === 'number') {
    if (f.min != null) out.min = f.min;
    if (f.max != null) out.max = f.max;
    if (f.integer) out.integer = true;
  }
  return out;
}

/** A server field path (`pricing.0.price`) as an antd name path (list indexes as numbers). */
export const namePath = (field: string): (string | number)[] =>
  field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
