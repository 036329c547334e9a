/** A translation file as JSON: nested objects of strings. */
export type TranslationTree = { [key: string]: TranslationTree | string };

/** The dotted keys of a translation file (`a.b.c`), for tests that compare languages or usages. */
export function translationKeys(obj: TranslationTree, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    typeof v === 'string' ? [prefix + k] : translationKeys(v, `${prefix}${k}.`),
  );
}
