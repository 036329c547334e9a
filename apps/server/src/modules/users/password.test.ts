import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { attemptCounters, sessions, users } from '../../db/schema/index.js';
import { openSession } from '../auth/sessions.js';
import { checkLogin, recordLoginFailure } from '../auth/throttle.js';
import { as, createTestApp, headers, json, type TestApp } from '../../../test/helper.js';
import { TEST_PASSWORD, buildUser, type Built } from '../../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const change = (u: Built, payload: object, h = as(u)) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/users/password', headers: h, payload });
const whoami = (platform: Built['platform'], token: string) =>
  t.app.inject({ url: '/api/v1/users/whoami', headers: headers(platform, token) });
const login = (platform: string, username: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { platform, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
  });

describe('PUT /api/v1/users/password', () => {
  it('changes the password, clears the flags, revokes every session and returns a fresh one', async () => {
    const u = await buildUser(t.db, { requiredChangePassword: true });
    const source = { platform: 'dtrack', username: u.user.email, ip: '10.40.0.1' };
    for (let i = 0; i < 10; i++) await recordLoginFailure(t.db, source);
    const other = await openSession(t.db, u.user.id); // the same account signed in elsewhere
    const res = await change(u, { old_password: TEST_PASSWORD, password: 'NewPass@9' });
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.meta.message).toBe('Đổi mật khẩu thành công.');
    expect(body.data.token).toMatchObject({ token_type: 'Bearer', access_token: expect.any(String), refresh_token: expect.any(String) });

    const [row] = await t.db.select().from(users).where(eq(users.id, u.user.id));
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.passwordHash).not.toBe(u.user.passwordHash);
    expect(row).toMatchObject({ requiredChangePassword: false });
    expect(await checkLogin(t.db, source)).toEqual({ locked: false, slowdownMs: 0 });

    expect((await whoami(u.platform, u.token)).statusCode).toBe(401);
    expect((await whoami(u.platform, other.access_token)).statusCode).toBe(401);
    const fresh = await whoami(u.platform, body.data.token.access_token);
    expect(fresh.statusCode).toBe(200);
    expect(json(fresh).data.user.required_change_password).toBe(false);
    const live = await t.db.select().from(sessions).where(eq(sessions.userId, u.user.id));
    expect(live.filter((s) => !s.revokedAt)).toHaveLength(1);

    expect((await login('dtrack', u.user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login('dtrack', u.user.email, 'NewPass@9')).statusCode).toBe(200);
  });

  it('refuses a wrong current password with 422 wrong_old_password on old_password, changing nothing', async () => {
    const u = await buildUser(t.db);
    const res = await change(u, { old_password: 'Wrong@12', password: 'NewPass@9' });
    expect(res.statusCode).toBe(422);
    expect(json(res).meta).toEqual({
      code: 'wrong_old_password',
      message: 'Mật khẩu hiện tại không đúng.',
      errors: [{ field: 'old_password', message: 'Mật khẩu hiện tại không đúng.' }],
    });
    expect((await whoami(u.platform, u.token)).statusCode).toBe(200);
    expect((await login('dtrack', u.user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('limits current-password guesses to 5 wrong in 15 minutes per user, then 429 with a message (even for the right one)', async () => {
    const u = await buildUser(t.db);
    const wrong = () => change(u, { old_password: 'Wrong@12', password: 'NewPass@9' });
    for (let i = 0; i < 5; i++) expect((await wrong()).statusCode).toBe(422);
    const sixth = await change(u, { old_password: TEST_PASSWORD, password: 'NewPass@9' });
    expect(sixth.statusCode).toBe(429);
    expect(json(sixth).meta).toMatchObject({
      code: 'too_many_password_attempts',
      message: 'Bạn đã nhập sai mật khẩu hiện tại quá nhiều lần. Vui lòng thử lại sau 15 phút.',
    });
    // Per user: another account is not affected, and the limit ends with its window.
    const other = await buildUser(t.db);
    expect((await change(other, { old_password: 'Wrong@12', password: 'NewPass@9' })).statusCode).toBe(422);
    await t.db
      .update(attemptCounters)
      .set({ lockedUntil: new Date(Date.now() - 1000), windowStart: new Date(Date.now() - 16 * 60_000) })
      .where(eq(attemptCounters.key, `password:user:${u.user.id}`));
    expect((await change(u, { old_password: TEST_PASSWORD, password: 'NewPass@9' })).statusCode).toBe(200);
    expect(await t.db.select().from(attemptCounters).where(eq(attemptCounters.key, `password:user:${u.user.id}`))).toEqual([]);
  });

  it('counts parallel wrong current passwords atomically (5 at once count 5 and lock)', async () => {
    const u = await buildUser(t.db);
    // The lock needs 5 counted failures, so none of these 5 can be refused before it counts.
    const burst = await Promise.all(Array.from({ length: 5 }, () => change(u, { old_password: 'Wrong@12', password: 'NewPass@9' })));
    expect(burst.map((r) => r.statusCode)).toEqual([422, 422, 422, 422, 422]);
    const [row] = await t.db.select().from(attemptCounters).where(eq(attemptCounters.key, `password:user:${u.user.id}`));
    expect(row.count).toBe(5);
    expect((await change(u, { old_password: TEST_PASSWORD, password: 'NewPass@9' })).statusCode).toBe(429);
  });

  it('requires both fields and 6–18 characters on each (5 and 19 refused, 6 and 18 accepted)', async () => {
    const u = await buildUser(t.db);
    const lengthMsg = 'Mật khẩu phải từ 6 đến 18 ký tự.';
    const cases: [object, string, string][] = [
      [{ password: 'NewPass@9' }, 'old_password', 'Vui lòng nhập mật khẩu hiện tại.'],
      [{ old_password: TEST_PASSWORD }, 'password', 'Vui lòng nhập mật khẩu mới.'],
      [{ old_password: '', password: 'NewPass@9' }, 'old_password', 'Vui lòng nhập mật khẩu hiện tại.'],
      [{ old_password: '12345', password: 'NewPass@9' }, 'old_password', lengthMsg],
      [{ old_password: 'x'.repeat(19), password: 'NewPass@9' }, 'old_password', lengthMsg],
      [{ old_password: TEST_PASSWORD, password: '12345' }, 'password', lengthMsg],
      [{ old_password: TEST_PASSWORD, password: 'x'.repeat(19) }, 'password', lengthMsg],
    ];
    for (const [payload, field, message] of cases) {
      const res = await change(u, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(json(res).meta.errors, JSON.stringify(payload)).toContainEqual({ field, message });
    }
    expect((await whoami(u.platform, u.token)).statusCode).toBe(200);
    // Six characters that are not a common password ('123456' is the most common of all: ADR 035).
    const six = await change(u, { old_password: TEST_PASSWORD, password: 'Kh6@vn' });
    expect(six.statusCode).toBe(200);
    const token = json(six).data.token.access_token;
    const eighteen = await change(u, { old_password: 'Kh6@vn', password: 'y'.repeat(18) }, headers('dtrack', token));
    expect(eighteen.statusCode).toBe(200);
  });

  it('needs a live token of this platform', async () => {
    const u = await buildUser(t.db, { platform: 'agrihub' });
    const payload = { old_password: TEST_PASSWORD, password: 'NewPass@9' };
    expect((await change(u, payload, headers('agrihub'))).statusCode).toBe(401);
    expect((await change(u, payload, headers('foodmap', u.token))).statusCode).toBe(401);
    await t.db.update(sessions).set({ accessExpiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, u.user.id));
    expect((await change(u, payload)).statusCode).toBe(401);
  });
});
