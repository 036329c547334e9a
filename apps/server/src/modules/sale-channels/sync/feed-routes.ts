import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, asc, eq, inArray, isNotNull, max } from 'drizzle-orm';
import { PLATFORMS, errorEnvelope, isPlatformKey, textField, translate } from '@agrihub/contract';
import type { Db } from '../../../db/client.js';
import { producers, saleChannelReferences, saleChannels, type SaleChannelSnapshot } from '../../../db/schema/index.js';
import { notFound } from '../../../lib/errors.js';
import { platformOrigin } from '../../notifications/mail.js';
import { feedCsv, feedXml } from './feed.js';
import { productsOnSale } from './snapshot.js';

/**
 * The sync states whose snapshot a feed lists: synced, and out_of_date (the listing keeps the last
 * synced snapshot until it is synced again, as a merchant feed does; ADR 015). An error, a
 * rejected or closed registration, or a producer no longer approved leaves the feed.
 */
export const LISTED_SYNC_STATUSES = ['synced', 'out_of_date'] as const;

/** A feed may be cached privately for a few minutes (the token is the URL's secret: no shared cache). */
const CACHE_CONTROL = 'private, max-age=300';

const feedParams = z.object({ token: textField().max(200) });

/** The active channel with this feed token and the snapshots it lists, or null. */
export async function loadFeed(db: Db, token: string) {
  const [channel] = await db
    .select()
    .from(saleChannels)
    .where(and(eq(saleChannels.feedToken, token), eq(saleChannels.active, true)))
    .limit(1);
  if (!channel) return null;
  const listed = and(
    eq(saleChannelReferences.channelId, channel.id),
    eq(saleChannelReferences.referenceableType, 'product'),
    eq(saleChannelReferences.registerStatus, 'approved'),
    inArray(saleChannelReferences.syncStatus, [...LISTED_SYNC_STATUSES]),
    isNotNull(saleChannelReferences.snapshot),
    eq(producers.status, 'approved'),
  );
  const rows = await db
    .select({ snapshot: saleChannelReferences.snapshot, productId: saleChannelReferences.productId })
    .from(saleChannelReferences)
    .innerJoin(producers, eq(producers.id, saleChannelReferences.producerId))
    .where(listed)
    .orderBy(asc(saleChannelReferences.id));
  // Any registration of the channel that changed (synced, rejected, closed) moves Last-Modified.
  const [{ changed }] = await db
    .select({ changed: max(saleChannelReferences.updatedAt) })
    .from(saleChannelReferences)
    .where(eq(saleChannelReferences.channelId, channel.id));
  const lastModified = [channel.updatedAt, changed ? new Date(changed) : null]
    .filter((d): d is Date => !!d)
    .reduce((a, b) => (a > b ? a : b));
  // Availability is read live (ADR 015): a recall, a hold or an expiry takes the product off sale
  // in the feed at once, without waiting for a resync.
  const onSale = await productsOnSale(
    db,
    rows.map((r) => r.productId!),
  );
  const items = rows.map((r): SaleChannelSnapshot => ({
    ...r.snapshot!,
    availability: onSale.has(r.productId!) ? 'in_stock' : 'out_of_stock',
  }));
  return { channel, items, lastModified };
}

/**
 * Public product feeds (DESIGN §5.3): GET /feeds/{token}.xml (Google Merchant RSS 2.0) and
 * /feeds/{token}.csv, which the channel imports. The token (sale_channels.feed_token, rotated by
 * the admin) is the only key: an unknown or rotated token, or a paused channel, answers 404. Public
 * per ADR 008 (no account); cached privately for five minutes, with an ETag (If-None-Match → 304)
 * and Last-Modified.
 */
export default async function saleChannelFeedRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function answer(
    req: FastifyRequest<{ Params: { token: string } }>,
    reply: FastifyReply,
    format: 'xml' | 'csv',
  ) {
    const feed = await loadFeed(app.db, req.params.token);
    if (!feed) throw notFound();
    const { channel, items } = feed;
    let body: string;
    if (format === 'xml') {
      const platform = isPlatformKey(channel.platform) ? PLATFORMS[channel.platform].name : channel.platform;
      body = feedXml(
        {
          title: `${platform} – ${channel.name}`,
          link: platformOrigin(app.config, channel.platform),
          description: translate('vi', 'sale_channel_feed_description', { platform, channel: channel.name }),
        },
        items,
      );
    } else {
      body = feedCsv(items);
    }
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
    reply
      .header('cache-control', CACHE_CONTROL)
      .header('etag', etag)
      .header('last-modified', feed.lastModified.toUTCString())
      .header('x-robots-tag', 'noindex');
    const match = req.headers['if-none-match'];
    if (match && match.split(',').some((t) => t.trim() === etag || t.trim() === '*')) {
      return reply.code(304).send();
    }
    return reply
      .type(format === 'xml' ? 'application/xml; charset=utf-8' : 'text/csv; charset=utf-8')
      .header('content-disposition', `inline; filename="${channel.code}.${format}"`)
      .send(body);
  }

  const schema = (format: string) => ({
    tags: ['client'],
    summary: `A sales channel's product feed (${format}) by its unguessable token: approved, synced products`,
    params: feedParams,
    response: { 404: errorEnvelope, 422: errorEnvelope },
  });
  r.get(
    '/feeds/:token.xml',
    { config: { access: 'public' }, schema: schema('Google Merchant RSS 2.0 XML') },
    (req, reply) => answer(req, reply, 'xml'),
  );
  r.get('/feeds/:token.csv', { config: { access: 'public' }, schema: schema('CSV') }, (req, reply) =>
    answer(req, reply, 'csv'),
  );
}
