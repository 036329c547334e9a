import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import {
  adminSaleChannelAnswer,
  adminSaleChannelListAnswer,
  errorEnvelope,
  idParam,
  translate,
  updateSaleChannelBody,
  type AdminSaleChannel,
} from '@agrihub/contract';
import { saleChannels } from '../../db/schema/index.js';
import { listActivity, recordActivity } from '../../lib/activity.js';
import { randomToken } from '../../lib/secrets.js';
import { requestScope } from '../../lib/scope.js';
import { currentUser } from '../../plugins/auth.js';
import { platformOrigin } from '../notifications/mail.js';
import { findChannel, listChannels, presentChannel, type ChannelRow } from './channels.js';

const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };
const tags = ['admin'];

/** The public path of a channel's product feed (sync/feed-routes.ts answers it). */
export const feedPath = (token: string, format: 'xml' | 'csv') => `/feeds/${token}.${format}`;

/** A channel as the back office reads it: its feed URLs on the platform's host (the token is their secret). */
export function presentAdminChannel(app: FastifyInstance, row: ChannelRow): AdminSaleChannel {
  const origin = platformOrigin(app.config, row.platform);
  return {
    ...presentChannel(row),
    position: row.position,
    feed_xml_url: origin + feedPath(row.feedToken, 'xml'),
    feed_csv_url: origin + feedPath(row.feedToken, 'csv'),
  };
}

/**
 * The platform's sales channels in the back office (DESIGN §5.3): every channel (inactive ones too)
 * with its feed URLs, and an edit of its requirements, whether it takes registrations, its
 * descriptions and position, or a new feed token (the old feed URLs stop answering). Each change
 * is one row of the channel's history (a rotation names no token).
 */
export default async function adminSaleChannelRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function answer(req: FastifyRequest, id: number) {
    const row = await findChannel(app.db, requestScope(req).platform, id);
    const history = await listActivity(app.db, 'sale_channel', row.id, { includeInternal: true });
    return { sale_channel: presentAdminChannel(app, row), history: history.items };
  }

  r.get(
    '/api/v1/admin/sale_channels',
    {
      config: { access: 'admin', ability: ['read', 'sale_channel_reference'] },
      schema: {
        tags,
        summary: "The platform's sales channels (inactive too) in display order, with their feed URLs",
        response: { 200: adminSaleChannelListAnswer, ...errors },
      },
    },
    async (req) => {
      const rows = await listChannels(app.db, requestScope(req).platform);
      return { data: { sale_channels: rows.map((row) => presentAdminChannel(app, row)) } };
    },
  );

  r.get(
    '/api/v1/admin/sale_channels/:id',
    {
      config: { access: 'admin', ability: ['read', 'sale_channel_reference'] },
      schema: {
        tags,
        summary: 'One channel of the platform with its feed URLs and the history of its settings',
        params: idParam,
        response: { 200: adminSaleChannelAnswer, ...errors },
      },
    },
    async (req) => ({ data: await answer(req, req.params.id), meta: {} }),
  );

  r.put(
    '/api/v1/admin/sale_channels/:id',
    {
      config: { access: 'admin', ability: ['update', 'sale_channel_reference'] },
      schema: {
        tags,
        summary:
          'Edit a channel: requirements, active, description (vi/en), position; rotate_feed_token issues a new feed token (the old feed URLs stop answering)',
        params: idParam,
        body: updateSaleChannelBody,
        response: { 200: adminSaleChannelAnswer, ...errors },
      },
    },
    async (req) => {
      const { platform } = requestScope(req);
      const body = req.body;
      await app.db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(saleChannels)
          .where(eq(saleChannels.id, (await findChannel(tx, platform, req.params.id)).id))
          .for('update');
        const set: Partial<typeof saleChannels.$inferInsert> = {};
        const diff: Record<string, unknown> = {};
        const change = <K extends keyof typeof set>(key: K, name: string, value: (typeof set)[K] | undefined) => {
          if (value === undefined || JSON.stringify(value) === JSON.stringify(before[key])) return;
          set[key] = value;
          diff[name] = { from: before[key], to: value };
        };
        change('requirements', 'requirements', body.requirements);
        change('active', 'active', body.active);
        change('description', 'description', body.description);
        change('descriptionEn', 'description_en', body.description_en);
        change('position', 'position', body.position);
        if (body.rotate_feed_token) {
          set.feedToken = randomToken();
          diff.feed_token = 'rotated';
        }
        if (!Object.keys(set).length) return;
        await tx
          .update(saleChannels)
          .set({ ...set, updatedAt: new Date() })
          .where(eq(saleChannels.id, before.id));
        await recordActivity(tx, {
          subjectType: 'sale_channel',
          subjectId: before.id,
          platform,
          actorId: currentUser(req).id,
          action: body.rotate_feed_token && Object.keys(diff).length === 1 ? 'rotate_feed_token' : 'update',
          diff,
          internal: true,
        });
      });
      return {
        data: await answer(req, req.params.id),
        meta: { message: translate(req.locale, 'sale_channel_updated') },
      };
    },
  );
}
