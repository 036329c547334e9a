/**
 * Size of what a light public page loads: the public trace page (/trace/{code}, the manifest entry
 * whose src mentions "trace") or the public content pages (/news, /faqs, /information-security:
 * "content"), the chunks it imports statically (recursively) and their CSS, gzip-compressed
 * (level 9). Dynamic imports are listed apart: the page does not load them up front.
 * Target (issues 3 and 11): JS + CSS under 150 KB gzip, and no antd chunk.
 *
 *   npm run build -w @agrihub/web && npx tsx bench/trace-page-size.ts [trace|content]
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const DIST = process.env.WEB_DIST ?? path.resolve(here, '../apps/web/dist');
const LIMIT_KB = 150;

interface Chunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export function runTracePageSize(entry: 'trace' | 'content' = 'trace'): void {
  const manifestPath = path.join(DIST, '.vite/manifest.json');
  if (!fs.existsSync(manifestPath)) {
    console.log(`\nTrace page size: no build found at ${manifestPath}.\nRun \`npm run build -w @agrihub/web\` first.`);
    return;
  }
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>;
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && (manifest[k].src ?? k).includes(entry));
  if (!entryKey) {
    console.log(`\nPage size: the manifest has no entry whose src includes "${entry}".`);
    return;
  }
  const files = new Map<string, 'js' | 'css'>();
  const dynamic = new Set<string>();
  const visit = (key: string) => {
    const c = manifest[key];
    if (!c || files.has(c.file)) return;
    files.set(c.file, 'js');
    for (const css of c.css ?? []) files.set(css, 'css');
    for (const d of c.dynamicImports ?? []) dynamic.add(d);
    for (const i of c.imports ?? []) visit(i);
  };
  visit(entryKey);

  const rows = [...files].map(([file, kind]) => {
    const buf = fs.readFileSync(path.join(DIST, file));
    return { file, kind, raw: buf.length, gz: gzipSync(buf, { level: 9 }).length };
  });
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const what = entry === 'trace' ? '/trace/{code}' : '/news, /faqs, /information-security';
  console.log(`\n${entry === 'trace' ? 'Trace' : 'Content'} page (${entryKey}) — what ${what} loads, gzip level 9:`);
  for (const r of rows.sort((a, b) => b.gz - a.gz)) {
    console.log(
      `  ${r.kind.padEnd(4)} ${r.file.padEnd(44)} ${kb(r.raw).padStart(10)} raw ${kb(r.gz).padStart(10)} gzip`,
    );
  }
  const sum = (kind: 'js' | 'css') => rows.filter((r) => r.kind === kind).reduce((s, r) => s + r.gz, 0);
  const total = sum('js') + sum('css');
  const antd = rows.filter((r) => /antd|rc-|@ant-design/i.test(r.file));
  console.log(
    `  JS ${kb(sum('js'))} + CSS ${kb(sum('css'))} = ${kb(total)} gzip — target < ${LIMIT_KB} KB: ${total < LIMIT_KB * 1024 ? 'OK' : 'MISS'}`,
  );
  console.log(`  antd chunk on the page: ${antd.length ? `YES (${antd.map((r) => r.file).join(', ')})` : 'none'}`);
  if (dynamic.size) console.log(`  loaded later on demand (not counted): ${[...dynamic].join(', ')}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  runTracePageSize(process.argv[2] === 'content' ? 'content' : 'trace');
}
