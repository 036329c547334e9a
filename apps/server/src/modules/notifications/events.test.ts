import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PlatformKey } from '@agrihub/contract';
import { notifications, users } from '../../db/schema/index.js';
import type { DomainEvent } from '../../lib/domain-events.js';
import { openSession } from '../auth/sessions.js';
import { createTestApp, headers, json, type TestApp } from '../../../test/helper.js';
import { buildUser } from '../../../test/factories.js';
import { buildBatch, buildProduct } from '../../../test/factories.js';
import { clearOutbox, readOutbox } from '../../../test/outbox.js';

/** Domain events → one notification and one mail per recipient, in the recipient's language. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => clearOutbox(t));

/** Another account of the same producer. */
async function secondAccount(producerId: number, platform: PlatformKey, locale: string) {
  const [user] = await t.db
    .insert(users)
    .values({
      platform,
      email: `second-${producerId}-${locale}@example.vn`,
      name: locale === 'en' ? 'Second Member' : 'Thành viên Hai',
      passwordHash: 'x',
      producerId,
      locale,
    })
    .returning();
  return { user, producerId, platform, token: (await openSession(t.db, user.id)).access_token, refreshToken: '' };
}

const publish = async (...events: DomainEvent[]) => {
  t.app.events.publish(events);
  await t.app.events.drain();
};
const rowsOf = (userId: number) => t.db.select().from(notifications).where(eq(notifications.userId, userId));
const list = async (u: { platform: PlatformKey; token: string }, locale = 'vi') =>
  json(
    await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: headers(u.platform, u.token, locale) }),
  ).data.notifications;

describe('notification subscribers', () => {
  it('product.rejected: each account of the producer gets one notification and one mail in its language, with the reason', async () => {
    const owner = await buildUser(t.db, { platform: 'agrihub', locale: 'vi' });
    const english = await secondAccount(owner.producerId!, 'agrihub', 'en');
    const otherProducer = await buildUser(t.db, { platform: 'agrihub' });
    const product = await buildProduct(t.db, {
      producerId: owner.producerId!,
      status: 'pending',
      name: 'Cà phê Cầu Đất',
    });
    await publish({
      type: 'product.rejected',
      platform: 'agrihub',
      productId: product.id,
      producerId: owner.producerId!,
      actorId: null,
      reason: 'Ảnh sản phẩm bị mờ <b>',
    });

    expect(await rowsOf(owner.user.id)).toHaveLength(1);
    expect(await rowsOf(english.user.id)).toHaveLength(1);
    expect(await rowsOf(otherProducer.user.id)).toHaveLength(0);

    const [vi] = await list(owner, 'vi');
    expect(vi).toMatchObject({
      type: 'product.rejected',
      title: 'Sản phẩm bị từ chối duyệt',
      link: `/products/${product.id}`,
      read: false,
      read_at: null,
    });
    expect(vi.body).toContain('Lý do: Ảnh sản phẩm bị mờ <b>');
    expect(vi.body).toContain('"Cà phê Cầu Đất"');
    const [en] = await list(english, 'en');
    expect(en.title).toBe('Product rejected');
    expect(en.body).toContain('Reason: Ảnh sản phẩm bị mờ <b>');

    const mails = readOutbox(t.config.outboxDir);
    expect(mails.map((m) => [m.to, m.subject]).sort()).toEqual(
      [
        [owner.user.email, '[AgriHub] Sản phẩm bị từ chối duyệt'],
        [english.user.email, '[AgriHub] Product rejected'],
      ].sort(),
    );
    const viMail = mails.find((m) => m.to === owner.user.email)!;
    expect(viMail.text).toContain(`Xin chào ${owner.user.name},`);
    expect(viMail.text).toContain('Lý do: Ảnh sản phẩm bị mờ <b>');
    expect(viMail.text).toContain(`Xem chi tiết: http://agrihub.localhost:3000/products/${product.id}`);
    // The HTML part says the same, the reason escaped, with a link to the product.
    expect(viMail.html).toContain('Lý do: Ảnh sản phẩm bị mờ &lt;b&gt;');
    expect(viMail.html).toContain(`href="http://agrihub.localhost:3000/products/${product.id}"`);
    expect(viMail.html).not.toContain('<b>');
    const enMail = mails.find((m) => m.to === english.user.email)!;
    expect(enMail.text).toContain('Hello Second Member,');
    expect(enMail.html).toContain('View details');
  });

  it('each event reaches the right accounts only: the producer’s on its platform, or the user', async () => {
    const a = await buildUser(t.db, { platform: 'dtrack' });
    const a2 = await secondAccount(a.producerId!, 'dtrack', 'vi');
    const b = await buildUser(t.db, { platform: 'dtrack' });
    const elsewhere = await buildUser(t.db, { platform: 'foodmap' });
    const product = await buildProduct(t.db, { producerId: a.producerId!, status: 'pending', name: 'Mật ong bạc hà' });
    const batch = await buildBatch(t.db, { productId: product.id, lotCode: 'LO-2025-07' });
    const base = { platform: 'dtrack' as const, producerId: a.producerId!, actorId: null };

    const cases: [DomainEvent, string, string | null][] = [
      [{ type: 'producer.approved', ...base }, 'Đơn vị sản xuất đã được duyệt', '/account-setup'],
      [{ type: 'producer.closed', ...base, reason: 'Hết hạn giấy phép' }, 'Lý do: Hết hạn giấy phép', '/account-setup'],
      [{ type: 'product.approved', ...base, productId: product.id }, '"Mật ong bạc hà"', `/products/${product.id}`],
      [
        { type: 'batch.recalled', ...base, batchId: batch.id, reason: 'Phát hiện lỗi đóng gói' },
        'Lô hàng "LO-2025-07" của sản phẩm "Mật ong bạc hà" đã bị thu hồi.\nLý do: Phát hiện lỗi đóng gói',
        `/product-batches/${batch.id}`,
      ],
    ];
    for (const [event, words, link] of cases) {
      await clearOutbox(t);
      await publish(event);
      for (const u of [a, a2]) {
        const [latest] = await list(u);
        expect(latest.type, event.type).toBe(event.type);
        expect(`${latest.title}\n${latest.body}`).toContain(words);
        expect(latest.link).toBe(link);
      }
      const mails = readOutbox(t.config.outboxDir);
      expect(mails.map((m) => m.to).sort(), event.type).toEqual([a.user.email, a2.user.email].sort());
    }
    expect(await rowsOf(a.user.id)).toHaveLength(cases.length);
    expect(await rowsOf(b.user.id)).toHaveLength(0);
    expect(await rowsOf(elsewhere.user.id)).toHaveLength(0);

    // A password change tells that user only, not the other accounts of its producer.
    await clearOutbox(t);
    await publish({ type: 'user.password_changed', platform: 'dtrack', userId: a2.user.id });
    expect(await rowsOf(a2.user.id)).toHaveLength(cases.length + 1);
    expect(await rowsOf(a.user.id)).toHaveLength(cases.length);
    const [mail] = readOutbox(t.config.outboxDir);
    expect(mail).toMatchObject({ to: a2.user.email, subject: '[DTrack] Mật khẩu đã được thay đổi' });
    expect(mail.text).toContain(`Mật khẩu của tài khoản ${a2.user.email} trên DTrack vừa được thay đổi.`);
  });

  it('an event naming a record of another platform notifies no one', async () => {
    const a = await buildUser(t.db, { platform: 'dtrack' });
    const product = await buildProduct(t.db, { producerId: a.producerId!, status: 'pending' });
    await publish(
      { type: 'producer.approved', platform: 'foodmap', producerId: a.producerId!, actorId: null },
      {
        type: 'product.approved',
        platform: 'agrihub',
        productId: product.id,
        producerId: a.producerId!,
        actorId: null,
      },
      { type: 'user.password_changed', platform: 'foodmap', userId: a.user.id },
    );
    expect(await rowsOf(a.user.id)).toHaveLength(0);
    expect(readOutbox(t.config.outboxDir)).toEqual([]);
    expect(await list(a)).toEqual([]);
  });

  it('dtrack is Vietnamese only: an account set to English still reads Vietnamese', async () => {
    const a = await buildUser(t.db, { platform: 'dtrack', locale: 'en' });
    await publish({ type: 'producer.approved', platform: 'dtrack', producerId: a.producerId!, actorId: null });
    expect(readOutbox(t.config.outboxDir)[0].subject).toBe('[DTrack] Đơn vị sản xuất đã được duyệt');
    expect((await list(a, 'en'))[0].title).toBe('Đơn vị sản xuất đã được duyệt');
  });

  it('a failing mail does not lose the notification', async () => {
    const a = await buildUser(t.db, { platform: 'dtrack' });
    const app = t.app as { sendMail: TestApp['app']['sendMail'] };
    const { sendMail } = app;
    app.sendMail = () => Promise.reject(new Error('disk full'));
    try {
      await publish({ type: 'producer.approved', platform: 'dtrack', producerId: a.producerId!, actorId: null });
    } finally {
      app.sendMail = sendMail;
    }
    expect(await list(a)).toHaveLength(1);
  });
});
