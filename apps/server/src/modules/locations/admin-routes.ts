import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import {
  adminLocationListQuery,
  envelope,
  errorEnvelope,
  historyAnswer,
  historyQuery,
  idParam,
  listEnvelope,
  location,
  locationEvent,
  locationEventQuery,
} from '@agrihub/contract';
import { locations } from '../../db/schema/index.js';
import { historyPage } from '../../lib/activity.js';
import { listPlan } from '../../lib/list.js';
import { platformOf, requestScope } from '../../lib/scope.js';
import { pageLocationEvents } from './events.js';
import {
  LOCATION_LIST,
  countLocations,
  findLocationView,
  loadLocations,
  locationWhere,
  presentLocation,
} from './service.js';

const tags = ['admin locations'];
const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 422: errorEnvelope };

/**
 * The platform administrator reads every producer's locations (as it reads their products:
 * ability read on `producer`); another platform's location is not found. Read only.
 */
export default async function adminLocationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const byId = (platform: string, id: number) => and(platformOf(locations, { platform }), eq(locations.id, id))!;

  r.get(
    '/api/v1/admin/locations',
    {
      config: { access: 'admin', ability: ['read', 'producer'] },
      schema: {
        tags,
        summary:
          "The platform's locations (filters: producer_id, kind, province_code; q: name or GLN; sort name, created_at, area_ha)",
        querystring: adminLocationListQuery,
        response: { 200: listEnvelope('locations', location), ...errors },
      },
    },
    async (req) => {
      const scope = { platform: requestScope(req).platform };
      const list = listPlan(req.query, LOCATION_LIST);
      const where = and(locationWhere(scope, req.query), list.search)!;
      const [rows, total] = await Promise.all([
        loadLocations(app.db, where, list.orderBy, list.limit, list.offset),
        countLocations(app.db, where),
      ]);
      return { data: { locations: rows.map((v) => presentLocation(v)) }, meta: list.meta(total) };
    },
  );

  r.get(
    '/api/v1/admin/locations/:id',
    {
      config: { access: 'admin', ability: ['read', 'producer'] },
      schema: { tags, params: idParam, response: { 200: envelope('location', location), ...errors } },
    },
    async (req) => {
      const v = await findLocationView(app.db, byId(requestScope(req).platform, req.params.id));
      return { data: { location: presentLocation(v) } };
    },
  );

  r.get(
    '/api/v1/admin/locations/:id/events',
    {
      config: { access: 'admin', ability: ['read', 'producer'] },
      schema: {
        tags,
        summary: "The events of the owner's lots recorded at the location, newest first",
        params: idParam,
        querystring: locationEventQuery,
        response: { 200: listEnvelope('events', locationEvent), ...errors },
      },
    },
    async (req) => {
      const { location: l } = await findLocationView(app.db, byId(requestScope(req).platform, req.params.id));
      return pageLocationEvents(app.db, { platform: l.platform, producerId: l.producerId }, l.id, req.query);
    },
  );

  r.get(
    '/api/v1/admin/locations/:id/history',
    {
      config: { access: 'admin', ability: ['read', 'producer'] },
      schema: {
        tags,
        summary: "The location's history: created, edits (fields changed)",
        params: idParam,
        querystring: historyQuery,
        response: { 200: historyAnswer, ...errors },
      },
    },
    async (req) => {
      const v = await findLocationView(app.db, byId(requestScope(req).platform, req.params.id));
      return historyPage(app.db, 'location', v.location.id, true, req.query);
    },
  );
}
