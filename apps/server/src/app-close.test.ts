import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, headers } from '../test/helper.js';
import { buildBatch } from '../test/factories.js';
import { storedScans } from './modules/trace-public/scans.js';

/**
 * app.close() stops the background work and waits for it before it resolves: after it, nothing
 * of the app touches the database, which the server (or the test helper) then closes or drops.
 * A job still running then is what made "terminating connection due to administrator command" flakes.
 */
describe('app.close()', () => {
  it('waits for event handlers in flight and writes the buffered scan counts', async () => {
    const t = await createTestApp();
    try {
      const batch = await buildBatch(t.db);
      let handled = false;
      t.app.events.on('user.password_changed', async () => {
        await t.db.execute(sql`select pg_sleep(0.3)`);
        handled = true;
      });
      t.app.events.publish([{ type: 'user.password_changed', platform: 'dtrack', userId: 1 }]);
      for (let i = 1; i <= 3; i++) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/v1/client/traceabilities/${batch.publicCode}`,
          headers: headers('dtrack'),
          remoteAddress: `10.42.${i}.1`,
        });
        expect(res.statusCode).toBe(200);
      }
      await t.app.close();
      expect(handled).toBe(true);
      const row = await storedScans(t.db, batch.id);
      expect(row.scans).toBe(3);
    } finally {
      await t.close();
    }
  });
});
