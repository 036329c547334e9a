import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from './index.js';

type Area = Record<'vi' | 'en', Record<string, string>>;

/** Every area's message table, by file (each file exports one `*_MESSAGES`). */
async function areas(): Promise<[string, Area][]> {
  const dir = import.meta.dirname;
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'index.ts');
  const found: [string, Area][] = [];
  for (const file of files) {
    const mod = (await import(path.join(dir, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) if (name.endsWith('_MESSAGES')) found.push([file, value as Area]);
  }
  return found;
}

describe('message tables', () => {
  it('define each key in one area only: a second definition would silently replace the first in MESSAGES', async () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const [file, area] of await areas()) {
      for (const key of Object.keys(area.vi)) {
        const first = owner.get(key);
        if (first) clashes.push(`${key}: ${first} and ${file}`);
        else owner.set(key, file);
      }
    }
    expect(clashes).toEqual([]);
  });

  it('have every area in MESSAGES, in Vietnamese and in English with the same keys', async () => {
    for (const [file, area] of await areas()) {
      expect(Object.keys(area.en).sort(), file).toEqual(Object.keys(area.vi).sort());
      for (const key of Object.keys(area.vi)) expect(MESSAGES.vi[key], `${file}: ${key}`).toBe(area.vi[key]);
    }
  });
});
