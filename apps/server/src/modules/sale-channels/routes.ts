import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import {
  errorEnvelope,
  idParam,
  saleChannelByProductAnswer,
  saleChannelByProductQuery,
  saleChannelListAnswer,
  saleChannelReferenceableAnswer,
  saleChannelReferenceableQuery,
  saleChannelReferenceAnswer,
  saleChannelReferenceDetail,
  saleChannelReferenceList,
  saleChannelReferenceListQuery,
  registerSaleChannelBody,
  saleChannelRegisterAnswer,
  saleChannelRegisterRefusal,
  translate,
  updateSaleChannelReferenceBody,
  type MissingItem,
  type ReferenceableProduct,
  type WorkflowActor,
  type Locale,
} from '@agrihub/contract';
import type { Tx } from '../../db/client.js';
import { producers, products, saleChannelReferences } from '../../db/schema/index.js';
import type { Emit } from '../../lib/domain-events.js';
import { listActivity, recordActivity } from '../../lib/activity.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { listPlan } from '../../lib/list.js';
import { ownedBy, requestScope, type ProducerScope } from '../../lib/scope.js';
import { actorOfRequest } from '../../lib/transition.js';
import { assertProducerWritable } from '../producers/guard.js';
import {
  assertChannelActive,
  findChannel,
  listChannels,
  ownRegistrations,
  presentChannel,
  type ChannelRow,
} from './channels.js';
import { productMissing } from './facts.js';
import {
  findAllReferences,
  findReference,
  findReferences,
  findSyncLog,
  presentReference,
  referenceCounts,
  referenceFilterWhere,
} from './queries.js';
import { moveReference, moveReferenceIn, type ReferenceRow } from './workflow.js';

const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };
const tags = ['sale channels'];

/** The caller as a producer: 403 saleChannelNeedsProducer for an account without one (administrators too). */
function producerOf(req: FastifyRequest): ProducerScope {
  const scope = requestScope(req);
  if (scope.producerId === null) throw new AppError(403, 'saleChannelNeedsProducer');
  return scope as ProducerScope;
}

const own = (scope: ProducerScope) => ownedBy(saleChannelReferences, scope);
const ownerViewer = (scope: ProducerScope): WorkflowActor => ({
  roles: scope.user.roles,
  abilities: scope.user.abilities,
  isOwner: true,
});

type ProductRow = typeof products.$inferSelect;

/** 422 saleChannelProductsNotReady with every asked product's readiness (nothing is sent). */
function notReady(channel: ChannelRow, readiness: { product_id: number; name: string; missing: MissingItem[] }[]) {
  const count = readiness.filter((p) => p.missing.length).length;
  return new AppError(422, 'saleChannelProductsNotReady', { count, channel: channel.name }, [], {
    products: readiness,
  });
}

/**
 * A producer's sales channels (DESIGN §5.3): the platform's channels with its own registration,
 * registering itself or its products (every product checked against the channel's requirements
 * first: nothing is sent while one lacks something), its registrations (filters, counters), a
 * product's registrations, and the owner's moves of the table (close with a reason, resubmit a
 * rejected one). Another producer's or another platform's rows are not found.
 */
export default async function saleChannelRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** One of the producer's references as the producer reads it (404 saleChannelReferenceNotFound otherwise). */
  async function ownReference(scope: ProducerScope, id: number, locale: Locale) {
    const view = await findReference(app.db, id, own(scope));
    if (!view) throw notFound('saleChannelReferenceNotFound');
    return presentReference(view, ownerViewer(scope), locale);
  }

  /** The producer's products with these ids, locked against an edit while they are registered (404-free: missing ones are reported). */
  async function ownProducts(tx: Tx, scope: ProducerScope, ids: number[]): Promise<Map<number, ProductRow>> {
    const rows = await tx
      .select()
      .from(products)
      .where(and(inArray(products.id, ids), ownedBy(products, scope)))
      .for('share');
    return new Map(rows.map((p) => [p.id, p]));
  }

  r.get(
    '/api/v1/sale_channels',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The platform's sales channels, with the signed-in producer's own registration to each",
        response: { 200: saleChannelListAnswer, ...errors },
      },
    },
    async (req) => {
      const scope = requestScope(req);
      const channels = await listChannels(app.db, scope.platform);
      const mine =
        scope.producerId === null
          ? null
          : await ownRegistrations(
              app.db,
              scope.producerId,
              channels.map((c) => c.id),
            );
      return {
        data: { sale_channels: channels.map((c) => presentChannel(c, mine ? (mine.get(c.id) ?? null) : undefined)) },
      };
    },
  );

  r.post(
    '/api/v1/sale_channels/:id/register',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Register the producer itself (no product_ids) or some of its products to a channel; dry_run answers the readiness only',
        params: idParam,
        body: registerSaleChannelBody,
        response: {
          200: saleChannelRegisterAnswer,
          201: saleChannelRegisterAnswer,
          ...errors,
          422: saleChannelRegisterRefusal,
        },
      },
    },
    async (req, reply) => {
      const scope = producerOf(req);
      const channel = await findChannel(app.db, scope.platform, req.params.id);
      assertChannelActive(channel);
      const ids = [...new Set(req.body.product_ids ?? [])];
      const dryRun = req.body.dry_run ?? false;
      const actor = actorOfRequest(req, 'own');

      const outcome = await app.events.transaction(async (tx, emit) => {
        const status = await assertProducerWritable(tx, scope.producerId);
        const [producer] = await tx
          .select({ name: producers.name })
          .from(producers)
          .where(eq(producers.id, scope.producerId));

        // ---- the producer itself ----
        if (!ids.length) {
          const [existing] = await tx
            .select()
            .from(saleChannelReferences)
            .where(
              and(
                eq(saleChannelReferences.channelId, channel.id),
                eq(saleChannelReferences.producerId, scope.producerId),
                isNull(saleChannelReferences.productId),
              ),
            )
            .limit(1);
          if (existing) {
            await resubmit(tx, emit, existing, producer.name, dryRun);
            return { ids: dryRun ? [] : [existing.id], readiness: [] };
          }
          if (dryRun) return { ids: [], readiness: [] };
          const created = await insertReferences(tx, channel, scope, [null], producer.name);
          return { ids: created, readiness: [] };
        }

        // ---- products: the producer approved, each product its own, each ready, none registered ----
        if (status !== 'approved') throw new AppError(409, 'saleChannelProducerNotApproved');
        const found = await ownProducts(tx, scope, ids);
        const fieldErrors = (req.body.product_ids ?? []).flatMap((id, i) =>
          found.has(id) ? [] : [{ field: `product_ids.${i}`, message: 'saleChannelProductNotFound' }],
        );
        if (fieldErrors.length) throw new AppError(422, 'saleChannelProductNotFound', {}, fieldErrors);
        const readiness = ids.map((id) => {
          const p = found.get(id)!;
          return { product_id: id, name: p.name, missing: productMissing(channel.requirements, p) };
        });
        const existing = await tx
          .select()
          .from(saleChannelReferences)
          .where(and(eq(saleChannelReferences.channelId, channel.id), inArray(saleChannelReferences.productId, ids)));
        const byProduct = new Map(existing.map((e) => [e.productId!, e]));
        // Conflicts first (already registered, or closed: refused by the table); a refusal below
        // rolls the moves back with everything else.
        for (const e of existing) await resubmit(tx, emit, e, found.get(e.productId!)!.name, dryRun);
        const ready = readiness.every((p) => !p.missing.length);
        if (!ready && !dryRun) throw notReady(channel, readiness);
        if (dryRun) return { ids: [], readiness };
        const resubmitted = existing.map((e) => e.id);
        const created = await insertReferences(
          tx,
          channel,
          scope,
          ids.filter((id) => !byProduct.has(id)),
          null,
        );
        return { ids: [...resubmitted, ...created], readiness };
      });

      const refs = outcome.ids.length
        ? (
            await findAllReferences(app.db, and(own(scope), inArray(saleChannelReferences.id, outcome.ids)), [
              asc(saleChannelReferences.id),
            ])
          ).map((v) => presentReference(v, ownerViewer(scope), req.locale))
        : [];
      const ready = outcome.readiness.every((p) => !p.missing.length);
      reply.code(dryRun ? 200 : 201);
      return {
        data: { sale_channel_references: refs, products: outcome.readiness, ready },
        meta: dryRun
          ? {}
          : {
              message: translate(req.locale, 'sale_channel_registered', { count: refs.length, channel: channel.name }),
            },
      };

      /** 409 saleChannelAlreadyRegistered (pending or approved), or the table's 409 for a closed one. */
      function alreadyRegistered(e: ReferenceRow, name: string): void {
        if (e.registerStatus === 'pending' || e.registerStatus === 'approved') {
          throw conflict('saleChannelAlreadyRegistered', { name, channel: channel.name });
        }
      }

      /**
       * A rejected registration sent again moves back to pending through the table; a closed one is
       * refused by it (409 naming the allowed moves), on a dry run too, which moves nothing else.
       */
      async function resubmit(tx: Tx, emit: Emit, e: ReferenceRow, name: string, dry: boolean): Promise<void> {
        alreadyRegistered(e, name);
        if (!dry || e.registerStatus !== 'rejected')
          await moveReferenceIn(tx, emit, { id: e.id, to: 'pending', actor });
      }
    },
  );

  /** New pending registrations (one history row each); a concurrent registration of the same one answers 409. */
  async function insertReferences(
    tx: Tx,
    channel: ChannelRow,
    scope: ProducerScope,
    productIds: (number | null)[],
    producerName: string | null,
  ): Promise<number[]> {
    if (!productIds.length) return [];
    const rows = await tx
      .insert(saleChannelReferences)
      .values(
        productIds.map((productId) => ({
          platform: scope.platform,
          channelId: channel.id,
          producerId: scope.producerId,
          referenceableType: productId === null ? ('producer' as const) : ('product' as const),
          productId,
          createdBy: scope.userId,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: saleChannelReferences.id });
    if (rows.length < productIds.length) {
      throw conflict('saleChannelAlreadyRegistered', { name: producerName ?? '', channel: channel.name });
    }
    for (const row of rows) {
      await recordActivity(tx, {
        subjectType: 'sale_channel_reference',
        subjectId: row.id,
        platform: scope.platform,
        actorId: scope.userId,
        action: 'register',
        from: null,
        to: 'pending',
        diff: { channel_id: channel.id },
      });
    }
    return rows.map((row) => row.id);
  }

  /** Each product's state on each channel: its registration and what it lacks. */
  async function productStates(
    scope: ProducerScope,
    rows: ProductRow[],
    channels: ChannelRow[],
  ): Promise<ReferenceableProduct[]> {
    const refs =
      rows.length && channels.length
        ? await app.db
            .select()
            .from(saleChannelReferences)
            .where(
              and(
                own(scope),
                inArray(
                  saleChannelReferences.productId,
                  rows.map((p) => p.id),
                ),
                inArray(
                  saleChannelReferences.channelId,
                  channels.map((c) => c.id),
                ),
              ),
            )
        : [];
    const key = (productId: number, channelId: number) => `${productId}:${channelId}`;
    const byKey = new Map(refs.map((ref) => [key(ref.productId!, ref.channelId), ref]));
    return rows.map((p) => ({
      id: p.id,
      name: p.name,
      gtin: p.gtin,
      status: p.status,
      image_url: p.images[0]?.thumbnail_url ?? p.images[0]?.url ?? null,
      channels: channels.map((c) => {
        const ref = byKey.get(key(p.id, c.id));
        return {
          channel_id: c.id,
          missing: productMissing(c.requirements, p),
          reference: ref
            ? { id: ref.id, register_status: ref.registerStatus, sync_status: ref.syncStatus, reason: ref.reason }
            : null,
        };
      }),
    }));
  }

  r.get(
    '/api/v1/sale_channel_referenceable',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          "The producer's products with their readiness and registration on each active channel (or one channel)",
        querystring: saleChannelReferenceableQuery,
        response: { 200: saleChannelReferenceableAnswer, ...errors },
      },
    },
    async (req) => {
      const scope = producerOf(req);
      const q = req.query;
      const channels = q.channel_id
        ? [await findChannel(app.db, scope.platform, q.channel_id)]
        : await listChannels(app.db, scope.platform, { activeOnly: true });
      const plan = listPlan(q, {
        sorts: { name: products.name, created_at: products.createdAt },
        search: [products.name, products.gtin],
        tiebreak: products.id,
      });
      const where = and(ownedBy(products, scope), plan.search);
      const rows = await app.db
        .select()
        .from(products)
        .where(where)
        .orderBy(...plan.orderBy)
        .limit(plan.limit)
        .offset(plan.offset);
      const [{ n: total }] = await app.db.select({ n: count() }).from(products).where(where);
      return { data: { products: await productStates(scope, rows, channels) }, meta: plan.meta(total) };
    },
  );

  r.get(
    '/api/v1/sale_channel_references',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          "The producer's registrations (filters: channel, type, register and sync status, product, q), with counters per status",
        querystring: saleChannelReferenceListQuery,
        response: { 200: saleChannelReferenceList, ...errors },
      },
    },
    async (req) => {
      const scope = producerOf(req);
      const q = req.query;
      const plan = listPlan(q, {
        sorts: {
          created_at: saleChannelReferences.createdAt,
          updated_at: saleChannelReferences.updatedAt,
          last_synced_at: saleChannelReferences.lastSyncedAt,
        },
        search: [],
        tiebreak: saleChannelReferences.id,
      });
      const where = and(own(scope), referenceFilterWhere(q));
      const { views, total } = await findReferences(app.db, where, plan);
      const counts = await referenceCounts(app.db, and(own(scope), referenceFilterWhere(q, { statuses: false })));
      return {
        data: { sale_channel_references: views.map((v) => presentReference(v, ownerViewer(scope), req.locale)) },
        meta: { ...plan.meta(total), counts },
      };
    },
  );

  r.get(
    '/api/v1/sale_channel_references/by_product',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "One of the producer's products: its registrations, and its readiness on each active channel",
        querystring: saleChannelByProductQuery,
        response: { 200: saleChannelByProductAnswer, ...errors },
      },
    },
    async (req) => {
      const scope = producerOf(req);
      const [product] = await app.db
        .select()
        .from(products)
        .where(and(eq(products.id, req.query.product_id), ownedBy(products, scope)))
        .limit(1);
      if (!product) throw notFound();
      const views = await findAllReferences(app.db, and(own(scope), eq(saleChannelReferences.productId, product.id)), [
        asc(saleChannelReferences.channelId),
      ]);
      const active = await listChannels(app.db, scope.platform, { activeOnly: true });
      const [state] = await productStates(scope, [product], active);
      return {
        data: {
          product: state,
          sale_channel_references: views.map((v) => presentReference(v, ownerViewer(scope), req.locale)),
        },
      };
    },
  );

  r.get(
    '/api/v1/sale_channel_references/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "One of the producer's registrations with its sync log and history",
        params: idParam,
        response: { 200: saleChannelReferenceDetail, ...errors },
      },
    },
    async (req) => {
      const scope = producerOf(req);
      const reference = await ownReference(scope, req.params.id, req.locale);
      const [syncLog, history] = await Promise.all([
        findSyncLog(app.db, reference.id, req.locale),
        listActivity(app.db, 'sale_channel_reference', reference.id, { includeInternal: false }),
      ]);
      return { data: { sale_channel_reference: reference, sync_log: syncLog, history: history.items }, meta: {} };
    },
  );

  r.put(
    '/api/v1/sale_channel_references/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The owner’s moves: close an approved registration (reason), send a rejected one again',
        params: idParam,
        body: updateSaleChannelReferenceBody,
        response: { 200: saleChannelReferenceAnswer, ...errors, 422: saleChannelRegisterRefusal },
      },
    },
    async (req) => {
      const scope = producerOf(req);
      const { id } = req.params;
      await moveReference(app, {
        id,
        to: req.body.register_status,
        reason: req.body.reason,
        actor: actorOfRequest(req, 'own'),
        // Sent again: the channel must take registrations and the product meet its requirements.
        check: async (tx, row) => {
          if (req.body.register_status !== 'pending') return;
          const channel = await findChannel(tx, scope.platform, row.channelId);
          assertChannelActive(channel);
          if (row.productId === null) return;
          const [p] = await tx.select().from(products).where(eq(products.id, row.productId)).for('share');
          const missing = productMissing(channel.requirements, p);
          if (missing.length) throw notReady(channel, [{ product_id: p.id, name: p.name, missing }]);
        },
      });
      return {
        data: { sale_channel_reference: await ownReference(scope, id, req.locale) },
        meta: { message: translate(req.locale, 'sale_channel_reference_updated') },
      };
    },
  );
}
