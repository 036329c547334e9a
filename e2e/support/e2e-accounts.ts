// Accounts of the browser tests' own, for what no public API can make: an account that must
// change its password at its next login. start-server.ts runs this file (npx tsx) before the
// server starts, after the demo seed, so the shared demo accounts are never changed by a spec.
export const FORCED_CHANGE_EMAIL = 'doi-mat-khau@e2e.example.vn';

/** A server module, loaded at run time (the e2e typecheck does not compile the server). */
const server = (module: string): Promise<any> =>
  import(new URL(`../../apps/server/src/${module}`, import.meta.url).href);

/** Adds the e2e accounts to the database of DATABASE_URL / DATA_DIR (demo seed first, as `npm start` would). */
export async function seedE2eAccounts(): Promise<void> {
  const { loadConfig } = await server('config/env.js');
  const { openDatabase } = await server('db/client.js');
  const { seedDemoOnStart } = await server('db/seed/index.js');
  const { producers, users } = await server('db/schema/index.js');
  const { hashPassword } = await server('lib/secrets.js');
  const { DEMO_PASSWORD } = await server('db/seed/accounts.js');
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await database.migrate();
    await seedDemoOnStart(database.db, { uploadDir: config.uploadDir });
    const [producer] = await database.db
      .insert(producers)
      .values({ platform: 'dtrack', name: 'Cơ sở Đổi Mật Khẩu', producerType: 'household', status: 'approved' })
      .returning();
    await database.db.insert(users).values({
      platform: 'dtrack',
      email: FORCED_CHANGE_EMAIL,
      name: 'Người dùng phải đổi mật khẩu',
      passwordHash: await hashPassword(DEMO_PASSWORD),
      producerId: producer.id,
      requiredChangePassword: true,
    });
  } finally {
    await database.close();
  }
}

if (process.argv[1]?.endsWith('e2e-accounts.ts')) await seedE2eAccounts();
