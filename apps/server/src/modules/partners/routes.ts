import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  PRODUCER_SEARCH_LIMIT,
  envelope,
  errorEnvelope,
  listEnvelope,
  okEnvelope,
  partner as partnerSchema,
  partnerIdParam,
  partnerInput,
  partnerListQuery,
  producerSearchItem,
  producerSearchQuery,
  type Partner,
} from '@agrihub/contract';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { producers, shipments, tradingPartners } from '../../db/schema/index.js';
import { recordActivity } from '../../lib/activity.js';
import { conflict, notFound, unprocessable } from '../../lib/errors.js';
import { listPlan, type ListSpec } from '../../lib/list.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/pg-errors.js';
import { ownedBy, producerScope, type OwnerRef } from '../../lib/scope.js';
import { textSearch } from '../../lib/search.js';
import { assertProducerWritable } from '../producers/guard.js';

type PartnerRow = typeof tradingPartners.$inferSelect;
type PartnerInput = z.output<typeof partnerInput>;

const PARTNER_LIST: ListSpec<'name' | 'created_at'> = {
  sorts: { name: tradingPartners.name, created_at: tradingPartners.createdAt },
  search: [tradingPartners.name, tradingPartners.taxCode, tradingPartners.gln],
  tiebreak: tradingPartners.id,
};

const iso = (v: Date | string) => new Date(v).toISOString();

/** Partners as their owner sees them, with the linked producer (its current name) and shipment counts. */
export async function loadPartners(db: Db | Tx, where: SQL | undefined, plan?: { limit: number; offset: number; orderBy: SQL[] }) {
  let q = db
    .select({
      p: tradingPartners,
      linkedName: producers.name,
      linkedProvince: producers.provinceCode,
      shipmentCount: sql<number>`(select count(*)::int from shipments s where s.partner_id = ${tradingPartners.id})`,
    })
    .from(tradingPartners)
    .leftJoin(producers, eq(producers.id, tradingPartners.linkedProducerId))
    .where(where)
    .$dynamic();
  if (plan) q = q.orderBy(...plan.orderBy).limit(plan.limit).offset(plan.offset);
  const rows = await q;
  return rows.map(
    (r): Partner => ({
      id: r.p.id,
      kind: r.p.linkedProducerId ? 'platform' : 'outside',
      linked_producer: r.p.linkedProducerId
        ? { id: r.p.linkedProducerId, name: r.linkedName ?? r.p.name, province_code: r.linkedProvince ?? null }
        : null,
      name: r.p.linkedProducerId ? (r.linkedName ?? r.p.name) : r.p.name,
      tax_code: r.p.taxCode,
      address: r.p.address,
      gln: r.p.gln,
      note: r.p.note,
      shipment_count: Number(r.shipmentCount),
      created_at: iso(r.p.createdAt),
      updated_at: iso(r.p.updatedAt),
    }),
  );
}

/** An approved producer of the caller's platform other than the caller (404 partner_producer_not_found otherwise). */
async function linkableProducer(db: Db | Tx, actor: OwnerRef, id: number) {
  if (id === actor.producerId) throw unprocessable('partner_self', {}, 'linked_producer_id');
  const [p] = await db
    .select({ id: producers.id, name: producers.name, taxCode: producers.taxCode, address: producers.address })
    .from(producers)
    .where(and(eq(producers.id, id), eq(producers.platform, actor.platform), eq(producers.status, 'approved')))
    .limit(1);
  if (!p) throw unprocessable('partner_producer_not_found', {}, 'linked_producer_id');
  return p;
}

/** The stored columns of a partner: a platform producer's name, tax code and address are the producer's. */
async function columnsOf(db: Db | Tx, actor: OwnerRef, b: PartnerInput) {
  if (b.linked_producer_id != null) {
    const p = await linkableProducer(db, actor, b.linked_producer_id);
    return { linkedProducerId: p.id, name: p.name, taxCode: p.taxCode, address: p.address, gln: null, note: b.note };
  }
  return {
    linkedProducerId: null,
    name: b.name!,
    taxCode: b.tax_code,
    address: b.address,
    gln: b.gln,
    note: b.note,
  };
}

/** The actor's partner, or 404 (another producer's or platform's partner is "not found"). */
export async function findOwnPartner(db: Db | Tx, actor: OwnerRef, id: number, lock = false): Promise<PartnerRow> {
  const q = db
    .select()
    .from(tradingPartners)
    .where(and(eq(tradingPartners.id, id), ownedBy(tradingPartners, actor)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

async function guardLinked<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isUniqueViolation(err, 'trading_partners_linked_uq')) throw conflict('partner_already_added');
    throw err;
  }
}

/**
 * A producer's trading partners (ADR 036 §4): its own list, and the search of the producers of
 * its platform it may link to (approved ones, never itself, id, name and province only).
 */
export default async function partnerRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const one = envelope('partner', partnerSchema);
  const errors = { 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };

  const present = async (db: Db | Tx, id: number) => {
    const [p] = await loadPartners(db, eq(tradingPartners.id, id));
    if (!p) throw notFound();
    return p;
  };

  r.get(
    '/api/v1/partners',
    {
      config: { access: 'user' },
      schema: {
        tags: ['partners'],
        summary: 'The producer’s trading partners (q: name, tax code or GLN, accent-free)',
        querystring: partnerListQuery,
        response: { 200: listEnvelope('partners', partnerSchema), ...errors },
      },
    },
    async (req) => {
      const actor = producerScope(req);
      const plan = listPlan(req.query, PARTNER_LIST);
      const kind =
        req.query.kind === 'platform'
          ? sql`${tradingPartners.linkedProducerId} is not null`
          : req.query.kind === 'outside'
            ? sql`${tradingPartners.linkedProducerId} is null`
            : undefined;
      const where = and(ownedBy(tradingPartners, actor), plan.search, kind);
      const [total] = await app.db.select({ n: count() }).from(tradingPartners).where(where);
      const partners = await loadPartners(app.db, where, plan);
      return { data: { partners }, meta: plan.meta(total?.n) };
    },
  );

  r.get(
    '/api/v1/partners/producer-search',
    {
      config: { access: 'user' },
      schema: {
        tags: ['partners'],
        summary: 'Approved producers of this platform by name or tax code (id, name, province only; never the caller)',
        querystring: producerSearchQuery,
        response: { 200: envelope('producers', z.array(producerSearchItem)), ...errors },
      },
    },
    async (req) => {
      const actor = producerScope(req);
      const q = req.query.q;
      if (!q) return { data: { producers: [] } };
      const rows = await app.db
        .select({ id: producers.id, name: producers.name, province_code: producers.provinceCode })
        .from(producers)
        .where(
          and(
            eq(producers.platform, actor.platform),
            eq(producers.status, 'approved'),
            ne(producers.id, actor.producerId),
            or(textSearch(q, producers.name), eq(producers.taxCode, q.replace(/\s+/g, ''))),
          ),
        )
        .orderBy(producers.name, producers.id)
        .limit(PRODUCER_SEARCH_LIMIT);
      return { data: { producers: rows } };
    },
  );

  r.post(
    '/api/v1/partners',
    {
      config: { access: 'user' },
      schema: { tags: ['partners'], summary: 'Add a partner', body: partnerInput, response: { 201: one, ...errors } },
    },
    async (req, reply) => {
      const actor = producerScope(req);
      const created = await guardLinked(() =>
        app.db.transaction(async (tx) => {
          await assertProducerWritable(tx, actor.producerId);
          const [row] = await tx
            .insert(tradingPartners)
            .values({ ...(await columnsOf(tx, actor, req.body)), platform: actor.platform, producerId: actor.producerId })
            .returning();
          await recordActivity(tx, {
            subjectType: 'trading_partner',
            subjectId: row.id,
            platform: row.platform,
            actorId: actor.userId,
            action: 'create',
            diff: { name: row.name, linked_producer_id: row.linkedProducerId },
          });
          return present(tx, row.id);
        }),
      );
      return reply.status(201).send({ data: { partner: created } });
    },
  );

  r.get(
    '/api/v1/partners/:id',
    {
      config: { access: 'user' },
      schema: { tags: ['partners'], params: partnerIdParam, response: { 200: one, ...errors } },
    },
    async (req) => {
      const actor = producerScope(req);
      await findOwnPartner(app.db, actor, req.params.id);
      return { data: { partner: await present(app.db, req.params.id) } };
    },
  );

  r.put(
    '/api/v1/partners/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['partners'],
        summary: 'Replace a partner (the linked producer of a partner with shipments stays: 409 partner_link_locked)',
        params: partnerIdParam,
        body: partnerInput,
        response: { 200: one, ...errors },
      },
    },
    async (req) => {
      const actor = producerScope(req);
      await findOwnPartner(app.db, actor, req.params.id);
      const updated = await guardLinked(() =>
        app.db.transaction(async (tx) => {
          await assertProducerWritable(tx, actor.producerId);
          const before = await findOwnPartner(tx, actor, req.params.id, true);
          const columns = await columnsOf(tx, actor, req.body);
          if (columns.linkedProducerId !== before.linkedProducerId) {
            const [used] = await tx.select({ n: count() }).from(shipments).where(eq(shipments.partnerId, before.id));
            if (Number(used?.n ?? 0) > 0) throw conflict('partner_link_locked');
          }
          await tx
            .update(tradingPartners)
            .set({ ...columns, updatedAt: new Date() })
            .where(eq(tradingPartners.id, before.id));
          await recordActivity(tx, {
            subjectType: 'trading_partner',
            subjectId: before.id,
            platform: before.platform,
            actorId: actor.userId,
            action: 'update',
          });
          return present(tx, before.id);
        }),
      );
      return { data: { partner: updated } };
    },
  );

  r.delete(
    '/api/v1/partners/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['partners'],
        summary: 'Delete a partner (one with shipments: 409 partner_has_shipments)',
        params: partnerIdParam,
        response: { 200: okEnvelope, ...errors },
      },
    },
    async (req) => {
      const actor = producerScope(req);
      await findOwnPartner(app.db, actor, req.params.id);
      try {
        await app.db.transaction(async (tx) => {
          await assertProducerWritable(tx, actor.producerId);
          const p = await findOwnPartner(tx, actor, req.params.id, true);
          const [used] = await tx.select({ n: count() }).from(shipments).where(eq(shipments.partnerId, p.id));
          if (Number(used?.n ?? 0) > 0) throw conflict('partner_has_shipments');
          await tx.delete(tradingPartners).where(eq(tradingPartners.id, p.id));
          await recordActivity(tx, {
            subjectType: 'trading_partner',
            subjectId: p.id,
            platform: p.platform,
            actorId: actor.userId,
            action: 'delete',
            diff: { name: p.name },
          });
        });
      } catch (err) {
        // A shipment written between the count and the delete holds the partner (FK restrict).
        if (isForeignKeyViolation(err)) throw conflict('partner_has_shipments');
        throw err;
      }
      return { meta: {} };
    },
  );
}
