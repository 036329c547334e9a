import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { ADMIN_PREFIX } from '@agrihub/contract';
import { as, createTestApp, headers, json, type TestApp } from '../../test/helper.js';
import { TEST_PASSWORD, buildUser, type Built } from '../../test/factories.js';

/**
 * The route table, enumerated from the app itself: every route declares who may call it, and no
 * spelling of a private route's path (percent-encoded, double or trailing slash, upper case, dot
 * segments) reaches it without the right caller.
 */
let t: TestApp;
let producer: Built;
let webDist: string;

beforeAll(async () => {
  // A built web app, so the SPA fallback (which answers 200 for unknown pages) is part of the table.
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'agrihub-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>spa</title>');
  t = await createTestApp({ WEB_DIST: webDist });
  producer = await buildUser(t.db);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const methodsOf = (r: RouteOptions) => (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD');
const routes = () =>
  t.app.routeTable.flatMap((r) => methodsOf(r).map((method) => ({ method, url: r.url, access: r.config?.access })));

/** A concrete path for a route pattern: each `:param` and `*` filled with a plausible value. */
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1').replace(/\*/g, 'x');

const encodeChar = (c: string) => '%' + c.charCodeAt(0).toString(16).padStart(2, '0');
/** Spellings an attacker tries for the same path. */
export function variants(p: string): string[] {
  const segs = p.split('/').filter(Boolean);
  const first = segs[0] ?? '';
  return [
    p,
    `/${encodeChar(first[0])}${first.slice(1)}/${segs.slice(1).join('/')}`,
    `/${encodeChar(first[0]).toUpperCase()}${first.slice(1)}/${segs.slice(1).join('/')}`,
    p.replace(/[a-z]/g, (c) => encodeChar(c)),
    p.replace(/\/(?=.)/g, (s, i: number) => (i === 0 ? s : '%2F')),
    `/${p}`,
    p.replace(/\//g, '//'),
    `${p}/`,
    `${p}/.`,
    p.toUpperCase(),
    p.replace(/^\/[a-z]/, (s) => s.toUpperCase()),
    `/x/..${p}`,
    `/x/%2e%2e${p}`,
    p.replace(/\/([^/]+)$/, '/./$1'),
    p.replace(/\/([^/]+)$/, '/x/../$1'),
    p.replace(/\//g, '\\'),
    `${p};x`,
    `${p}%00`,
    `${p}?platform=dtrack`,
  ];
}

describe('route table', () => {
  it('declares an access rule on every route, and admin rules exactly under /api/v1/admin/', () => {
    const all = routes();
    expect(all.length).toBeGreaterThan(40);
    const undeclared = all.filter((r) => !r.access);
    expect(undeclared).toEqual([]);
    const misplaced = all.filter((r) => (r.access === 'admin') !== r.url.startsWith(ADMIN_PREFIX));
    expect(misplaced).toEqual([]);
  });

  it('answers an anonymous caller of a private route 401/403/404 for every spelling of its path, never 2xx', async () => {
    const privateRoutes = routes().filter((r) => r.access !== 'public');
    expect(privateRoutes.length).toBeGreaterThan(30);
    const leaks: string[] = [];
    let sent = 0;
    for (const route of privateRoutes) {
      const exact = concrete(route.url);
      for (const url of variants(exact)) {
        const res = await t.app.inject({ method: route.method as never, url, headers: headers('dtrack') });
        sent++;
        if (![401, 403, 404].includes(res.statusCode)) leaks.push(`${route.method} ${url} → ${res.statusCode}`);
        // The plain path reaches the route, so the guard (not a typo in the test) refused it.
        if (url === exact && res.statusCode !== 401)
          leaks.push(`${route.method} ${url} → ${res.statusCode}, expected 401`);
      }
    }
    console.log(`route table: ${privateRoutes.length} private routes, ${sent} anonymous requests`);
    expect(leaks).toEqual([]);
  });

  it('answers a producer calling an admin route 403/404 for every spelling, never 2xx', async () => {
    const adminRoutes = routes().filter((r) => r.access === 'admin');
    expect(adminRoutes.length).toBeGreaterThan(5);
    const leaks: string[] = [];
    for (const route of adminRoutes) {
      const exact = concrete(route.url);
      for (const url of variants(exact)) {
        const res = await t.app.inject({ method: route.method as never, url, headers: as(producer) });
        if (![403, 404].includes(res.statusCode)) leaks.push(`${route.method} ${url} → ${res.statusCode}`);
        if (url === exact && res.statusCode !== 403)
          leaks.push(`${route.method} ${url} → ${res.statusCode}, expected 403`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it('opens every apikey route to an API key only: each declares its scope, and a session is refused 401', async () => {
    const keyRoutes = t.app.routeTable.filter((r) => r.config?.access === 'apikey');
    expect(keyRoutes.length).toBeGreaterThan(0);
    expect(keyRoutes.filter((r) => !['read', 'capture'].includes(r.config?.apiScope ?? '')).map((r) => r.url)).toEqual(
      [],
    );
    const leaks: string[] = [];
    let n = 0;
    for (const route of keyRoutes.flatMap((r) => methodsOf(r).map((method) => ({ method, url: r.url })))) {
      const exact = concrete(route.url);
      for (const url of variants(exact)) {
        // Each from its own address: a session token is a wrong key, and wrong keys lock an address out (429).
        const remoteAddress = `10.77.0.${++n}`;
        const res = await t.app.inject({ method: route.method as never, url, headers: as(producer), remoteAddress });
        if (![401, 403, 404].includes(res.statusCode)) leaks.push(`${route.method} ${url} → ${res.statusCode}`);
        if (url === exact && res.statusCode !== 401) leaks.push(`${route.method} ${url} → ${res.statusCode}, expected 401`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it('refuses the attack of the report: an encoded /api prefix neither lists accounts nor closes a producer', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/%61pi/v1/admin/users', headers: headers('dtrack') });
    expect(list.statusCode).toBe(401);
    const close = await t.app.inject({
      method: 'PUT',
      url: `/%61pi/v1/admin/producers/${producer.producerId}/status`,
      headers: headers('dtrack'),
      payload: { status: 'closed', reason: 'x' },
    });
    expect(close.statusCode).toBe(401);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/producers', headers: as(producer) });
    expect(json(me).data.producers[0].status).toBe('approved');
  });

  it('keeps the SPA fallback away from API paths however they are spelled', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(page.statusCode).toBe(200);
    for (const url of [
      '//api/v1/admin/users',
      '/api/v1/admin/users/',
      '/API/v1/admin/users',
      '/x/../api/v1/admin/users',
      '/%2e%2e/api/x',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: headers('dtrack') });
      expect([401, 404], url).toContain(res.statusCode);
      expect(res.headers['content-type'], url).toMatch(/json/);
    }
    const malformed = await t.app.inject({ method: 'GET', url: '/%E0%A4%A', headers: headers('dtrack') });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('a required password change', () => {
  it('holds every call but whoami, logout and the change itself until the password is changed', async () => {
    const u = await buildUser(t.db, { requiredChangePassword: true });
    const held = await t.app.inject({ method: 'GET', url: '/api/v1/products', headers: as(u) });
    expect(held.statusCode).toBe(403);
    expect(json(held).meta).toMatchObject({
      code: 'password_change_required',
      message: 'Bạn cần đổi mật khẩu trước khi tiếp tục.',
    });
    const upload = await t.app.inject({ method: 'POST', url: '/api/v1/traceabilities', headers: as(u), payload: {} });
    expect(json(upload).meta.code).toBe('password_change_required');

    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users/whoami', headers: as(u) })).statusCode).toBe(200);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/password',
      headers: as(u),
      payload: { old_password: TEST_PASSWORD, password: 'NewPass@9' },
    });
    expect(changed.statusCode).toBe(200);
    const token: string = json(changed).data.token.access_token;
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/products', headers: headers(u.platform, token) });
    expect(after.statusCode).toBe(200);
  });

  it('still lets the account log out', async () => {
    const u = await buildUser(t.db, { requiredChangePassword: true });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/users/logout', headers: as(u) });
    expect(res.statusCode).toBe(200);
  });
});
