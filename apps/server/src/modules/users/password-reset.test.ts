import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { passwordResets, users } from '../../db/schema/index.js';
import { sha256 } from '../../lib/secrets.js';
import { as, createTestApp, json, type TestApp } from '../../../test/helper.js';
import { TEST_PASSWORD, buildUser } from '../../../test/factories.js';
import { clearOutbox, readOutbox } from '../../../test/outbox.js';
import { checkLogin, recordLoginFailure } from '../auth/throttle.js';

let t: TestApp;
let ip = 0;
beforeAll(async () => {
  t = await createTestApp({ FORGOT_RATE_LIMIT_PER_HOUR: '3' });
});
afterAll(() => t.close());

const forgot = (platform: string, email: string, extra: { host?: string; ip?: string; locale?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/users/forgot_password',
    headers: { platform, locale: extra.locale ?? 'vi', ...(extra.host ? { host: extra.host } : {}) },
    payload: { email },
    remoteAddress: extra.ip ?? `10.20.0.${++ip}`,
  });
const reset = (platform: string, token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/users/reset_password', headers: { platform, locale: 'vi' }, payload: { token, password } });
const login = (platform: string, username: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { platform, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
    remoteAddress: `10.30.0.${++ip}`,
  });

/** The reset link of the only mail in the outbox, once the work after the answers is done (ADR 035). */
async function mailedLink(): Promise<{ mail: ReturnType<typeof readOutbox>[number]; link: URL; token: string }> {
  await t.app.events.drain();
  const mails = readOutbox(t.config.outboxDir);
  expect(mails).toHaveLength(1);
  const href = mails[0].text.match(/https?:\/\/\S+\/reset\?token=\S+/)?.[0];
  expect(href).toBeTruthy();
  const link = new URL(href!);
  return { mail: mails[0], link, token: link.searchParams.get('token')! };
}

describe('POST /api/v1/users/forgot_password', () => {
  it('mails a Vietnamese reset link on the platform host, stores only the token hash, valid 1 hour', async () => {
    await clearOutbox(t);
    const u = await buildUser(t.db, { platform: 'foodmap' });
    const res = await forgot('foodmap', u.user.email.toUpperCase(), { host: 'foodmap.localhost:3000' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ meta: { message: 'Nếu email tồn tại, chúng tôi đã gửi hướng dẫn đặt lại mật khẩu.' } });
    const { mail, link, token } = await mailedLink();
    expect(mail.to).toBe(u.user.email);
    expect(mail.subject).toBe('[Foodmap] Đặt lại mật khẩu');
    expect(mail.text).toContain('Xin chào');
    expect(mail.text).toContain('60 phút');
    expect(link.origin + link.pathname).toBe('http://foodmap.localhost:3000/reset');
    expect(token.length).toBeGreaterThanOrEqual(43);
    const rows = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, u.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(sha256(token));
    const ttl = rows[0].expiresAt.getTime() - rows[0].createdAt.getTime();
    expect(Math.abs(ttl - 3600_000)).toBeLessThan(5000);
  });

  it('mails in the account locale (English on agrihub)', async () => {
    await clearOutbox(t);
    const u = await buildUser(t.db, { platform: 'agrihub', locale: 'en' });
    await forgot('agrihub', u.user.email);
    expect((await mailedLink()).mail.subject).toBe('[AgriHub] Reset your password');
  });

  it('ignores a Host that is not one of this platform’s hosts and uses PUBLIC_URL', async () => {
    await clearOutbox(t);
    const u = await buildUser(t.db, { platform: 'dtrack' });
    await forgot('dtrack', u.user.email, { host: 'dtrack.evil.example:3000' });
    expect((await mailedLink()).link.origin).toBe(t.config.publicUrl);
    await clearOutbox(t);
    await forgot('dtrack', u.user.email, { host: 'foodmap.localhost:3000' });
    expect((await mailedLink()).link.origin).toBe(t.config.publicUrl);
  });

  it('answers the same for an unknown email and for an account of another platform, and mails nothing', async () => {
    await clearOutbox(t);
    const u = await buildUser(t.db, { platform: 'agrihub' });
    const known = await forgot('agrihub', u.user.email);
    await clearOutbox(t);
    const unknown = await forgot('agrihub', 'nobody@example.vn');
    const otherPlatform = await forgot('dtrack', u.user.email);
    await t.app.events.drain();
    for (const res of [unknown, otherPlatform]) {
      expect(res.statusCode).toBe(known.statusCode);
      expect(res.body).toBe(known.body);
    }
    expect(readOutbox(t.config.outboxDir)).toHaveLength(0);
  });

  it('validates the email', async () => {
    for (const [email, message] of [
      ['', 'Vui lòng nhập email.'],
      ['not-an-email', 'Email không hợp lệ.'],
    ]) {
      const res = await forgot('dtrack', email);
      expect(res.statusCode).toBe(422);
      expect(json(res).meta.errors).toContainEqual({ field: 'email', message });
    }
  });

  it('is rate-limited per IP with 429 and a message', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await forgot('dtrack', 'a@example.vn', { ip: '10.99.0.1' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const last = await forgot('dtrack', 'a@example.vn', { ip: '10.99.0.1' });
    expect(json(last).meta.code).toBe('rate_limited');
    expect(json(last).meta.message).toMatch(/thử lại/);
    expect((await forgot('dtrack', 'a@example.vn', { ip: '10.99.0.2' })).statusCode).toBe(200);
  });
});

describe('POST /api/v1/users/reset_password', () => {
  it('sets the password once, clears the login locks and the forced change, and revokes every session', async () => {
    await clearOutbox(t);
    const u = await buildUser(t.db, { platform: 'foodmap', requiredChangePassword: true });
    const source = { platform: 'foodmap', username: u.user.email, ip: '10.31.0.1' };
    for (let i = 0; i < 10; i++) await recordLoginFailure(t.db, source);
    expect((await checkLogin(t.db, source)).locked).toBe(true);
    await forgot('foodmap', u.user.email);
    const { token } = await mailedLink();
    const res = await reset('foodmap', token, 'Fresh@2025');
    expect(res.statusCode).toBe(200);
    expect(json(res).meta.message).toBe('Đặt lại mật khẩu thành công, vui lòng đăng nhập.');
    const [row] = await t.db.select().from(users).where(eq(users.id, u.user.id));
    expect(row).toMatchObject({ requiredChangePassword: false });
    expect(await checkLogin(t.db, source)).toEqual({ locked: false, slowdownMs: 0 });
    expect((await t.app.inject({ url: '/api/v1/users/whoami', headers: as(u) })).statusCode).toBe(401);
    expect((await login('foodmap', u.user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login('foodmap', u.user.email, 'Fresh@2025')).statusCode).toBe(200);

    const again = await reset('foodmap', token, 'Other@2025');
    expect(again.statusCode).toBe(422);
    expect(json(again).meta).toMatchObject({
      code: 'invalid_reset_token',
      message: 'Liên kết đặt lại mật khẩu không hợp lệ hoặc đã hết hạn.',
      errors: [{ field: 'token' }],
    });
    expect((await login('foodmap', u.user.email, 'Fresh@2025')).statusCode).toBe(200);
  });

  it('refuses an expired token, an unknown one, one of another platform, and a superseded one', async () => {
    const u = await buildUser(t.db, { platform: 'agrihub' });
    await clearOutbox(t);
    await forgot('agrihub', u.user.email);
    const first = (await mailedLink()).token;
    await clearOutbox(t);
    await forgot('agrihub', u.user.email);
    const second = (await mailedLink()).token;
    expect((await reset('agrihub', first, 'Fresh@2025')).statusCode).toBe(422); // superseded by the newer link
    expect((await reset('dtrack', second, 'Fresh@2025')).statusCode).toBe(422); // another platform
    expect((await reset('agrihub', 'x'.repeat(43), 'Fresh@2025')).statusCode).toBe(422);
    await t.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.tokenHash, sha256(second)));
    const expired = await reset('agrihub', second, 'Fresh@2025');
    expect(expired.statusCode).toBe(422);
    expect(json(expired).meta.code).toBe('invalid_reset_token');
    expect((await login('agrihub', u.user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('validates the new password length (5 and 19 refused) and the token', async () => {
    const lengthMsg = 'Mật khẩu phải từ 6 đến 18 ký tự.';
    for (const password of ['12345', 'x'.repeat(19)]) {
      const res = await reset('dtrack', 'x'.repeat(43), password);
      expect(res.statusCode).toBe(422);
      expect(json(res).meta.errors).toContainEqual({ field: 'password', message: lengthMsg });
    }
    const noToken = await t.app.inject({ method: 'POST', url: '/api/v1/users/reset_password', headers: { platform: 'dtrack' }, payload: { password: 'Fresh@2025' } });
    expect(noToken.statusCode).toBe(422);
    expect(json(noToken).meta.errors).toContainEqual({ field: 'token', message: 'Mã đặt lại mật khẩu không hợp lệ.' });
  });
});
