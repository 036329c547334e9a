import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { notifications, users } from '../schema/index.js';
import { openSession } from '../../modules/auth/sessions.js';
import { createTestApp, headers, json, type TestApp } from '../../../test/helper.js';
import { buildBatch, buildProduct } from '../../../test/factories.js';
import { demoEmail, seedAccounts } from './accounts.js';
import { seedNotifications } from './notifications.js';
import { seedProducerHistory } from './producer-history.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedAccounts(t.db);
  await seedProducerHistory(t.db);
});
afterAll(() => t.close());

async function demoUser(local: string) {
  const [u] = await t.db
    .select()
    .from(users)
    .where(and(eq(users.platform, 'dtrack'), eq(users.email, demoEmail(local, 'dtrack'))));
  return { u, h: headers('dtrack', (await openSession(t.db, u.id)).access_token) };
}

describe('demo notifications seed', () => {
  it('gives the demo producers read and unread notifications from their data, once', async () => {
    const producer = await demoUser('producer');
    const product = await buildProduct(t.db, { producerId: producer.u.producerId!, name: 'Chè Shan tuyết' });
    const batch = await buildBatch(t.db, {
      productId: product.id,
      lotCode: 'DT-LOT-003',
      status: 'published',
      recalledAt: new Date(),
      recallReason: 'Dư lượng vượt ngưỡng',
    });
    await seedNotifications(t.db);
    await seedNotifications(t.db);

    const list = json(await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: producer.h }));
    expect(list.data.notifications.map((n: { type: string; read: boolean }) => [n.type, n.read])).toEqual([
      ['batch.recalled', false],
      ['product.approved', true],
      ['producer.approved', true],
    ]);
    expect(list.data.notifications[0]).toMatchObject({ link: `/product-batches/${batch.id}` });
    expect(list.data.notifications[0].body).toContain('Lý do: Dư lượng vượt ngưỡng');

    // The closed producer reads its closing reason, never the internal note of its history.
    const closed = await demoUser('closed');
    const mine = json(await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: closed.h }));
    expect(mine.data.notifications[0]).toMatchObject({ type: 'producer.closed', read: false });
    expect(mine.data.notifications[0].body).toContain('Lý do: Giấy chứng nhận đăng ký kinh doanh đã hết hiệu lực');
    expect(JSON.stringify(mine)).not.toContain('Đã gọi điện hai lần');
    const unread = await t.app.inject({ method: 'GET', url: '/api/v1/notifications/unread-count', headers: closed.h });
    expect(json(unread).data.unread_count).toBe(1);

    // Seeding again added nothing.
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, producer.u.id))).toHaveLength(3);
  });
});
