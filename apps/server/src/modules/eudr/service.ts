import { sql } from 'drizzle-orm';
import {
  EUDR_ACTIVITY,
  EUDR_COUNTRY,
  EUDR_GEOJSON_MAX_BYTES,
  netMassKg,
  plotFeature,
  plotProblem,
  provinceName,
  translate,
  type EudrCommodity,
  type EudrPlot,
  type EudrStatement,
  type LocationGeometry,
} from '@agrihub/contract';
import type { Db } from '../../db/client.js';
import { AppError, notFound, unprocessable } from '../../lib/errors.js';
import { walkChain } from '../chain/graph.js';
import { lotsById, startLot, type ChainScope } from '../chain/lots.js';

/**
 * The EUDR due diligence data of a lot or a shipment (ADR 042): the chain walked backward by the
 * chain's one graph query (chain/graph.ts), every farm plot an event of a walked lot happened at,
 * the statement's fields and whether it is ready — each reason in Vietnamese and English.
 */

export type EudrSubject = { kind: 'lot' | 'shipment'; id: number };

const ids = (list: readonly number[]) => `{${list.map((n) => Math.trunc(n)).join(',')}}`;
const joinAddress = (...parts: (string | null | undefined)[]) =>
  parts
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(', ');
const bilingual = (key: string, params: Record<string, string | number> = {}) => ({
  vi: translate('vi', key, params),
  en: translate('en', key, params),
});

interface Built {
  statement: EudrStatement;
  plots: EudrPlot[];
  lotCode: string;
}

/** What the statement is about: the lot (all of it) or a shipment of it (the sender's). */
async function subjectOf(db: Db, scope: ChainScope, subject: EudrSubject) {
  if (subject.kind === 'lot') {
    const lot = await startLot(db, scope, subject.id);
    return { lot, quantity: lot.quantity, unit: lot.unit, shipments: [] as EudrStatement['shipments'] };
  }
  const [row] = (
    await db.execute<{
      id: number;
      producer_id: number;
      lot_id: number;
      quantity: string;
      unit: string;
      shipped_on: string;
      document_number: string | null;
    }>(sql`
      select id, producer_id, lot_id, quantity::text as quantity, unit, shipped_on::text as shipped_on, document_number
      from shipments where id = ${subject.id} and platform = ${scope.platform} and status in ('sent', 'received')`)
  ).rows;
  if (!row || (!scope.viewer.admin && Number(row.producer_id) !== scope.viewer.producerId)) throw notFound();
  const lot = await startLot(db, { ...scope, viewer: { admin: true } }, Number(row.lot_id));
  return {
    lot,
    quantity: Number(row.quantity),
    unit: row.unit,
    shipments: [{ id: Number(row.id), shipped_on: row.shipped_on, document_number: row.document_number }],
  };
}

export async function buildStatement(db: Db, scope: ChainScope, subject: EudrSubject): Promise<Built> {
  const { lot, quantity, unit, shipments } = await subjectOf(db, scope, subject);

  const [product] = (
    await db.execute<{
      name: string;
      description: string | null;
      eudr_commodity: EudrCommodity | null;
      hs_code: string | null;
      category_name: string | null;
    }>(sql`
      select p.name, p.description, c.eudr_commodity, c.hs_code, c.name as category_name
      from products p left join categories c on c.id = p.category_id where p.id = ${lot.productId}`)
  ).rows;
  if (!product?.eudr_commodity || !product.hs_code) throw unprocessable('eudr_not_relevant');

  const walk = await walkChain(db, [lot.id], 'backward');
  const lotIds = walk.lots.map((l) => l.id);
  const received = new Set(walk.edges.map((e) => e.toLotId));
  const originIds = lotIds.filter((id) => !received.has(id));
  const lots = await lotsById(db, scope.platform, lotIds);

  const plotRows = (
    await db.execute<{
      traceability_id: number;
      id: number;
      name: string;
      geometry: LocationGeometry | string | null;
      area_ha: string | null;
      address: string | null;
      commune: string | null;
      province_code: string;
      producer_id: number;
      producer_name: string;
      producer_address: string | null;
      producer_province: string | null;
    }>(sql`
      select distinct te.traceability_id, l.id, l.name, l.geometry, l.area_ha::text as area_ha, l.address, l.commune,
        l.province_code, l.producer_id, pr.name as producer_name, pr.address as producer_address,
        pr.province_code as producer_province
      from trace_events te join locations l on l.id = te.location_id join producers pr on pr.id = l.producer_id
      where te.traceability_id = any(${ids(lotIds)}::int[]) and l.kind = 'farm_plot'`)
  ).rows;
  const lotsWithPlot = new Set(plotRows.map((r) => Number(r.traceability_id)));
  const plotsById = new Map<number, EudrPlot & { producerId: number; producerAddress: string | null }>();
  for (const r of plotRows) {
    const id = Number(r.id);
    if (plotsById.has(id)) continue;
    const geometry = typeof r.geometry === 'string' ? (JSON.parse(r.geometry) as LocationGeometry) : r.geometry;
    plotsById.set(id, {
      location_id: id,
      name: r.name,
      producer_name: r.producer_name,
      address: joinAddress(r.address, r.commune, provinceName(r.province_code)),
      geometry,
      area_ha: r.area_ha == null ? null : Number(r.area_ha),
      producerId: Number(r.producer_id),
      producerAddress: joinAddress(r.producer_address, provinceName(r.producer_province)) || null,
    });
  }
  const plots = [...plotsById.values()].sort((a, b) => a.location_id - b.location_id);

  const reasons: EudrStatement['reasons'] = [];
  const mass = netMassKg(quantity, unit);
  if (mass === null) reasons.push(bilingual('eudr_reason.no_mass', { unit }));
  for (const p of plots) {
    const problem = plotProblem(p);
    if (problem)
      reasons.push(
        bilingual(`eudr_reason.${problem}`, { name: p.name, producer: p.producer_name, area: p.area_ha ?? '' }),
      );
  }
  for (const id of originIds) {
    const origin = lots.get(id);
    if (origin && !lotsWithPlot.has(id))
      reasons.push(
        bilingual('eudr_reason.origin_without_plot', { lot: origin.lotCode, producer: origin.producerName }),
      );
  }
  if (walk.truncated) reasons.push(bilingual('eudr_reason.truncated'));

  const [operator] = (
    await db.execute<{ name: string; address: string | null; province_code: string | null; tax_code: string | null }>(
      sql`select name, address, province_code, tax_code from producers where id = ${lot.producerId}`,
    )
  ).rows;
  const [period] = (
    await db.execute<{ from: string | null; to: string | null }>(sql`
      select min(production_date)::text as "from", max(production_date)::text as "to"
      from traceabilities where id = any(${ids(originIds)}::int[])`)
  ).rows;

  const producers = new Map<number, { name: string; address: string | null }>();
  for (const p of plots) producers.set(p.producerId, { name: p.producer_name, address: p.producerAddress });

  const ready = reasons.length === 0;
  const features = plots.filter((p) => !plotProblem(p)).map(plotFeature);
  const statement: EudrStatement = {
    subject,
    ready,
    reasons,
    commodity: product.eudr_commodity,
    activity: EUDR_ACTIVITY,
    operator: {
      name: operator.name,
      address: joinAddress(operator.address, provinceName(operator.province_code)) || null,
      tax_code: operator.tax_code,
      country: EUDR_COUNTRY,
    },
    hs_code: product.hs_code,
    description: joinAddress(product.name, product.category_name),
    net_mass_kg: mass,
    quantity,
    unit,
    country_of_production: EUDR_COUNTRY,
    producers: [...producers.values()],
    production_period: { from: period?.from ?? null, to: period?.to ?? null },
    lots: lotIds
      .map((id) => lots.get(id))
      .filter((l) => !!l)
      .map((l) => ({ id: l.id, lot_code: l.lotCode, product_name: l.productName, producer_name: l.producerName })),
    shipments,
    plots: plots.map((p) => ({
      location_id: p.location_id,
      name: p.name,
      producer_name: p.producer_name,
      address: p.address,
      geometry_type: p.geometry?.type ?? null,
      area_ha: p.area_ha,
      own: !scope.viewer.admin && p.producerId === scope.viewer.producerId,
      problem: plotProblem(p),
    })),
    geojson_bytes: Buffer.byteLength(JSON.stringify({ type: 'FeatureCollection', features })),
  };
  return { statement, plots, lotCode: lot.lotCode };
}

/**
 * The GeoJSON FeatureCollection of every plot of a ready statement (RFC 7946), as text. A statement
 * not ready is refused with its reasons (409), and one over `maxBytes` with the cap (422).
 */
export function statementGeojson(built: Built, maxBytes = EUDR_GEOJSON_MAX_BYTES): string {
  if (!built.statement.ready) throw new AppError(409, 'eudr_not_ready', {}, [], { reasons: built.statement.reasons });
  const text = JSON.stringify({ type: 'FeatureCollection', features: built.plots.map(plotFeature) });
  if (Buffer.byteLength(text) > maxBytes)
    throw unprocessable('eudr_geojson_too_large', { max: Math.round(maxBytes / 1024 / 1024) });
  return text;
}
