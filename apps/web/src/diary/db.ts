import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { DIARY_DB } from './clear';
import type { QueuedEntry, QueueStore } from './queue';

/**
 * The diary's IndexedDB (DESIGN §8, `idb`): the queue of entries, their photos, and the context
 * (plots, lots, products, sprayings) last read per account, so the diary opens with no network.
 * Entries and contexts are keyed by account; clear.ts deletes the whole database on sign-out.
 */
export interface DiaryContext {
  plots: Plot[];
  lots: Lot[];
  products: { id: number; name: string }[];
  sprayings: Spraying[];
}
export interface Plot {
  id: number;
  name: string;
  kind: string;
  area_ha: number | null;
  crop: string | null;
  safe_from: string | null;
  last_spraying: { occurred_at: string; product: string; phi_days: number } | null;
}
export interface Lot {
  id: number;
  lot_code: string;
  product_name: string;
  status: string;
  unit: string;
  quantity: number | string | null;
  location_ids: number[];
}
export interface Spraying {
  location_id: number | null;
  traceability_id: number | null;
  occurred_at: string;
  phi_days: number;
}

interface Schema extends DBSchema {
  entries: { key: string; value: QueuedEntry; indexes: { account: number } };
  photos: { key: string; value: { ref: string; blob: Blob } };
  contexts: { key: number; value: { account: number; saved_at: string; context: DiaryContext } };
}

let opened: Promise<IDBPDatabase<Schema>> | null = null;

function db(): Promise<IDBPDatabase<Schema>> {
  opened ??= openDB<Schema>(DIARY_DB, 1, {
    upgrade(database) {
      const entries = database.createObjectStore('entries', { keyPath: 'id' });
      entries.createIndex('account', 'account');
      database.createObjectStore('photos', { keyPath: 'ref' });
      database.createObjectStore('contexts', { keyPath: 'account' });
    },
    // Another tab signed out (deleteDatabase): let it go; the next use opens a fresh one.
    blocking(_current, _next, event) {
      (event.target as IDBDatabase).close();
      opened = null;
    },
  });
  return opened;
}

export const idbQueue: QueueStore = {
  async entries(account) {
    return (await db()).getAllFromIndex('entries', 'account', account);
  },
  async save(entry) {
    await (await db()).put('entries', entry);
  },
  async remove(id) {
    await (await db()).delete('entries', id);
  },
  async photo(ref) {
    return (await (await db()).get('photos', ref))?.blob;
  },
  async savePhoto(ref, blob) {
    await (await db()).put('photos', { ref, blob });
  },
  async removePhoto(ref) {
    await (await db()).delete('photos', ref);
  },
};

export async function readContext(account: number) {
  return (await db()).get('contexts', account);
}

export async function saveContext(account: number, context: DiaryContext): Promise<void> {
  await (await db()).put('contexts', { account, saved_at: new Date().toISOString(), context });
}

/** Closes this page's connection (before deleting the database on sign-out). */
export async function closeDb(): Promise<void> {
  if (!opened) return;
  const current = opened;
  opened = null;
  (await current).close();
}
