import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from './client.js';

type Entry = { idx: number; when: number; tag: string };
const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: Entry[] };

/**
 * Drizzle's migrator applies only the migrations whose `when` is later than the last one a
 * database has applied: a migration merged from a branch with an older `when` would be skipped on
 * every database already migrated past it. 0012 and 0013 were out of order before any database
 * was deployed and stay as they are.
 */
const DEPLOYED_OUT_OF_ORDER = new Set(['0012_client_messages', '0013_sale_channels']);

describe('migration journal', () => {
  it('numbers migrations in order, each newer than the one before, each with its SQL file', () => {
    journal.entries.forEach((e, i) => {
      expect(e.idx).toBe(i);
      expect(e.tag.startsWith(String(i).padStart(4, '0') + '_')).toBe(true);
      expect(fs.existsSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`))).toBe(true);
      if (i > 0 && !DEPLOYED_OUT_OF_ORDER.has(e.tag)) expect(e.when, e.tag).toBeGreaterThan(journal.entries[i - 1].when);
    });
  });
});
