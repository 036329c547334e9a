import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import {
  envelope,
  errorEnvelope,
  idParam,
  isStale,
  listEnvelope,
  location,
  locationEvent,
  locationEventQuery,
  locationListQuery,
  locationRequest,
  okEnvelope,
  translate,
} from '@agrihub/contract';
import { locations } from '../../db/schema/index.js';
import { deleteActivity, recordActivity } from '../../lib/activity.js';
import { conflict } from '../../lib/errors.js';
import { listPlan } from '../../lib/list.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/pg-errors.js';
import { ownedBy, producerScope } from '../../lib/scope.js';
import { lotsAtLocation } from '../chain/graph.js';
import { invalidateDownstream, tellDownstream } from '../trace-public/origins.js';
import { invalidateProducerPages, tellProducer } from '../trace-public/state.js';
import { pageLocationEvents } from './events.js';
import {
  LOCATION_LIST,
  countLocations,
  findLocationView,
  findOwnLocation,
  loadLocations,
  locationColumns,
  locationWhere,
  presentLocation,
} from './service.js';

const tags = ['locations'];

/** JSON with sorted object keys (jsonb does not keep the order it was given). */
const canonical = (v: unknown): string =>
  JSON.stringify(v ?? null, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x).sort(([p], [q]) => p.localeCompare(q)))
      : x,
  );
const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };

/**
 * A producer's locations (ADR 036 §1): farm plots, ponds, barns, packing houses, plants, warehouses
 * and shops. Only the producer's own; another producer's id answers 404.
 */
export default async function locationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const one = envelope('location', location);

  /** A GLN names one place of the platform: a clash is a 409 whichever request wins. */
  async function guardGln<T>(gln: string | null, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (gln && isUniqueViolation(err, 'locations_gln_uq')) throw conflict('gln_taken', { gln });
      throw err;
    }
  }

  r.get(
    '/api/v1/locations',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'The producer’s locations (filters: kind, province_code; q: name or GLN, accent-free; sort name, created_at, area_ha)',
        querystring: locationListQuery,
        response: { 200: listEnvelope('locations', location), ...errors },
      },
    },
    async (req) => {
      const actor = producerScope(req);
      const list = listPlan(req.query, LOCATION_LIST);
      const where = and(locationWhere(actor, req.query), list.search)!;
      const [rows, total] = await Promise.all([
        loadLocations(app.db, where, list.orderBy, list.limit, list.offset),
        countLocations(app.db, where),
      ]);
      return { data: { locations: rows.map((v) => presentLocation(v)) }, meta: list.meta(total) };
    },
  );

  r.get(
    '/api/v1/locations/:id',
    { config: { access: 'user' }, schema: { tags, params: idParam, response: { 200: one, ...errors } } },
    async (req) => {
      const actor = producerScope(req);
      const v = await findLocationView(app.db, and(ownedBy(locations, actor), eq(locations.id, req.params.id))!);
      return { data: { location: presentLocation(v) } };
    },
  );

  r.get(
    '/api/v1/locations/:id/events',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'The events of the producer’s lots recorded at its location, newest first (step, date, lot and product; the shipment, receipt or transformation it stands for)',
        params: idParam,
        querystring: locationEventQuery,
        response: { 200: listEnvelope('events', locationEvent), ...errors },
      },
    },
    async (req) => {
      const actor = producerScope(req);
      const own = await findOwnLocation(app.db, actor, req.params.id);
      return pageLocationEvents(app.db, actor, own.id, req.query);
    },
  );

  r.post(
    '/api/v1/locations',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Add a location: kind, name, province of the 34, optional GLN (check digit; unique on the platform: 409 gln_taken), optional GeoJSON point or polygon (area computed in ha), crop or species, certifications',
        body: locationRequest,
        response: { 201: one, ...errors },
      },
    },
    async (req, reply) => {
      const actor = producerScope(req);
      const out = await guardGln(req.body.gln, () =>
        app.db.transaction(async (tx) => {
          const [row] = await tx
            .insert(locations)
            .values({ ...locationColumns(req.body), platform: actor.platform, producerId: actor.producerId })
            .returning({ id: locations.id });
          await recordActivity(tx, {
            subjectType: 'location',
            subjectId: row.id,
            platform: actor.platform,
            actorId: actor.userId,
            action: 'create',
            diff: { name: req.body.name, kind: req.body.kind },
          });
          return findLocationView(tx, eq(locations.id, row.id));
        }),
      );
      return reply
        .status(201)
        .send({
          data: { location: presentLocation(out) },
          meta: { message: translate(req.locale, 'location_created') },
        });
    },
  );

  r.put(
    '/api/v1/locations/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Replace a location (same rules as POST; a stale updated_at answers 409 stale_update)',
        params: idParam,
        body: locationRequest,
        response: { 200: one, ...errors },
      },
    },
    async (req) => {
      const actor = producerScope(req);
      const result = await guardGln(req.body.gln, () =>
        app.db.transaction(async (tx) => {
          const before = await findOwnLocation(tx, actor, req.params.id, true);
          if (isStale(before.updatedAt, req.body.updated_at)) throw conflict('stale_update');
          const columns = locationColumns(req.body);
          await tx
            .update(locations)
            .set({ ...columns, updatedAt: new Date(Math.max(Date.now(), before.updatedAt.getTime() + 1)) })
            .where(eq(locations.id, before.id));
          const fields = (Object.keys(columns) as (keyof typeof columns)[]).filter(
            (k) => canonical(columns[k]) !== canonical(before[k]),
          );
          await recordActivity(tx, {
            subjectType: 'location',
            subjectId: before.id,
            platform: actor.platform,
            actorId: actor.userId,
            action: 'update',
            diff: { fields },
          });
          // Its name, province, area and outline show on the origins of the lots made from its lots.
          const downstream = await tellDownstream(app, tx, await lotsAtLocation(tx, before.id));
          // Its certifications are standards applied on the pages of the producer's lots made there (ADR 043).
          const certified = fields.includes('certifications');
          if (certified) await tellProducer(app, tx, before.producerId);
          return {
            view: await findLocationView(tx, eq(locations.id, before.id)),
            downstream,
            certified,
            producerId: before.producerId,
          };
        }),
      );
      invalidateDownstream(app, result.downstream);
      if (result.certified) invalidateProducerPages(app, result.producerId);
      const out = result.view;
      return { data: { location: presentLocation(out) }, meta: { message: translate(req.locale, 'location_updated') } };
    },
  );

  r.delete(
    '/api/v1/locations/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Delete a location (one that an event, a shipment or a transformation names: 409 location_in_use)',
        params: idParam,
        response: { 200: okEnvelope, ...errors },
      },
    },
    async (req) => {
      const actor = producerScope(req);
      await app.db.transaction(async (tx) => {
        const row = await findOwnLocation(tx, actor, req.params.id, true);
        try {
          await tx.delete(locations).where(eq(locations.id, row.id));
        } catch (err) {
          if (isForeignKeyViolation(err)) throw conflict('location_in_use');
          throw err;
        }
        await deleteActivity(tx, 'location', [row.id]);
        await recordActivity(tx, {
          subjectType: 'location',
          subjectId: row.id,
          platform: actor.platform,
          actorId: actor.userId,
          action: 'delete',
          diff: { name: row.name, kind: row.kind },
        });
      });
      return { meta: { message: translate(req.locale, 'location_deleted') } };
    },
  );
}
