import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { canonicalDigitalLink, isValidGtin } from '@agrihub/contract';
import type { Db, Tx } from '../../db/client.js';
import { chainEdges, products, traceabilities } from '../../db/schema/index.js';

/** A lot a class identifier names: by GTIN-14 and lot, or by the portal's product code and lot. */
export type LotKey = { gtin14: string; lot: string } | { productCode: string; lot: string };

const dec = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
};

/**
 * The lot an EPC class names, when it names one (null: not a lot class): an LGTIN
 * (`urn:epc:class:lgtin:<company prefix>.<indicator+item ref>.<lot>`), a GS1 Digital Link with
 * AI 10 (`…/01/{gtin}/10/{lot}`, any host) or the portal's class URN for a product without GTIN
 * (`urn:agrihub:class:{product code}:{lot}`).
 */
export function lotKeyOfClass(epcClass: string): LotKey | null {
  const own = /^urn:agrihub:class:([^:]+):([^:]+)$/.exec(epcClass);
  if (own) {
    const [productCode, lot] = [dec(own[1]), dec(own[2])];
    return productCode && lot ? { productCode, lot } : null;
  }
  // An LGTIN or a Digital Link on any host, in the canonical form the event hash uses (epc-uri.ts).
  const dl = /^https:\/\/id\.gs1\.org\/01\/(\d{14})\/10\/([^/?#]+)$/.exec(canonicalDigitalLink(epcClass) ?? '');
  const lot = dl ? dec(dl[2]) : null;
  return dl && lot && isValidGtin(dl[1]) ? { gtin14: dl[1], lot } : null;
}

export interface KnownLot {
  id: number;
  producerId: number;
}

/** The SQL condition selecting the lot a key names on a platform (its printed GTIN, or a draft's product GTIN). */
function keyCondition(k: LotKey): SQL {
  if ('gtin14' in k) {
    return and(
      eq(traceabilities.lotCode, k.lot),
      or(
        eq(traceabilities.gtin14, k.gtin14),
        and(isNull(traceabilities.gtin14), eq(traceabilities.status, 'draft'), eq(products.gtin14, k.gtin14)),
      ),
    )!;
  }
  return and(eq(traceabilities.lotCode, k.lot), eq(products.publicCode, k.productCode))!;
}

/** The platform's lots the classes name (class → lot); classes naming no lot of the platform are absent. */
export async function resolveLots(db: Db | Tx, platform: string, classes: string[]): Promise<Map<string, KnownLot>> {
  const out = new Map<string, KnownLot>();
  const keyed = [...new Set(classes)]
    .map((c) => [c, lotKeyOfClass(c)] as const)
    .filter((x): x is readonly [string, LotKey] => x[1] != null);
  for (let i = 0; i < keyed.length; i += 200) {
    const part = keyed.slice(i, i + 200);
    const rows = await db
      .select({
        id: traceabilities.id,
        producerId: traceabilities.producerId,
        lotCode: traceabilities.lotCode,
        gtin14: sql<
          string | null
        >`coalesce(${traceabilities.gtin14}, case when ${traceabilities.status} = 'draft' then ${products.gtin14} end)`,
        productCode: products.publicCode,
      })
      .from(traceabilities)
      .innerJoin(products, eq(products.id, traceabilities.productId))
      .where(and(eq(traceabilities.platform, platform), or(...part.map(([, k]) => keyCondition(k)))));
    for (const [c, k] of part) {
      const hit = rows.find((r) =>
        'gtin14' in k
          ? r.gtin14 === k.gtin14 && r.lotCode === k.lot
          : r.productCode === k.productCode && r.lotCode === k.lot,
      );
      if (hit) out.set(c, { id: hit.id, producerId: hit.producerId });
    }
  }
  return out;
}

/**
 * Of the given lots, those a producer may attach a captured event to (ADR 040): its own, and a lot
 * one chain step from one of its own (received from it or shipped to it, or an input or output of a
 * transformation with it).
 */
export async function attachableLots(db: Db | Tx, producerId: number, lots: KnownLot[]): Promise<Set<number>> {
  const ok = new Set(lots.filter((l) => l.producerId === producerId).map((l) => l.id));
  const foreign = [...new Set(lots.filter((l) => l.producerId !== producerId).map((l) => l.id))];
  if (!foreign.length) return ok;
  const own = sql`(select id from ${traceabilities} where ${traceabilities.producerId} = ${producerId})`;
  const rows = await db
    .select({ from: chainEdges.fromLotId, to: chainEdges.toLotId })
    .from(chainEdges)
    .where(
      or(
        and(inArray(chainEdges.fromLotId, foreign), sql`${chainEdges.toLotId} in ${own}`),
        and(inArray(chainEdges.toLotId, foreign), sql`${chainEdges.fromLotId} in ${own}`),
      ),
    );
  for (const r of rows) {
    if (foreign.includes(r.from)) ok.add(r.from);
    if (r.to != null && foreign.includes(r.to)) ok.add(r.to);
  }
  return ok;
}
