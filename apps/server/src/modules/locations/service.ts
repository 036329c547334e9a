import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  certificateValidity,
  geometryAreaHa,
  todayInVietnam,
  type Location,
  type LocationInput,
  type LocationRef,
  type LOCATION_SORT_FIELDS,
} from '@agrihub/contract';
import type { Db, Tx } from '../../db/client.js';
import { locations, producers } from '../../db/schema/index.js';
import { notFound, unprocessable } from '../../lib/errors.js';
import type { ListSpec } from '../../lib/list.js';
import { ownedBy, visibleIn, type OwnerRef, type PlatformOnly } from '../../lib/scope.js';

export type LocationRow = typeof locations.$inferSelect;

/** Sorts of the contract's LOCATION_SORT_FIELDS; q in name and GLN (the stored accent-free search text). */
export const LOCATION_LIST: ListSpec<(typeof LOCATION_SORT_FIELDS)[number], typeof locations.name | SQL> = {
  sorts: {
    name: sql`lower(${locations.name})`,
    created_at: locations.createdAt as never,
    // A point or no outline sorts as 0 ha (first ascending, last descending).
    area_ha: sql`coalesce(${locations.areaHa}, 0)`,
  },
  search: [locations.name, locations.gln],
  searchColumn: locations.searchText,
  tiebreak: locations.id,
};

export interface LocationFilters {
  kind?: string;
  province_code?: string;
  producer_id?: number;
}

/** WHERE of a list: the producer's own (or the platform's, for its administrator) and the filters. */
export function locationWhere(scope: PlatformOnly & { producerId?: number | null }, f: LocationFilters): SQL {
  return and(
    visibleIn(locations, scope),
    f.kind ? eq(locations.kind, f.kind as LocationRow['kind']) : undefined,
    f.province_code ? eq(locations.provinceCode, f.province_code) : undefined,
    f.producer_id ? eq(locations.producerId, f.producer_id) : undefined,
  )!;
}

/** The columns written from a validated body: area computed geodesically (null for a point or none). */
export function locationColumns(b: LocationInput) {
  return {
    kind: b.kind,
    name: b.name,
    provinceCode: b.province_code,
    commune: b.commune,
    address: b.address,
    gln: b.gln,
    geometry: b.geometry,
    areaHa:
      b.geometry && b.geometry.type === 'Polygon' ? Math.round(geometryAreaHa(b.geometry) * 10_000) / 10_000 : null,
    crop: b.crop_or_species,
    certifications: b.certifications,
  };
}

/** A location of the producer (another producer's, or another platform's: 404). */
export async function findOwnLocation(db: Db | Tx, owner: OwnerRef, id: number, lock = false): Promise<LocationRow> {
  const q = db
    .select()
    .from(locations)
    .where(and(ownedBy(locations, owner), eq(locations.id, id)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

/**
 * The location an event (or a shipment, a transformation) names: one of the producer's own, else
 * 422 on `field` (a location of someone else is not told apart from one that does not exist).
 */
export async function ownLocationRef(
  db: Db | Tx,
  owner: OwnerRef,
  id: number | null | undefined,
  field = 'location_id',
): Promise<LocationRef | null> {
  if (id == null) return null;
  const [row] = await db
    .select({ id: locations.id, name: locations.name, kind: locations.kind })
    .from(locations)
    .where(and(ownedBy(locations, owner), eq(locations.id, id)))
    .limit(1);
  if (!row) throw unprocessable('invalidLocation', {}, field);
  return row;
}

/** id → { id, name, kind } of the given locations (for presenting events). */
export async function locationRefs(db: Db | Tx, ids: (number | null)[]): Promise<Map<number, LocationRef>> {
  const wanted = [...new Set(ids.filter((i): i is number => i != null))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: locations.id, name: locations.name, kind: locations.kind })
    .from(locations)
    .where(inArray(locations.id, wanted));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function loadLocations(db: Db | Tx, where: SQL, order: SQL[], limit: number, offset: number) {
  return db
    .select({ location: locations, producerName: producers.name })
    .from(locations)
    .innerJoin(producers, eq(producers.id, locations.producerId))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

export async function countLocations(db: Db | Tx, where: SQL) {
  const [{ n }] = await db.select({ n: count() }).from(locations).where(where);
  return Number(n);
}

export async function findLocationView(db: Db | Tx, where: SQL) {
  const [v] = await loadLocations(db, where, [], 1, 0);
  if (!v) throw notFound();
  return v;
}

export function presentLocation(
  { location: l, producerName }: { location: LocationRow; producerName: string },
  today = todayInVietnam(),
): Location {
  return {
    id: l.id,
    kind: l.kind,
    name: l.name,
    province_code: l.provinceCode,
    commune: l.commune,
    address: l.address,
    gln: l.gln,
    geometry: l.geometry ?? null,
    area_ha: l.areaHa == null ? null : Number(l.areaHa),
    crop_or_species: l.crop,
    certifications: (l.certifications ?? []).map((c) => ({
      scheme: c.scheme,
      number: c.number ?? null,
      issuer: c.issuer ?? null,
      valid_from: c.valid_from ?? null,
      valid_until: c.valid_until ?? null,
      validity: certificateValidity(c.valid_until, today),
    })),
    producer: { id: l.producerId, name: producerName },
    created_at: new Date(l.createdAt).toISOString(),
    updated_at: new Date(l.updatedAt).toISOString(),
  };
}
