import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { as, createTestApp, headers, json, type TestApp } from '../../test/helper.js';
import { TEST_PASSWORD, buildUser, type Built } from '../../test/factories.js';
import { SECURITY_OPTIONS, securityHeadersOf } from './security-headers.js';

/**
 * Every answer carries the security headers (helmet), the access check's early refusals included;
 * an answer for a signed-in user and every answer of the token endpoint are never stored.
 */
let t: TestApp;
let producer: Built;
beforeAll(async () => {
  t = await createTestApp();
  producer = await buildUser(t.db);
});
afterAll(() => t.close());

function expectSecurityHeaders(res: LightMyRequestResponse) {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
}

const token = (body: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { platform: 'dtrack', 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(body).toString(),
    remoteAddress: '10.88.0.1',
  });

describe('security headers', () => {
  it('are on the early 400 (no Platform header), 401 (no session) and 403 (not an administrator) as on a 200', async () => {
    const noPlatform = await t.app.inject({ url: '/api/v1/users/whoami' });
    expect(noPlatform.statusCode).toBe(400);
    expect(json(noPlatform).meta.code).toBe('platform_required');
    const anonymous = await t.app.inject({ url: '/api/v1/users/whoami', headers: headers('dtrack') });
    expect(anonymous.statusCode).toBe(401);
    const badToken = await t.app.inject({ url: '/api/v1/users/whoami', headers: headers('dtrack', 'x'.repeat(43)) });
    expect(badToken.statusCode).toBe(401);
    const notAdmin = await t.app.inject({ url: '/api/v1/admin/users', headers: as(producer) });
    expect(notAdmin.statusCode).toBe(403);
    const ok = await t.app.inject({ url: '/api/v1/users/whoami', headers: as(producer) });
    expect(ok.statusCode).toBe(200);
    for (const res of [noPlatform, anonymous, badToken, notAdmin, ok]) expectSecurityHeaders(res);
  });

  it("are helmet's whole set for the site's policy, on an API answer, a not-found answer and the health check", async () => {
    const expected = securityHeadersOf(SECURITY_OPTIONS);
    expect(Object.keys(expected).length).toBeGreaterThanOrEqual(12);
    expect(expected['content-security-policy']).toContain("img-src 'self' data: blob: https:");
    expect(expected['content-security-policy']).toContain("worker-src 'self'");
    const answers = [
      await t.app.inject({ url: '/api/v1/users/whoami', headers: as(producer) }),
      await t.app.inject({ url: '/api/v1/no-such-route', headers: headers('dtrack') }),
      await t.app.inject({ url: '/api/health' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 404, 200]);
    for (const res of answers) expect(res.headers).toMatchObject(expected);
  });
});

describe('Cache-Control: no-store', () => {
  it('is on an authenticated API answer and on the refusals of a private route', async () => {
    const ok = await t.app.inject({ url: '/api/v1/users/whoami', headers: as(producer) });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    const anonymous = await t.app.inject({ url: '/api/v1/users/whoami', headers: headers('dtrack') });
    expect(anonymous.headers['cache-control']).toBe('no-store');
    const notAdmin = await t.app.inject({ url: '/api/v1/admin/users', headers: as(producer) });
    expect(notAdmin.headers['cache-control']).toBe('no-store');
    // A public route that states how its answer (the same for everyone) is cached keeps it.
    const settings = await t.app.inject({ url: '/api/v1/client/platform_settings', headers: as(producer) });
    expect(settings.headers['cache-control']).toBe('public, max-age=60');
  });

  it('is on POST /oauth/token, its success and its errors, with Pragma: no-cache (RFC 6749 §5.1)', async () => {
    const granted = await token({ grant_type: 'password', username: producer.user.email, password: TEST_PASSWORD });
    const wrong = await token({ grant_type: 'password', username: producer.user.email, password: 'Sai@12345' });
    const invalid = await token({ grant_type: 'password', username: '', password: '' });
    const badRefresh = await token({ grant_type: 'refresh_token', refresh_token: 'x'.repeat(43) });
    expect([granted, wrong, invalid, badRefresh].map((r) => r.statusCode)).toEqual([200, 401, 422, 400]);
    for (const res of [granted, wrong, invalid, badRefresh]) {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.pragma).toBe('no-cache');
      expectSecurityHeaders(res);
    }
  });
});
