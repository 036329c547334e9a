import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { hashPassword } from '../../lib/secrets.js';
import { as, createTestApp, json, type TestApp } from '../../../test/helper.js';
import { TEST_PASSWORD, buildUser, type Built } from '../../../test/factories.js';
import { readOutbox } from '../../../test/outbox.js';

/**
 * Every place that sets a password refuses one of the 10,000 most common passwords (whatever its
 * case) and one holding the account's own e-mail address or its part before the `@`, with a clear
 * message (ADR 035); the 6–18 length of the spec stays. The demo password Demo@123 is accepted.
 */
const TOO_COMMON = 'Mật khẩu này quá phổ biến nên rất dễ bị đoán. Vui lòng chọn mật khẩu khác.';
const OWN_EMAIL = 'Mật khẩu không được chứa email của bạn hoặc phần tên trước dấu @ của email.';

let t: TestApp;
let admin: Built;
let ip = 0;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildUser(t.db, { roles: ['admin'] });
});
afterAll(() => t.close());

const remoteAddress = () => `10.71.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;
let n = 0;
const signUp = (password: string, email = `dangky${++n}@example.vn`, locale = 'vi') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/registrations',
    // English is spoken on AgriHub (DTrack answers in Vietnamese).
    headers: { platform: locale === 'en' ? 'agrihub' : 'dtrack', locale },
    payload: {
      email,
      password,
      name: 'Võ Thị Hoa',
      producer: { name: 'HTX Chè Tân Cương', producer_type: 'cooperative' },
    },
    remoteAddress: remoteAddress(),
  });
const change = (u: Built, password: string, old_password = TEST_PASSWORD) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/users/password', headers: as(u), payload: { old_password, password } });
const reset = (token: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/users/reset_password',
    headers: { platform: 'dtrack', locale: 'vi' },
    payload: { token, password },
    remoteAddress: remoteAddress(),
  });
const adminCreate = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/users',
    headers: as(admin),
    payload: { kind: 'staff', email, name: 'Nhân viên mới', roles: ['customer_support'], password },
  });

/** A 422 naming `password` with `message`. */
function expectRefused(res: Awaited<ReturnType<typeof signUp>>, message: string) {
  expect(res.statusCode, res.body).toBe(422);
  expect(json(res).meta.errors).toContainEqual({ field: 'password', message });
}

describe('a new password is not a common one', () => {
  it('sign-up refuses the common passwords, whatever their case, in Vietnamese and English; Demo@123 passes', async () => {
    for (const password of ['password1', 'PASSWORD1', 'Qwerty123', 'iloveyou', '123456789']) {
      expectRefused(await signUp(password), TOO_COMMON);
    }
    const english = await signUp('trustno1', undefined, 'en');
    expect(json(english).meta.errors).toContainEqual({
      field: 'password',
      message: 'This password is too common and easy to guess. Please choose another one.',
    });
    // The demo accounts' password and the tests' are not on the list.
    expect((await signUp('Demo@123')).statusCode).toBe(201);
    expect((await signUp(TEST_PASSWORD)).statusCode).toBe(201);
  });

  it('changing the password refuses one (and a current password that is common still opens the change)', async () => {
    const u = await buildUser(t.db);
    expectRefused(await change(u, 'qwerty123'), TOO_COMMON);
    await t.db
      .update(users)
      .set({ passwordHash: await hashPassword('password1') })
      .where(eq(users.id, u.user.id));
    expect((await change(u, 'Chè@TânCương1', 'password1')).statusCode).toBe(200);
  });

  it('a reset link refuses one, and still works for a good password', async () => {
    const u = await buildUser(t.db);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/forgot_password',
      headers: { platform: 'dtrack', locale: 'vi' },
      payload: { email: u.user.email },
      remoteAddress: remoteAddress(),
    });
    await t.app.events.drain();
    const mail = readOutbox(t.config.outboxDir).find((m) => m.to === u.user.email)!;
    const token = new URL(mail.text.match(/https?:\/\/\S+\/reset\?token=\S+/)![0]).searchParams.get('token')!;
    expectRefused(await reset(token, 'iloveyou'), TOO_COMMON);
    const local = u.user.email.split('@')[0];
    expectRefused(await reset(token, `${local}!`.slice(0, 18)), OWN_EMAIL);
    expect((await reset(token, 'Fresh@2025')).statusCode).toBe(200);
  });

  it('an administrator handing over a first password may not give a common one', async () => {
    expectRefused(await adminCreate('nhanvien.moi@example.vn', 'Password1'), TOO_COMMON);
    expect((await adminCreate('nhanvien.moi@example.vn', 'Nv@2025!x')).statusCode).toBe(201);
  });
});

describe('a new password does not hold the account’s own e-mail', () => {
  it('sign-up refuses the address or its part before the @, in any case', async () => {
    expectRefused(await signUp('Hoa.Nguyen@2025', 'hoa.nguyen@example.vn'), OWN_EMAIL);
    expectRefused(await signUp('a@b.vn', 'a@b.vn'), OWN_EMAIL);
    // A part before the @ under 3 characters refuses nothing by itself.
    expect((await signUp('Thanh@2025', 'an@example.vn')).statusCode).toBe(201);
  });

  it('changing the password refuses it (the address is the account’s, not in the request)', async () => {
    const u = await buildUser(t.db, { email: 'lan.tran@example.vn' });
    expectRefused(await change(u, 'LAN.TRAN123'), OWN_EMAIL);
    expect((await change(u, 'Chè@TânCương1')).statusCode).toBe(200);
  });

  it('an administrator’s first password may not hold the new account’s address', async () => {
    expectRefused(await adminCreate('ketoan@example.vn', 'ketoan@2025'), OWN_EMAIL);
  });
});
