import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.js';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'agrihub-web-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>spa</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { platform: 'dtrack' } });

describe('the built web app', () => {
  it('serves a hashed asset for a year, and the app for a client route', async () => {
    const asset = await get('/assets/app-1.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const page = await get('/products/12');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<title>spa</title>');
  });

  it('answers 404 for an asset a rebuild removed while the server runs, and serves one it added', async () => {
    fs.rmSync(path.join(dist, 'assets', 'app-1.js'));
    fs.writeFileSync(path.join(dist, 'assets', 'app-2.js'), 'console.log(2)');
    const gone = await get('/assets/app-1.js');
    expect(gone.statusCode).toBe(404);
    expect(gone.json().meta.code).toBe('route_not_found');
    expect((await get('/assets/app-2.js')).statusCode).toBe(200);
  });

  it('lets another site load the home page (GS1 resolver test’s TLS probe), and no other page', async () => {
    expect((await get('/')).headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await get('/products/12')).headers['cross-origin-resource-policy']).toBe('same-origin');
    expect((await get('/api/v1/me')).headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
