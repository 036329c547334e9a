/**
 * Variant building (spec §3 product variant, §4 variant building), pure functions shared by
 * the variant editor (web) and the product service (server).
 *
 * - At most MAX_OPTION_GROUPS option groups, each a title, values and per-value thumbnails.
 * - Variants are the cross product of the groups' values; empty values are skipped (a group
 *   whose values are all empty is ignored, so a half-typed second group does not wipe the list).
 * - Existing data (id, price, customer_sku, thumbnail) is kept for every combination that still
 *   exists, matched by the title and value of each type (whatever the order of the groups).
 * - Group titles must differ (the request schema refuses duplicates); were they equal, equal
 *   combinations collapse into one variant.
 * - Renaming a value or a title is an explicit edit (renameOptionValue / renameOptionTitle):
 *   it renames the types of the existing variants too, so their data follows the new name.
 */
export const MAX_OPTION_GROUPS = 2;
export const VARIANT_LABEL_SEPARATOR = ' / ';
export const EMPTY_VARIANT_LABEL = '--';

export interface OptionThumbnail {
  id: number;
  url: string;
}
export interface OptionGroupInput {
  title: string;
  values: string[];
  thumbnails?: (OptionThumbnail | null | undefined)[];
}
export interface VariantType {
  title: string;
  value: string;
}
/** A variant as the editor and the server build it; `id` is null until saved. */
export interface VariantDraft {
  id: number | null;
  types: VariantType[];
  price: { cents: number } | null;
  customer_sku: string | null;
  thumbnail_id: number | null;
  thumbnail_url: string | null;
}
export type ExistingVariant = Partial<VariantDraft> & { types: VariantType[] };

const clean = (s: string | null | undefined) => (s ?? '').trim();

/** "A / B", or "--" when the variant has no types. */
export function variantLabel(types: readonly VariantType[] | null | undefined): string {
  const values = (types ?? []).map((t) => clean(t.value)).filter(Boolean);
  return values.length ? values.join(VARIANT_LABEL_SEPARATOR) : EMPTY_VARIANT_LABEL;
}

/** Order-independent identity of a combination: its (title, value) pairs. */
export function variantKey(types: readonly VariantType[]): string {
  return types
    .map((t) => `${clean(t.title)}\u0000${clean(t.value)}`)
    .sort()
    .join('\u0001');
}

/** The groups that take part: at most two, values trimmed, empty and repeated values dropped. */
export function effectiveGroups(groups: readonly OptionGroupInput[]) {
  return groups
    .slice(0, MAX_OPTION_GROUPS)
    .map((g) => {
      const seen = new Set<string>();
      const values: { value: string; thumbnail: OptionThumbnail | null }[] = [];
      g.values.forEach((raw, i) => {
        const value = clean(raw);
        if (!value || seen.has(value)) return;
        seen.add(value);
        values.push({ value, thumbnail: g.thumbnails?.[i] ?? null });
      });
      return { title: clean(g.title), values };
    })
    .filter((g) => g.values.length > 0);
}

/** The cross product of the groups' non-empty values, first group outermost. */
export function combinations(groups: readonly OptionGroupInput[]): VariantType[][] {
  let out: VariantType[][] = [[]];
  const eff = effectiveGroups(groups);
  if (eff.length === 0) return [];
  for (const g of eff) {
    out = out.flatMap((prefix) => g.values.map((v) => [...prefix, { title: g.title, value: v.value }]));
  }
  return out;
}

/**
 * Rebuilds the variant list for `groups`, keeping the data of `existing` variants whose
 * combination still exists (the first match wins). New combinations start without price or SKU
 * and take the thumbnail of their first value that has one.
 */
export function buildVariants(
  groups: readonly OptionGroupInput[],
  existing: readonly ExistingVariant[] = [],
): VariantDraft[] {
  const byKey = new Map<string, ExistingVariant>();
  for (const v of existing) {
    const key = variantKey(v.types);
    if (!byKey.has(key)) byKey.set(key, v);
  }
  const eff = effectiveGroups(groups);
  const thumbOf = (types: VariantType[]) => {
    for (const [i, t] of types.entries()) {
      const thumb = eff[i]?.values.find((v) => v.value === t.value)?.thumbnail;
      if (thumb) return thumb;
    }
    return null;
  };
  const unique = new Map(combinations(groups).map((types) => [variantKey(types), types]));
  return [...unique.values()].map((types) => {
    const old = byKey.get(variantKey(types));
    if (old) {
      byKey.delete(variantKey(types));
      return {
        id: old.id ?? null,
        types,
        price: old.price ?? null,
        customer_sku: old.customer_sku ?? null,
        thumbnail_id: old.thumbnail_id ?? null,
        thumbnail_url: old.thumbnail_url ?? null,
      };
    }
    const thumb = thumbOf(types);
    return {
      id: null,
      types,
      price: null,
      customer_sku: null,
      thumbnail_id: thumb?.id ?? null,
      thumbnail_url: thumb?.url ?? null,
    };
  });
}

function renameTypes<V extends ExistingVariant>(
  variants: readonly V[],
  match: (t: VariantType) => boolean,
  change: (t: VariantType) => VariantType,
): V[] {
  return variants.map((v) => ({ ...v, types: v.types.map((t) => (match(t) ? change(t) : t)) }));
}

/** Renames value `valueIndex` of group `groupIndex` in the groups and in the existing variants. */
export function renameOptionValue<G extends OptionGroupInput, V extends ExistingVariant>(
  groups: readonly G[],
  variants: readonly V[],
  groupIndex: number,
  valueIndex: number,
  newValue: string,
): { groups: G[]; variants: V[] } {
  const g = groups[groupIndex];
  if (!g || valueIndex < 0 || valueIndex >= g.values.length) return { groups: [...groups], variants: [...variants] };
  const title = clean(g.title);
  const old = clean(g.values[valueIndex]);
  const next = groups.map((x, i) =>
    i === groupIndex ? { ...x, values: x.values.map((v, j) => (j === valueIndex ? newValue : v)) } : x,
  );
  if (!old || g.values.some((v, j) => j !== valueIndex && clean(v) === clean(newValue)))
    return { groups: next, variants: [...variants] };
  return {
    groups: next,
    variants: renameTypes(
      variants,
      (t) => clean(t.title) === title && clean(t.value) === old,
      (t) => ({ ...t, value: clean(newValue) }),
    ),
  };
}

/** Renames group `groupIndex` in the groups and in the existing variants. */
export function renameOptionTitle<G extends OptionGroupInput, V extends ExistingVariant>(
  groups: readonly G[],
  variants: readonly V[],
  groupIndex: number,
  newTitle: string,
): { groups: G[]; variants: V[] } {
  const g = groups[groupIndex];
  if (!g) return { groups: [...groups], variants: [...variants] };
  const old = clean(g.title);
  const next = groups.map((x, i) => (i === groupIndex ? { ...x, title: newTitle } : x));
  if (groups.some((x, i) => i !== groupIndex && clean(x.title) === clean(newTitle)))
    return { groups: next, variants: [...variants] };
  return {
    groups: next,
    variants: renameTypes(
      variants,
      (t) => clean(t.title) === old,
      (t) => ({ ...t, title: clean(newTitle) }),
    ),
  };
}

/** "Apply to all": the same price on every variant. */
export function applyPriceToAll<V extends ExistingVariant>(variants: readonly V[], cents: number | null): V[] {
  return variants.map((v) => ({ ...v, price: cents == null ? null : { cents } }));
}
