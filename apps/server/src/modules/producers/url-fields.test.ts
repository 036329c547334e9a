import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { LightMyRequestResponse } from 'fastify';
import { MESSAGES } from '@agrihub/contract';
import { producers, users } from '../../db/schema/index.js';
import { as, createTestApp, json, type TestApp } from '../../../test/helper.js';
import { buildProducer, buildUser, type Built } from '../../../test/factories.js';
import { multipart } from '../../../test/multipart.js';

/**
 * Issue 25 (ADR 034): a URL a user gives takes only http(s) addresses, and a logo also the
 * producer's own uploads. `javascript:`, `data:` and `//host` are refused with 422 in the
 * caller's language on every URL field of a request: the producer's logo and website, an OEM's website.
 */

let t: TestApp;
let admin: Built;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildUser(t.db, { platform: 'agrihub', roles: ['admin'] });
});
afterAll(() => t.close());

const vi = MESSAGES.vi;
const REFUSED = [
  'javascript:alert(document.cookie)',
  'JavaScript:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+',
  '//evil.example/logo.png',
  'vbscript:msgbox(1)',
  'ftp://htxmocchau.vn/logo.png',
  'https://user:pass@htxmocchau.vn/logo.png',
  'http://localhost/logo.png',
  'logo.png',
  '/uploads/../api/v1/me',
  '/admin/logo.png',
];

const put = (u: Built, id: number, payload: object, locale = 'vi') =>
  t.app.inject({ method: 'PUT', url: `/api/v1/producers/${id}`, headers: as(u, locale), payload });
const errorsOf = (res: LightMyRequestResponse) => json(res).meta.errors as { field: string; message: string }[];
const logoOf = async (id: number) =>
  (await t.db.select({ logo: producers.logoUrl }).from(producers).where(eq(producers.id, id)))[0].logo;

/** An image uploaded by `u` through POST /api/v1/images: the URL the answer gives. */
async function uploadImage(u: Built): Promise<string> {
  const data = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#029147' } })
    .png()
    .toBuffer();
  const body = multipart({ filename: 'logo.png', contentType: 'image/png', data });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/images',
    headers: { ...as(u), 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return json(res).data.image.url as string;
}

async function uploadPdf(u: Built): Promise<string> {
  const body = multipart({ filename: 'a.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/attachments',
    headers: { ...as(u), 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return json(res).data.attachment.url as string;
}

describe('PUT /api/v1/producers/{id}: logo_url', () => {
  it('refuses javascript:, data:, //host and every other non-http(s) value with 422 and the Vietnamese message; the logo is unchanged', async () => {
    const u = await buildUser(t.db, { platform: 'agrihub' });
    for (const logo_url of REFUSED) {
      const res = await put(u, u.producerId!, { logo_url });
      expect(res.statusCode, logo_url).toBe(422);
      expect(errorsOf(res), logo_url).toEqual([{ field: 'logo_url', message: vi.invalidImageUrl }]);
    }
    expect(await logoOf(u.producerId!)).toBeNull();
    const en = await put(u, u.producerId!, { logo_url: 'javascript:alert(1)' }, 'en');
    expect(errorsOf(en)).toEqual([{ field: 'logo_url', message: MESSAGES.en.invalidImageUrl }]);
  });

  it('takes an http(s) address, its own upload and a colleague’s; a cleared logo is null', async () => {
    const u = await buildUser(t.db, { platform: 'agrihub' });
    const colleague = await buildUser(t.db, { platform: 'agrihub', producer: false });
    await t.db.update(users).set({ producerId: u.producerId }).where(eq(users.id, colleague.user.id));
    for (const logo_url of [
      'https://cdn.htxmocchau.vn/logo.png',
      'http://www.htxmocchau.vn/anh/logo.webp?v=2',
      await uploadImage(u),
      await uploadImage(colleague),
    ]) {
      const res = await put(u, u.producerId!, { logo_url });
      expect(res.statusCode, res.body).toBe(200);
      expect(json(res).data.producer.logo_url).toBe(logo_url);
    }
    const cleared = await put(u, u.producerId!, { logo_url: '' });
    expect(json(cleared).data.producer.logo_url).toBeNull();
  });

  it('refuses an upload of another producer, of another platform, a document, or one that does not exist (422 invalidUpload)', async () => {
    const u = await buildUser(t.db, { platform: 'agrihub' });
    const other = await buildUser(t.db, { platform: 'agrihub' });
    const foreign = await buildUser(t.db, { platform: 'foodmap' });
    const own = await uploadImage(u);
    for (const logo_url of [
      await uploadImage(other),
      await uploadImage(foreign),
      own.replace(/[0-9a-f]{8}(?=\.\w+$)/, '00000000'),
    ]) {
      const res = await put(u, u.producerId!, { logo_url });
      expect(res.statusCode, logo_url).toBe(422);
      expect(errorsOf(res)).toEqual([{ field: 'logo_url', message: vi.invalidUpload }]);
    }
    // A document is private (ADR 033): its address is the private route, never an image address.
    const pdf = await put(u, u.producerId!, { logo_url: await uploadPdf(u) });
    expect(pdf.statusCode).toBe(422);
    expect(errorsOf(pdf)).toEqual([{ field: 'logo_url', message: vi.invalidImageUrl }]);
    expect(await logoOf(u.producerId!)).toBeNull();
  });

  it('an administrator may set the producer’s own upload or its own, never another producer’s', async () => {
    const u = await buildUser(t.db, { platform: 'agrihub' });
    const other = await buildUser(t.db, { platform: 'agrihub' });
    for (const logo_url of [await uploadImage(u), await uploadImage(admin)]) {
      const res = await put(admin, u.producerId!, { logo_url });
      expect(res.statusCode, res.body).toBe(200);
    }
    const res = await put(admin, u.producerId!, { logo_url: await uploadImage(other) });
    expect(res.statusCode).toBe(422);
    const js = await put(admin, u.producerId!, { logo_url: 'javascript:alert(1)' });
    expect(errorsOf(js)).toEqual([{ field: 'logo_url', message: vi.invalidImageUrl }]);
  });

  it('the logo it has may be sent back unchanged (the form sends every field), even once its uploader has left', async () => {
    const u = await buildUser(t.db, { platform: 'agrihub' });
    const leaver = await buildUser(t.db, { platform: 'agrihub', producer: false });
    await t.db.update(users).set({ producerId: u.producerId }).where(eq(users.id, leaver.user.id));
    const logo = await uploadImage(leaver);
    expect((await put(u, u.producerId!, { logo_url: logo })).statusCode).toBe(200);
    await t.db.update(users).set({ producerId: null }).where(eq(users.id, leaver.user.id));
    const res = await put(u, u.producerId!, { logo_url: logo, description: 'Chè và rau an toàn.' });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('POST /api/v1/producers: logo_url', () => {
  it('a user creating its producer may use the logo it uploaded; javascript: is refused', async () => {
    const u = await buildUser(t.db, { platform: 'agrihub', producer: false });
    const create = (logo_url: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/producers',
        headers: as(u),
        payload: { name: 'HTX Chè Tà Xùa', producer_type: 'cooperative', logo_url },
      });
    const refused = await create('javascript:alert(1)');
    expect(refused.statusCode).toBe(422);
    expect(errorsOf(refused)).toEqual([{ field: 'logo_url', message: vi.invalidImageUrl }]);
    const someone = await buildUser(t.db, { platform: 'agrihub' });
    expect((await create(await uploadImage(someone))).statusCode).toBe(422);
    const logo = await uploadImage(u);
    const res = await create(logo);
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res).data.producer.logo_url).toBe(logo);
  });
});

describe('the other URL fields of a request', () => {
  const BAD = ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', '//evil.example'];

  it('a producer’s website: 422 with the Vietnamese message; an http(s) address is kept', async () => {
    const u = await buildUser(t.db, { platform: 'agrihub' });
    for (const website of BAD) {
      const res = await put(u, u.producerId!, { website });
      expect(res.statusCode, website).toBe(422);
      expect(errorsOf(res)).toEqual([{ field: 'website', message: vi.invalidWebsite }]);
    }
    const ok = await put(u, u.producerId!, { website: 'http://htxmocchau.vn/gioi-thieu' });
    expect(json(ok).data.producer.website).toBe('http://htxmocchau.vn/gioi-thieu');
  });

  it('an OEM producer’s website: 422 with the Vietnamese message; an http(s) address is kept', async () => {
    const oemAdmin = await buildUser(t.db, { roles: ['admin'] });
    const create = (website: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/producer_oems',
        headers: as(oemAdmin),
        payload: { name: 'Xưởng chế biến Sao Mai', website },
      });
    for (const website of BAD) {
      const res = await create(website);
      expect(res.statusCode, website).toBe(422);
      expect(errorsOf(res)).toEqual([{ field: 'website', message: vi.invalidWebsite }]);
    }
    const ok = await create('https://saomai.vn');
    expect(ok.statusCode, ok.body).toBe(201);
  });
});

describe('migration 0028: logos stored before the rule', () => {
  it('keeps http(s) addresses and uploads, removes every other value', async () => {
    const kept = ['https://cdn.htxmocchau.vn/logo.png', 'http://a.vn/l.png', '/uploads/agrihub/2025/01/ab.png'];
    const removed = [
      'javascript:alert(1)',
      ' JAVASCRIPT:alert(1)',
      'data:image/png;base64,AA',
      '//evil.example/x',
      '',
      'logo',
    ];
    const ids: [number, string][] = [];
    for (const logoUrl of [...kept, ...removed]) ids.push([(await buildProducer(t.db, { logoUrl })).id, logoUrl]);
    const file = new URL('../../../drizzle/0028_producer_logo_urls.sql', import.meta.url);
    await t.db.execute(sql.raw(fs.readFileSync(file, 'utf8')));
    for (const [id, logo] of ids) expect(await logoOf(id), logo).toBe(kept.includes(logo) ? logo : null);
  });
});
