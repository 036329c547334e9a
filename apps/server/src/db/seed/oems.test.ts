import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { todayInVietnam, type ProducerOem } from '@agrihub/contract';
import { producerOems, users } from '../schema/index.js';
import { openSession } from '../../modules/auth/sessions.js';
import { createTestApp, headers, json, type TestApp } from '../../../test/helper.js';
import { demoEmail, seedAccounts } from './accounts.js';
import { seedCatalog } from './catalog.js';
import { DEMO_OEMS, seedOems } from './oems.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedAccounts(t.db);
  await seedCatalog(t.db);
  await seedOems(t.db);
}, 120_000);
afterAll(() => t.close());

describe('demo OEM producers seed', () => {
  it('gives DTrack its OEM directory once: one certificate ending within 30 days, one expired, one OEM inactive', async () => {
    await seedOems(t.db);
    const [admin] = await t.db
      .select()
      .from(users)
      .where(and(eq(users.platform, 'dtrack'), eq(users.email, demoEmail('admin', 'dtrack'))));
    const h = headers('dtrack', (await openSession(t.db, admin.id)).access_token);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/producer_oems?per_page=100', headers: h });
    expect(res.statusCode).toBe(200);
    const oems = json(res).data.producer_oems as ProducerOem[];
    expect(oems).toHaveLength(DEMO_OEMS.length);
    expect(new Set(oems.map((o) => o.province_code)).size).toBeGreaterThanOrEqual(8);
    expect(oems.every((o) => o.category_ids.length > 0 && o.certificates.length > 0)).toBe(true);
    const certs = oems.flatMap((o) => o.certificates);
    expect(certs.filter((c) => c.days_left !== null && c.days_left >= 0 && c.days_left <= 30)).toHaveLength(1);
    expect(certs.filter((c) => c.validity === 'expired')).toHaveLength(1);
    expect(oems.filter((o) => !o.active).map((o) => o.name)).toEqual(['Công ty TNHH Mật ong Mộc Châu']);
    expect(oems.every((o) => o.created_by?.id === admin.id)).toBe(true);
    // Only DTrack has the directory.
    expect(await t.db.select().from(producerOems).where(eq(producerOems.platform, 'agrihub'))).toEqual([]);
    // The expiry job tells the staff of the one ending within 30 days.
    const sent = await t.app.oemCertificateExpiry.runOnce(new Date(`${todayInVietnam()}T05:00:00+07:00`));
    expect(sent.map((n) => n.certificate.name)).toEqual(['HACCP']);
  });
});
