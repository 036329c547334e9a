import type { Db } from '../client.js';
import { seedAccounts } from './accounts.js';

/** All demo data, in dependency order. Every step is idempotent. */
export async function seedDemo(db: Db): Promise<void> {
  await seedAccounts(db);
}
