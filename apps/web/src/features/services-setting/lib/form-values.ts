import type { RegisterService, ServiceUpdateBody } from '@agrihub/contract/schemas/services';

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
  };
}

/** A server field path (`pricing.0.price`) as an antd name path (list indexes as numbers). */
export const namePath = (field: string): (string | number)[] =>
  field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
