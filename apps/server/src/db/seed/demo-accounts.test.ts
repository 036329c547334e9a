import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PLATFORM_KEYS } from '@agrihub/contract';
import { users } from '../schema/index.js';
import { buildUser, createTestApp, type TestApp } from '../../../test/helper.js';
import { countDemoAccounts, demoAccounts, demoEmail, seedAccounts } from './accounts.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());

describe('counting the demo accounts that can sign in (the start warning)', () => {
  it('none on a database without the demo data, whatever else it holds', async () => {
    await buildUser(t.db, { email: 'admin@htx-mocchau.vn', roles: ['admin'] });
    expect(await countDemoAccounts(t.db)).toBe(0);
  });

  it('every demo account of every platform but the deactivated ones, and one fewer once an administrator deactivates one', async () => {
    await seedAccounts(t.db);
    const active = PLATFORM_KEYS.flatMap((p) => demoAccounts(p).filter((a) => !a.deactivatedAt));
    expect(active.length).toBeGreaterThan(0);
    expect(await countDemoAccounts(t.db)).toBe(active.length);
    await t.db
      .update(users)
      .set({ deactivatedAt: new Date() })
      .where(and(eq(users.platform, 'agrihub'), eq(users.email, demoEmail('admin', 'agrihub'))));
    expect(await countDemoAccounts(t.db)).toBe(active.length - 1);
  });
});
