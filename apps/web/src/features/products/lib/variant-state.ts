import {
  applyPriceToAll,
  buildVariants,
  renameOptionTitle,
  renameOptionValue,
  variantKey,
  type OptionThumbnail,
  type VariantDraft,
} from '@agrihub/contract/variants';

/**
 * The variant editor's state. The rules (cross product, empty values skipped, data kept for
 * surviving combinations matched by title + value, renames) are the contract's; this file only
 * keeps the editor's bookkeeping: `retired` remembers variants whose combination disappeared,
 * so removing a value and adding it back restores its price and SKU.
 */
export interface OptionGroupDraft {
  title: string;
  values: string[];
  thumbnails: (OptionThumbnail | null)[];
}

export interface VariantEditorValue {
  groups: OptionGroupDraft[];
  variants: VariantDraft[];
}

export interface VariantEditorState extends VariantEditorValue {
  retired: VariantDraft[];
}

export const EMPTY_VARIANTS: VariantEditorValue = { groups: [], variants: [] };

/** Rebuilds the variants for new groups, from the current and the retired ones. */
export function rebuild(
  state: VariantEditorState,
  groups: OptionGroupDraft[],
  variants = state.variants,
): VariantEditorState {
  const pool = [...variants, ...state.retired];
  const next = buildVariants(groups, pool);
  const kept = new Set(next.map((v) => variantKey(v.types)));
  const retired: VariantDraft[] = [];
  const seen = new Set<string>();
  for (const v of pool) {
    const key = variantKey(v.types);
    if (kept.has(key) || seen.has(key)) continue;
    seen.add(key);
    retired.push(v);
  }
  return { groups, variants: next, retired };
}

const norm = (s: string) => s.trim();

export function renameTitle(state: VariantEditorState, gi: number, title: string): VariantEditorState {
  const renamed = renameOptionTitle(state.groups, state.variants, gi, title);
  return rebuild(state, renamed.groups, renamed.variants);
}

export function renameValue(state: VariantEditorState, gi: number, vi: number, value: string): VariantEditorState {
  if (!norm(value)) return removeValue(state, gi, vi);
  const renamed = renameOptionValue(state.groups, state.variants, gi, vi, norm(value));
  return rebuild(state, renamed.groups, renamed.variants);
}

/** Adds values (a pasted "S, M, L" adds three); repeated and empty values are ignored. */
export function addValues(state: VariantEditorState, gi: number, text: string): VariantEditorState {
  const group = state.groups[gi];
  if (!group) return state;
  const present = new Set(group.values.map(norm));
  const fresh: string[] = [];
  for (const part of text.split(/[,;\n]/)) {
    const v = norm(part);
    if (v && !present.has(v)) {
      present.add(v);
      fresh.push(v);
    }
  }
  if (!fresh.length) return state;
  const groups = state.groups.map((g, i) =>
    i === gi ? { ...g, values: [...g.values, ...fresh], thumbnails: [...g.thumbnails, ...fresh.map(() => null)] } : g,
  );
  return rebuild(state, groups);
}

export function removeValue(state: VariantEditorState, gi: number, vi: number): VariantEditorState {
  const groups = state.groups.map((g, i) =>
    i === gi
      ? { ...g, values: g.values.filter((_, j) => j !== vi), thumbnails: g.thumbnails.filter((_, j) => j !== vi) }
      : g,
  );
  return rebuild(state, groups);
}

/** A value's thumbnail; variants of that value without their own thumbnail take it. */
export function setValueThumbnail(
  state: VariantEditorState,
  gi: number,
  vi: number,
  thumb: OptionThumbnail | null,
): VariantEditorState {
  const group = state.groups[gi];
  if (!group) return state;
  const groups = state.groups.map((g, i) =>
    i === gi ? { ...g, thumbnails: g.values.map((_, j) => (j === vi ? thumb : (g.thumbnails[j] ?? null))) } : g,
  );
  const value = norm(group.values[vi] ?? '');
  const title = norm(group.title);
  const variants = state.variants.map((v) =>
    thumb && !v.thumbnail_id && v.types.some((t) => norm(t.title) === title && norm(t.value) === value)
      ? { ...v, thumbnail_id: thumb.id, thumbnail_url: thumb.url }
      : v,
  );
  return { ...state, groups, variants };
}

export function addGroup(state: VariantEditorState): VariantEditorState {
  return { ...state, groups: [...state.groups, { title: '', values: [], thumbnails: [] }] };
}

export function removeGroup(state: VariantEditorState, gi: number): VariantEditorState {
  return rebuild(
    state,
    state.groups.filter((_, i) => i !== gi),
  );
}

export function updateVariant(
  state: VariantEditorState,
  index: number,
  patch: Partial<VariantDraft>,
): VariantEditorState {
  return { ...state, variants: state.variants.map((v, i) => (i === index ? { ...v, ...patch } : v)) };
}

export function priceToAll(state: VariantEditorState, cents: number | null): VariantEditorState {
  return { ...state, variants: applyPriceToAll(state.variants, cents) };
}

/** Option groups as the API wants them (titles and values trimmed, thumbnails aligned). */
export function groupsForApi(groups: readonly OptionGroupDraft[]) {
  return groups.map((g) => ({
    title: norm(g.title),
    values: g.values.map(norm),
    thumbnails: g.values.map((_, i) => g.thumbnails[i] ?? null),
  }));
}
