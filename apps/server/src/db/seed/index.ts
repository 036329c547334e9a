import type { Db } from '../client.js';
import { localStorageDriver } from '../../plugins/storage.js';
import { seedAccounts } from './accounts.js';
import { seedBatches } from './batches.js';
import { seedCatalog } from './catalog.js';
import { seedProducts } from './products.js';

export interface SeedOptions {
  /** Where generated demo images are stored (config.uploadDir, served at /uploads/). */
  uploadDir: string;
}

/** All demo data, in dependency order. Every step is idempotent. */
export async function seedDemo(db: Db, opts: SeedOptions): Promise<void> {
  const storage = localStorageDriver(opts.uploadDir);
  await seedAccounts(db);
  await seedCatalog(db);
  await seedProducts(db, storage);
  await seedBatches(db, storage);
}
