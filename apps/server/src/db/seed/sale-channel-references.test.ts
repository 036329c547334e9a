import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { missingRequirements, PLATFORM_KEYS, type PlatformKey } from '@agrihub/contract';
import { products, saleChannelReferences, saleChannels, saleChannelSyncLogs, users } from '../schema/index.js';
import { openSession } from '../../modules/auth/sessions.js';
import { requirementSubjectOf } from '../../modules/sale-channels/facts.js';
import { createTestApp, headers, json, type TestApp } from '../../../test/helper.js';
import { demoEmail } from './accounts.js';
import { seedDemo } from './index.js';
import { seedSaleChannelReferences } from './sale-channel-references.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, { uploadDir: t.config.uploadDir, config: t.config });
}, 240_000);
afterAll(() => t.close());

async function demo(local: string, platform: PlatformKey) {
  const [u] = await t.db
    .select()
    .from(users)
    .where(and(eq(users.platform, platform), eq(users.email, demoEmail(local, platform))));
  return { u, h: headers(platform, (await openSession(t.db, u.id)).access_token) };
}

const get = async (url: string, h: Record<string, string>) => {
  const res = await t.app.inject({ method: 'GET', url, headers: h });
  expect(res.statusCode, url).toBe(200);
  return json(res);
};

interface Ref {
  id: number;
  referenceable_type: string;
  register_status: string;
  sync_status: string;
  reason: string | null;
  last_error: string | null;
  channel: { id: number; code: string };
  product: { id: number; name: string } | null;
}

const stateOf = (r: Ref) => (r.register_status === 'approved' ? `approved:${r.sync_status}` : r.register_status);

describe('demo sales channel registrations seed', () => {
  it('registers each demo producer to two channels and its products in every state, on every platform', async () => {
    for (const platform of PLATFORM_KEYS) {
      for (const local of ['producer', 'olduser']) {
        const { h } = await demo(local, platform);
        const refs = (await get('/api/v1/sale_channel_references?per_page=100', h)).data
          .sale_channel_references as Ref[];
        const own = refs.filter((r) => r.referenceable_type === 'producer');
        expect(own.map((r) => `${r.channel.code}:${r.register_status}`).sort(), `${local}@${platform}`).toEqual([
          'own_store:approved',
          'shopee:pending',
        ]);
        const items = refs.filter((r) => r.referenceable_type === 'product');
        expect(items.map(stateOf).sort(), `${local}@${platform}`).toEqual([
          'approved:error',
          'approved:not_synced',
          'approved:out_of_date',
          'approved:synced',
          'closed',
          'pending',
          'rejected',
        ]);
        const by = (s: string) => items.find((r) => stateOf(r) === s)!;
        expect(by('rejected').reason).toMatch(/ảnh/i);
        expect(by('closed').reason).toMatch(/ngừng bán/);
        expect(by('approved:error').last_error).toMatch(/HTTP 503/);
        // Every product registration meets its channel's requirements (none was submitted incomplete).
        expect(items.every((r) => (r as unknown as { missing: unknown[] }).missing.length === 0)).toBe(true);

        // The failed one has its sync log; the synced one its history (registered, approved).
        const failed = (await get(`/api/v1/sale_channel_references/${by('approved:error').id}`, h)).data;
        expect(failed.sync_log.map((l: { status: string }) => l.status)).toEqual(['error']);
        const synced = (await get(`/api/v1/sale_channel_references/${by('approved:synced').id}`, h)).data;
        expect(synced.history.map((a: { to: string }) => a.to).sort()).toEqual(['approved', 'pending']);
      }
    }
  });

  it('stores the snapshot the sync builds: the synced product is in its channel feed, the out of date one at its old price', async () => {
    const [ref] = await t.db
      .select({ ref: saleChannelReferences, product: products, channel: saleChannels })
      .from(saleChannelReferences)
      .innerJoin(products, eq(products.id, saleChannelReferences.productId))
      .innerJoin(saleChannels, eq(saleChannels.id, saleChannelReferences.channelId))
      .where(
        and(
          eq(saleChannelReferences.platform, 'agrihub'),
          eq(saleChannelReferences.syncStatus, 'synced'),
          eq(saleChannelReferences.registerStatus, 'approved'),
        ),
      );
    expect(ref.ref.snapshot).toMatchObject({
      id: ref.product.publicCode,
      title: ref.product.name,
      price_vnd: ref.product.priceCents,
      gtin: ref.product.gtin,
    });
    expect(missingRequirements(ref.channel.requirements, requirementSubjectOf(ref.product))).toEqual([]);

    const feed = await t.app.inject({
      method: 'GET',
      url: `/feeds/${ref.channel.feedToken}.xml`,
      headers: headers('agrihub'),
    });
    expect(feed.statusCode).toBe(200);
    const doc = new XMLParser({ ignoreAttributes: false }).parse(feed.body);
    const items = [doc.rss.channel.item].flat().filter(Boolean) as Record<string, unknown>[];
    const mine = items.find((i) => String(i['g:id']) === ref.product.publicCode);
    expect(mine?.['g:title'] ?? mine?.title).toBe(ref.product.name);

    const [stale] = await t.db
      .select({ ref: saleChannelReferences, product: products })
      .from(saleChannelReferences)
      .innerJoin(products, eq(products.id, saleChannelReferences.productId))
      .where(and(eq(saleChannelReferences.platform, 'agrihub'), eq(saleChannelReferences.syncStatus, 'out_of_date')));
    expect(stale.ref.snapshot!.price_vnd).toBeLessThan(stale.product.priceCents!);
  });

  it('is idempotent', async () => {
    const before = [
      (await t.db.select().from(saleChannelReferences)).length,
      (await t.db.select().from(saleChannelSyncLogs)).length,
    ];
    await seedSaleChannelReferences(t.db, t.config);
    expect([
      (await t.db.select().from(saleChannelReferences)).length,
      (await t.db.select().from(saleChannelSyncLogs)).length,
    ]).toEqual(before);
  });
});
