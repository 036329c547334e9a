/** A chunk of Vite's build manifest (dist/.vite/manifest.json), as far as the precache reads it. */
export interface BuiltChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

/**
 * Every file an entry of the build needs (its script, the chunks it imports, at once or later,
 * their styles and assets), from Vite's build manifest: what the service worker precaches for the
 * diary (pwa.config.ts), and nothing of the other pages.
 */
export function entryFiles(manifest: Record<string, BuiltChunk>, entry: string): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.add(chunk.file);
    for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  if (!manifest[entry]) throw new Error(`${entry} is not an entry of the build`);
  visit(entry);
  return files;
}
