import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceRequestNotes, uploads, userRegisterServices } from '../../db/schema/index.js';
import { as, createTestApp, headers, json, type TestApp } from '../../../test/helper.js';
import { buildUser, type Built } from '../../../test/factories.js';
import { uploadAs } from '../../../test/multipart.js';
import { catalogFixture, productBody } from '../products/test-support.js';
import { buildService, register } from '../service-requests/test-support.js';

/**
 * The data step of migration 0030 (ADR 033) on files stored before it: every upload was served to
 * anyone at /uploads/<key> and records held that URL. Replayed here on records made as they were
 * then, it makes public only what public things show, gives private files their owner record and
 * their records the private URL, so those who may read them still can.
 */
const MIGRATION = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle/0030_private_files.sql');
const dataStep = () =>
  fs
    .readFileSync(MIGRATION, 'utf8')
    .split('-- hand-written:')[1]
    .replace(/^[^\n]*\n/, '')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);

let t: TestApp;
let producer: Built;
let admin: Built;
beforeAll(async () => {
  t = await createTestApp();
  producer = await buildUser(t.db);
  admin = await buildUser(t.db, { roles: ['admin'] });
}, 120_000);
afterAll(() => t.close());

const upload = async (u: Built, kind: 'images' | 'attachments', filename: string, data: Buffer) =>
  (await uploadAs(t, u, kind, filename, data)).id;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const rowOf = async (id: number) => (await t.db.select().from(uploads).where(eq(uploads.id, id)))[0];
const anonymous = (url: string) => t.app.inject({ url, headers: headers('dtrack') });

describe('migration 0030: sorting the uploads stored before it', () => {
  it('keeps public what public things show, and private files readable by whoever may read their record', async () => {
    const { leaf } = await catalogFixture(t.db);
    const photo = await upload(producer, 'images', 'anh.png', PNG);
    const certificate = await upload(producer, 'attachments', 'vietgap.pdf', PDF);
    const product = await t.app.inject({
      method: 'POST',
      url: '/api/v1/products',
      headers: as(producer),
      payload: productBody(leaf, { image_ids: [photo], certificates: [{ name: 'VietGAP', file_id: certificate }] }),
    });
    expect(product.statusCode, product.body).toBe(201);
    const dossier = await upload(producer, 'attachments', 'cccd.pdf', PDF);
    const slug = (await buildService(t.db, { platform: 'dtrack' })).slug;
    const registered = await register(t, producer, slug, [dossier]);
    expect(registered.statusCode, registered.body).toBe(201);
    const requestId = json(registered).data.urs.id as number;
    const noteFile = await upload(admin, 'attachments', 'noi-bo.pdf', PDF);
    const note = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/user_register_services/${requestId}`,
      headers: as(admin),
      payload: { note: { body: 'Nội bộ', internal: true, attachments: [noteFile] } },
    });
    expect(note.statusCode, note.body).toBe(200);
    const loose = await upload(producer, 'attachments', 'nhap.pdf', PDF);

    // As before the migration: every upload public-by-URL, no owner, records holding /uploads/<key>.
    await t.db.update(uploads).set({ visibility: 'private', ownerType: null, ownerId: null });
    const oldUrl = async (id: number) => `/uploads/${(await rowOf(id)).storageKey}`;
    await t.db
      .update(userRegisterServices)
      .set({ attachments: [{ id: dossier, url: await oldUrl(dossier), thumbnail_url: null, filename: 'cccd.pdf' }] })
      .where(eq(userRegisterServices.id, requestId));
    await t.db
      .update(serviceRequestNotes)
      .set({
        attachments: [{ id: noteFile, url: await oldUrl(noteFile), thumbnail_url: null, filename: 'noi-bo.pdf' }],
      })
      .where(eq(serviceRequestNotes.requestId, requestId));

    for (const statement of dataStep()) await t.db.execute(sql.raw(statement));

    expect(await rowOf(photo)).toMatchObject({ visibility: 'public', ownerType: null });
    expect(await rowOf(certificate)).toMatchObject({ visibility: 'public' });
    expect(await rowOf(dossier)).toMatchObject({
      visibility: 'private',
      ownerType: 'service_request',
      ownerId: requestId,
    });
    expect(await rowOf(noteFile)).toMatchObject({ visibility: 'private', ownerType: 'service_request_note' });
    expect(await rowOf(loose)).toMatchObject({ visibility: 'private', ownerType: null });

    for (const id of [photo, certificate]) expect((await anonymous(await oldUrl(id))).statusCode).toBe(200);
    for (const id of [dossier, noteFile, loose]) expect((await anonymous(await oldUrl(id))).statusCode).toBe(404);

    const own = json(await t.app.inject({ url: `/api/v1/user_register_services/${requestId}`, headers: as(producer) }))
      .data.urs;
    expect(own.attachments[0].url).toBe(`/api/v1/uploads/${dossier}/content`);
    expect((await t.app.inject({ url: own.attachments[0].url, headers: as(producer) })).statusCode).toBe(200);
    const staff = json(
      await t.app.inject({ url: `/api/v1/admin/user_register_services/${requestId}`, headers: as(admin) }),
    ).data.urs;
    const internal = staff.notes.find((n: { internal: boolean }) => n.internal);
    expect(internal.attachments[0].url).toBe(`/api/v1/uploads/${noteFile}/content`);
    expect((await t.app.inject({ url: internal.attachments[0].url, headers: as(admin) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: internal.attachments[0].url, headers: as(producer) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/v1/uploads/${loose}/content`, headers: as(producer) })).statusCode).toBe(
      200,
    );
  });
});
