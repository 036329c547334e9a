import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.js';

/** The `/epcis` routes in the route table: each an API key route with its scope (ADR 039, 040). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('/epcis in the route table', () => {
  it('declares every /epcis route an API key route with a scope: capture to write, read to read', () => {
    const rows = t.app.routeTable
      .filter((r) => r.url.startsWith('/epcis'))
      .flatMap((r) =>
        (Array.isArray(r.method) ? r.method : [r.method])
          .filter((m) => m !== 'HEAD')
          .map((m) => [m, r.url, r.config?.access, r.config?.apiScope]),
      );
    expect(rows.sort()).toEqual(
      [
        ['GET', '/epcis/capture', 'apikey', 'read'],
        ['GET', '/epcis/capture/:captureID', 'apikey', 'read'],
        ['GET', '/epcis/eventTypes', 'apikey', 'read'],
        ['GET', '/epcis/events', 'apikey', 'read'],
        ['GET', '/epcis/events/:eventID', 'apikey', 'read'],
        ['POST', '/epcis/capture', 'apikey', 'capture'],
        ['OPTIONS', '/epcis/*', 'public', undefined],
      ].sort(),
    );
  });
});
