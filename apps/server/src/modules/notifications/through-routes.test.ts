import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { notifications } from '../../db/schema/index.js';
import { recordActivity } from '../../lib/activity.js';
import { TEST_PASSWORD, as, buildUser, createTestApp, json, type Built, type TestApp } from '../../../test/helper.js';
import { buildBatch, buildProduct } from '../../../test/factories.js';
import { clearOutbox, readOutbox } from '../../../test/outbox.js';

/** The routes that change a status emit events; their notifications and mails follow once the change committed. */
let t: TestApp;
let admin: Built;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildUser(t.db, { roles: ['admin'] });
});
afterAll(() => t.close());
beforeEach(() => clearOutbox(t));

const INTERNAL = 'NỘI BỘ: nghi ngờ giấy chứng nhận giả, đang xác minh';
const mineOf = async (u: Built, locale = 'vi') =>
  json(await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: as(u, locale) })).data.notifications;

describe('notifications from the routes', () => {
  it('a product rejected by an administrator: the producer reads the reason, never the internal note', async () => {
    const producer = await buildUser(t.db);
    const product = await buildProduct(t.db, { producerId: producer.producerId!, status: 'pending', name: 'Gạo ST25' });
    // A back-office note on the product's history, for administrators only.
    await recordActivity(t.db, {
      subjectType: 'product',
      subjectId: product.id,
      platform: 'dtrack',
      actorId: admin.user.id,
      action: 'note',
      note: INTERNAL,
      internal: true,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/products/${product.id}/reject`,
      headers: as(admin),
      payload: { reason: 'Thiếu ảnh nhãn mác' },
    });
    expect(res.statusCode).toBe(200);
    await t.app.events.drain();

    const [n] = await mineOf(producer);
    expect(n).toMatchObject({ type: 'product.rejected', link: `/products/${product.id}` });
    expect(n.body).toContain('Lý do: Thiếu ảnh nhãn mác');
    const [mail] = readOutbox(t.config.outboxDir);
    expect(mail).toMatchObject({ to: producer.user.email, subject: '[DTrack] Sản phẩm bị từ chối duyệt' });
    expect(mail.text).toContain('Lý do: Thiếu ảnh nhãn mác');
    // Nowhere: not in the answer, the stored notification, the mail's text or HTML.
    const stored = await t.db.select().from(notifications).where(eq(notifications.userId, producer.user.id));
    for (const seen of [JSON.stringify(n), JSON.stringify(stored), mail.text, mail.html ?? '']) {
      expect(seen).not.toContain('NỘI BỘ');
      expect(seen).not.toContain('giấy chứng nhận giả');
    }
  });

  it('producer approved then closed: one notification and one mail each, the closing reason in them', async () => {
    const producer = await buildUser(t.db, { producer: { status: 'pending', name: 'HTX Chè Tân Cương' } });
    const setStatus = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/producers/${producer.producerId}/status`,
        headers: as(admin),
        payload,
      });
    expect((await setStatus({ status: 'approved' })).statusCode).toBe(200);
    expect((await setStatus({ status: 'closed', reason: 'Giấy phép kinh doanh hết hạn' })).statusCode).toBe(200);
    await t.app.events.drain();
    const list = await mineOf(producer);
    expect(list.map((n: { type: string }) => n.type)).toEqual(['producer.closed', 'producer.approved']);
    expect(list[0].body).toContain('Lý do: Giấy phép kinh doanh hết hạn');
    const mails = readOutbox(t.config.outboxDir);
    expect(mails.map((m) => m.subject)).toEqual([
      '[DTrack] Đơn vị sản xuất đã được duyệt',
      '[DTrack] Đơn vị sản xuất đã bị đóng',
    ]);
  });

  it('a changed password tells that user only, in a mail naming the account', async () => {
    const u = await buildUser(t.db, { platform: 'agrihub', locale: 'en' });
    const colleague = await buildUser(t.db, { platform: 'agrihub' });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/password',
      headers: as(u),
      payload: { old_password: TEST_PASSWORD, password: 'Moi@2026pass' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.events.drain();
    const fresh = { ...u, token: json(res).data.token.access_token };
    const [n] = await mineOf(fresh, 'en');
    expect(n).toMatchObject({
      type: 'user.password_changed',
      title: 'Your password was changed',
      link: '/account-setup',
    });
    expect(await mineOf(colleague)).toEqual([]);
    const [mail] = readOutbox(t.config.outboxDir);
    expect(mail).toMatchObject({ to: u.user.email, subject: '[AgriHub] Your password was changed' });
    expect(mail.text).toContain(`The password of the account ${u.user.email} on AgriHub has just been changed.`);
  });

  it('a recalled batch tells every account of its producer, with the reason', async () => {
    const producer = await buildUser(t.db, { registedServices: ['multichannel'], createdAt: new Date('2020-01-01') });
    const batch = await buildBatch(t.db, { producerId: producer.producerId!, lotCode: 'LO-THU-HOI' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/traceabilities/${batch.id}/recall`,
      headers: as(producer),
      payload: { reason: 'Phát hiện dư lượng thuốc bảo vệ thực vật' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.events.drain();
    const [n] = await mineOf(producer);
    expect(n).toMatchObject({ type: 'batch.recalled', link: `/product-batches/${batch.id}` });
    expect(n.body).toContain('"LO-THU-HOI"');
    expect(n.body).toContain('Lý do: Phát hiện dư lượng thuốc bảo vệ thực vật');
    expect(readOutbox(t.config.outboxDir).map((m) => m.to)).toEqual([producer.user.email]);
  });
});
