import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { appMeta, users } from '../schema/index.js';
import { createStorageDriver } from '../../plugins/storage.js';
import { loadConfig, type Config } from '../../config/env.js';
import { seedAccounts } from './accounts.js';
import { seedBatches } from './batches.js';
import { seedBookingRooms } from './booking-rooms.js';
import { seedCatalog } from './catalog.js';
import { seedClientMessages } from './client-messages.js';
import { seedContent } from './content.js';
import { seedNotifications } from './notifications.js';
import { seedOems } from './oems.js';
import { seedProducerHistory } from './producer-history.js';
import { seedProducts } from './products.js';
import { seedPurchaseOrders } from './purchase-orders.js';
import { seedSaleChannels } from './sale-channels.js';
import { seedSaleChannelReferences } from './sale-channel-references.js';
import { seedServices } from './services.js';
import { seedServiceRequests } from './service-requests.js';
import { seedSettings } from './settings.js';
import { seedSupplyChain } from './supply-chain.js';

/** app_meta key of the first-start demo seed: 'started', then 'done' once every step is through. */
export const DEMO_SEED_KEY = 'demo_seed';

export interface SeedOptions {
  /** Where generated demo images are stored (config.uploadDir, served at /uploads/) unless config.s3 names a bucket. */
  uploadDir: string;
  /** The server's configuration (platform hosts of the demo listings' links, S3 bucket); read from the environment when absent. */
  config?: Config;
}

/** All demo data, in dependency order. Every step is idempotent; the last write marks the seed done. */
export async function seedDemo(db: Db, opts: SeedOptions): Promise<void> {
  const config = opts.config ?? loadConfig();
  // The demo images go where the app serves uploads from: the S3 bucket when one is configured.
  const storage = await createStorageDriver({ uploadDir: opts.uploadDir, s3: config.s3 });
  try {
    await seedAccounts(db);
    await seedProducerHistory(db);
    await seedCatalog(db);
    await seedOems(db);
    await seedSaleChannels(db);
    await seedServices(db);
    await seedBookingRooms(db);
    await seedServiceRequests(db);
    await seedClientMessages(db);
    await seedProducts(db, storage);
    await seedBatches(db, storage);
    await seedSupplyChain(db);
    await seedSaleChannelReferences(db, config);
    await seedNotifications(db);
    await seedContent(db, storage);
    await seedPurchaseOrders(db);
    await seedSettings(db);
    await setDemoSeedState(db, 'done');
  } finally {
    storage.close?.();
  }
}

async function setDemoSeedState(db: Db, value: 'started' | 'done'): Promise<void> {
  await db
    .insert(appMeta)
    .values({ key: DEMO_SEED_KEY, value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: new Date() } });
}

/**
 * The demo seed of `npm start` (SEED_DEMO=true): on an empty database it marks the seed started,
 * then seeds; a start after a crash halfway (marked started, never done) runs the idempotent seed
 * again, which adds only what is missing. A database that has accounts but no mark (seeded before
 * the mark existed, or a real one) is left alone: demo accounts are never added to it.
 */
export async function seedDemoOnStart(db: Db, opts: SeedOptions): Promise<'seeded' | 'resumed' | 'skipped'> {
  const [mark] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, DEMO_SEED_KEY));
  if (mark?.value === 'done') return 'skipped';
  if (!mark) {
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
    if (n > 0) return 'skipped';
    await setDemoSeedState(db, 'started');
  }
  await seedDemo(db, opts);
  return mark ? 'resumed' : 'seeded';
}
