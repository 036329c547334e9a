import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_KEYS, PLATFORMS, type PlatformKey } from '@agrihub/contract';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { buildUser } from '../../test/factories.js';
import { readOutbox } from '../../test/outbox.js';
import { startFakeSmtp, type FakeSmtp } from '../../test/smtp.js';
import { deliver } from '../modules/notifications/deliver.js';

/**
 * Issue 13: a mail carries the name and address of the platform it speaks for — DTrack's never
 * come from "AgriHub" — in the outbox and through the SMTP queue, whatever sends it (the reset
 * link of the account routes, a notification of the domain events).
 */
let ip = 0;
const forgot = (t: TestApp, platform: PlatformKey, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/users/forgot_password',
    headers: { platform, locale: 'vi' },
    payload: { email },
    remoteAddress: `10.61.0.${++ip}`,
  });
const others = (p: PlatformKey) => PLATFORM_KEYS.filter((o) => o !== p).map((o) => PLATFORMS[o].name);

describe('without SMTP (outbox), default senders', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each(PLATFORM_KEYS)('%s: the reset mail comes from the platform and names only it', async (p) => {
    const u = await buildUser(t.db, { platform: p });
    expect((await forgot(t, p, u.user.email)).statusCode).toBe(200);
    await t.app.events.drain(); // the link is mailed after the answer (ADR 035)
    const mail = readOutbox(t.config.outboxDir).find((m) => m.to === u.user.email)!;
    const name = PLATFORMS[p].name;
    expect(mail.from).toBe(`${name} <no-reply@${p}.localhost>`);
    expect(mail.subject).toBe(`[${name}] Đặt lại mật khẩu`);
    expect(mail.text).toContain(`Đội ngũ ${name}`);
    for (const other of others(p)) expect(`${mail.subject}\n${mail.text}`).not.toContain(other);
  });

  it.each(PLATFORM_KEYS)('%s: a notification mail comes from the platform', async (p) => {
    const u = await buildUser(t.db, { platform: p });
    await deliver(t.app, [{ id: u.user.id, name: u.user.name, email: u.user.email, locale: 'vi' }], {
      platform: p,
      type: 'producer.approved',
      params: { producer: 'Hợp tác xã Chè Tân Cương' },
      link: '/dashboard',
    });
    const mail = readOutbox(t.config.outboxDir).find((m) => m.to === u.user.email)!;
    const name = PLATFORMS[p].name;
    expect(mail.from).toBe(`${name} <no-reply@${p}.localhost>`);
    expect(mail.subject.startsWith(`[${name}] `)).toBe(true);
    expect(mail.html).toContain(PLATFORMS[p].primaryColor);
    for (const other of others(p)) expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toContain(other);
  });
});

describe('through SMTP (queue), senders from MAIL_FROM_<PLATFORM>', () => {
  let t: TestApp;
  let smtp: FakeSmtp;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    t = await createTestApp({
      SMTP_URL: smtp.url,
      MAIL_FROM_DTRACK: 'Truy xuất DTrack <truyxuat@dtrack.example.vn>',
      MAIL_FROM_FOODMAP: 'lienhe@foodmap.example.vn',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it.each([
    ['dtrack', 'truyxuat@dtrack.example.vn', /^From: =\?UTF-8\?Q\?Truy_xu.*?\?= <truyxuat@dtrack\.example\.vn>$/m],
    ['agrihub', 'no-reply@agrihub.localhost', /^From: AgriHub <no-reply@agrihub\.localhost>$/m],
    ['foodmap', 'lienhe@foodmap.example.vn', /^From: Foodmap <lienhe@foodmap\.example\.vn>$/m],
  ] as const)('%s: the queued mail keeps its platform and is sent from %s', async (p, address, header) => {
    const u = await buildUser(t.db, { platform: p });
    const received = smtp.nextMail();
    expect((await forgot(t, p, u.user.email)).statusCode).toBe(200);
    await t.app.events.drain();
    await t.app.mailQueue.drain();
    const sent = await received;
    expect(sent.from).toBe(`<${address}>`);
    expect(sent.data).toMatch(header);
    // The subject, an encoded word (Vietnamese): "[DTrack] Đặt lại mật khẩu".
    expect(sent.data).toContain(`Subject: =?UTF-8?Q?=5B${PLATFORMS[p].name}=5D_`);
  });

  it('a reply-to address travels through the queue', async () => {
    const received = smtp.nextMail();
    await t.app.sendMail({
      platform: 'dtrack',
      to: 'ncc@example.vn',
      replyTo: 'lienhe@dtrack.example.vn',
      subject: '[DTrack] Đơn đặt hàng',
      text: 'Vui lòng xác nhận đơn hàng qua email này.',
    });
    await t.app.mailQueue.drain();
    expect((await received).data).toMatch(/^Reply-To: lienhe@dtrack\.example\.vn$/m);
  });
});
