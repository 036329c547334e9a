import type { FastifyInstance } from 'fastify';
import {
  chainVisibility,
  edgeQuantityVisible,
  edgeVisible,
  formatVietnamDateTime,
  translate,
  type Locale,
  type MockRecallLot,
  type MockRecallReport,
  type RecallResult,
  type RecallScope,
} from '@agrihub/contract';
import type { Db, Tx } from '../../db/client.js';
import { recordActivity } from '../../lib/activity.js';
import type { DomainEvent } from '../../lib/domain-events.js';
import { actorOfRequest, transitionIn } from '../../lib/transition.js';
import { streamXlsx } from '../../lib/xlsx-export.js';
import { fontFiles } from '../purchase-orders/pdf.js';
import { markAvailabilityChanged } from '../sale-channels/sync/stale.js';
import { invalidateBatch, tellBatch } from '../trace-public/state.js';
import { batchChainRecallWorkflow } from '../traceabilities/state-workflow.js';
import type { FastifyRequest } from 'fastify';
import { lotsAtLocation, walkChain, type Walk } from './graph.js';
import { isLotScope, lotsById, partnersById, startLocation, startLot, type ChainLot, type ChainScope } from './lots.js';

/** Every lot downstream of a start (a lot, or every lot with an event at a location), in full: the set a recall acts on. */
export interface AffectedSet {
  start: { lotId: number | null; locationId: number | null; label: string; subject: 'traceability' | 'location' };
  walk: Walk;
  lots: Map<number, ChainLot>;
}

export async function affectedSet(db: Db | Tx, scope: ChainScope, start: RecallScope): Promise<AffectedSet> {
  let startIds: number[];
  let head: AffectedSet['start'];
  if (isLotScope(start)) {
    const lot = await startLot(db, scope, start.lot_id);
    startIds = [lot.id];
    head = { lotId: lot.id, locationId: null, label: lot.lotCode, subject: 'traceability' };
  } else {
    const loc = await startLocation(db, scope, start.location_id);
    startIds = await lotsAtLocation(db, loc.id);
    head = { lotId: null, locationId: loc.id, label: loc.name, subject: 'location' };
  }
  const walk = await walkChain(db, startIds, 'forward');
  const lots = await lotsById(
    db,
    scope.platform,
    walk.lots.map((l) => l.id),
  );
  return { start: head, walk, lots };
}

/**
 * The mock recall (ADR 036 §7): every affected lot downstream with its quantity, what is still
 * held of it (quantity − used) and its holder, the shipments out of what the platform knows, and
 * the time it took from `start` (performance.now() when the request came). Read-only. What the
 * caller may not see (beyond one step of its own lots) is counted, not shown.
 */
export async function buildMockRecall(
  db: Db | Tx,
  scope: ChainScope,
  start: RecallScope,
  startedAt: number = performance.now(),
): Promise<MockRecallReport> {
  const set = await affectedSet(db, scope, start);
  const visibility = chainVisibility(scope.viewer, [...set.lots.values()], set.walk.edges);
  const depthOf = new Map(set.walk.lots.map((l) => [l.id, l.depth]));
  const lots: MockRecallLot[] = [];
  let hidden = 0;
  for (const l of set.walk.lots) {
    const lot = set.lots.get(l.id);
    const v = visibility.get(l.id) ?? 'hidden';
    if (!lot) continue;
    if (v === 'hidden') {
      hidden++;
      continue;
    }
    const full = v === 'full';
    lots.push({
      lot_id: lot.id,
      lot_code: lot.lotCode,
      product_name: lot.productName,
      producer_name: lot.producerName,
      own: full,
      quantity: full ? lot.quantity : null,
      unit: lot.unit,
      quantity_held: full ? Math.round((lot.quantity - lot.usedQuantity) * 1000) / 1000 : null,
      state: lot.state,
      depth: depthOf.get(lot.id) ?? 0,
    });
  }
  const open = set.walk.edges.filter((e) => e.toLotId === null && edgeVisible(scope.viewer, e, visibility));
  const partners = await partnersById(
    db,
    open.filter((e) => e.partnerId !== null).map((e) => e.partnerId!),
  );
  const holders: MockRecallReport['holders'] = [
    // A lot with something left (or whose quantities the caller may not see) is held by its producer.
    ...lots
      .filter((l) => l.quantity_held === null || l.quantity_held > 0)
      .map((l) => ({
        name: l.producer_name,
        on_platform: true,
        lot_id: l.lot_id,
        lot_code: l.lot_code,
        quantity: l.quantity_held,
        unit: l.unit,
        shipped_on: null,
      })),
    // A shipment to an outside party, or not yet received: the partner holds it.
    ...open.map((e) => {
      const partner = e.partnerId === null ? undefined : partners.get(e.partnerId);
      const qty = edgeQuantityVisible(scope.viewer, e, visibility);
      return {
        name: partner?.name ?? '',
        on_platform: partner?.linkedProducerId != null,
        lot_id: null,
        lot_code: set.lots.get(e.fromLotId)?.lotCode ?? null,
        quantity: qty ? e.quantity : null,
        unit: qty ? e.unit : null,
        shipped_on: e.occurredOn,
      };
    }),
  ];
  return {
    start: { lot_id: set.start.lotId, location_id: set.start.locationId, label: set.start.label },
    lots,
    holders,
    hidden_count: hidden,
    truncated: set.walk.truncated,
    elapsed_ms: Math.round((performance.now() - startedAt) * 10) / 10,
    generated_at: new Date().toISOString(),
  };
}

const qtyText = (n: number | null, locale: Locale) =>
  n === null ? '—' : new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'vi-VN', { maximumFractionDigits: 3 }).format(n);
const holderName = (h: MockRecallReport['holders'][number], locale: Locale) =>
  h.lot_id !== null
    ? h.name
    : `${h.name} (${translate(locale, h.on_platform ? 'mock_recall_in_transit' : 'mock_recall_outside')})`;

/** One sheet: the affected lots (producer and what is held on each row), then the shipments held outside the platform's lots. */
type XlsxRow = { kind: 'lot'; lot: MockRecallLot } | { kind: 'holder'; holder: MockRecallReport['holders'][number] };

/** The report as XLSX (lib/xlsx-export.ts): a stream. */
export function mockRecallXlsx(report: MockRecallReport, locale: Locale) {
  const rows: XlsxRow[] = [
    ...report.lots.map((lot) => ({ kind: 'lot' as const, lot })),
    // A lot's own holder is its row's producer and "held" column: only shipments out of the
    // platform's knowledge (outside, or not yet received) add rows.
    ...report.holders.filter((h) => h.lot_id === null).map((holder) => ({ kind: 'holder' as const, holder })),
  ];
  const state = (s: string) => translate(locale, `state_${s}`);
  return streamXlsx<XlsxRow & { i: number }>({
    locale,
    sheet: 'mock_recall_sheet',
    columns: [
      { header: 'mock_recall_col_n', width: 6, value: (_r, n) => n },
      {
        header: 'mock_recall_col_lot',
        width: 20,
        value: (r) => (r.kind === 'lot' ? r.lot.lot_code : r.holder.lot_code),
      },
      { header: 'mock_recall_col_product', width: 30, value: (r) => (r.kind === 'lot' ? r.lot.product_name : '') },
      {
        header: 'mock_recall_col_holder',
        width: 30,
        value: (r) => (r.kind === 'lot' ? r.lot.producer_name : holderName(r.holder, locale)),
      },
      {
        header: 'mock_recall_col_quantity',
        width: 12,
        value: (r) => (r.kind === 'lot' ? r.lot.quantity : r.holder.quantity),
      },
      { header: 'mock_recall_col_held', width: 12, value: (r) => (r.kind === 'lot' ? r.lot.quantity_held : '') },
      { header: 'mock_recall_col_unit', width: 10, value: (r) => (r.kind === 'lot' ? r.lot.unit : r.holder.unit) },
      { header: 'mock_recall_col_state', width: 14, value: (r) => (r.kind === 'lot' ? state(r.lot.state) : '') },
      { header: 'mock_recall_col_depth', width: 8, value: (r) => (r.kind === 'lot' ? r.lot.depth : '') },
      {
        header: 'mock_recall_col_shipped_on',
        width: 12,
        value: (r) => (r.kind === 'holder' ? r.holder.shipped_on : ''),
      },
    ],
    page: async (last, limit) => {
      const from = last ? last.i + 1 : 0;
      return rows.slice(from, from + limit).map((r, k) => ({ ...r, i: from + k }));
    },
  });
}

/** The report as PDF (pdfkit, Noto Sans embedded as the purchase order's: Vietnamese prints and extracts). */
export async function mockRecallPdf(report: MockRecallReport, locale: Locale): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const t = (key: string, params?: Record<string, string | number>) => translate(locale, key, params);
  const files = fontFiles();
  const doc = new PDFDocument({ size: 'A4', margin: 40, layout: 'landscape', info: { Title: t('mock_recall_title') } });
  doc.registerFont('regular', files.regular);
  doc.registerFont('bold', files.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const opts = { features: { ccmp: false } as unknown as PDFKit.Mixins.OpenTypeFeatures[] };
  doc.font('bold').fontSize(16).text(t('mock_recall_title'), opts);
  doc.font('regular').fontSize(10);
  doc.text(`${t('mock_recall_start')}: ${report.start.label}`, opts);
  doc.text(`${t('mock_recall_generated')}: ${formatVietnamDateTime(report.generated_at)}`, opts);
  doc.text(t('mock_recall_elapsed', { ms: report.elapsed_ms }), opts);
  if (report.hidden_count) doc.text(t('mock_recall_hidden', { count: report.hidden_count }), opts);
  if (report.truncated) doc.text(t('mock_recall_truncated'), opts);

  const table = (title: string, headers: string[], widths: number[], rows: string[][]) => {
    doc.moveDown();
    doc.font('bold').fontSize(12).text(title, 40, doc.y, opts);
    const line = (cells: string[], font: 'bold' | 'regular') => {
      if (doc.y > 540) doc.addPage();
      const y = doc.y + 2;
      let x = 40;
      let h = 0;
      doc.font(font).fontSize(9);
      cells.forEach((c, i) => {
        doc.text(c, x, y, { ...opts, width: widths[i] - 4 });
        h = Math.max(h, doc.y - y);
        x += widths[i];
      });
      doc.y = y + h + 2;
    };
    line(headers, 'bold');
    for (const r of rows) line(r, 'regular');
  };
  table(
    t('mock_recall_lots', { count: report.lots.length }),
    [
      'mock_recall_col_n',
      'mock_recall_col_lot',
      'mock_recall_col_product',
      'mock_recall_col_holder',
      'mock_recall_col_quantity',
      'mock_recall_col_held',
      'mock_recall_col_unit',
      'mock_recall_col_state',
    ].map((k) => t(k)),
    [30, 110, 170, 170, 80, 80, 60, 60],
    report.lots.map((l, i) => [
      String(i + 1),
      l.lot_code,
      l.product_name,
      l.producer_name,
      qtyText(l.quantity, locale),
      qtyText(l.quantity_held, locale),
      l.unit,
      t(`state_${l.state}`),
    ]),
  );
  table(
    t('mock_recall_holders', { count: report.holders.length }),
    [
      'mock_recall_col_n',
      'mock_recall_col_holder',
      'mock_recall_col_lot',
      'mock_recall_col_quantity',
      'mock_recall_col_unit',
      'mock_recall_col_shipped_on',
    ].map((k) => t(k)),
    [30, 260, 130, 100, 80, 100],
    report.holders.map((h, i) => [
      String(i + 1),
      holderName(h, locale),
      h.lot_code ?? '',
      qtyText(h.quantity, locale),
      h.unit ?? '',
      h.shipped_on ?? '',
    ]),
  );
  doc.end();
  return done;
}

/** Records a mock recall in the activity history of its start lot or location. */
export async function recordMockRecall(
  db: Db,
  scope: ChainScope,
  report: MockRecallReport,
  actorId: number,
): Promise<void> {
  await recordActivity(db, {
    subjectType: report.start.lot_id !== null ? 'traceability' : 'location',
    subjectId: report.start.lot_id ?? report.start.location_id!,
    platform: scope.platform,
    actorId,
    action: 'mock_recall',
    diff: { lots: report.lots.length, holders: report.holders.length, elapsed_ms: report.elapsed_ms },
  });
}

/**
 * The recall (ADR 036 §7): every published or held lot of the affected set that the caller may
 * recall (its own; the administrator: all) moves to `recalled` through the batch state table —
 * the same move as the batch page's recall — in one transaction. Draft lots are listed, not
 * recalled (not public: the producer holds or deletes them); other producers' lots are listed for
 * their producer or the administrator. Each producer of the platform holding an affected lot (or
 * an affected shipment not yet received) is told once, the acting producer excepted.
 */
export async function recallChain(
  app: FastifyInstance,
  req: FastifyRequest,
  scope: ChainScope,
  start: RecallScope,
  reason: string,
): Promise<RecallResult> {
  const actor = actorOfRequest(req, scope.viewer.admin ? 'platform' : 'own');
  const recalledCodes: string[] = [];
  const result = await app.events.transaction(async (tx, emit) => {
    const set = await affectedSet(tx, scope, start);
    const visibility = chainVisibility(scope.viewer, [...set.lots.values()], set.walk.edges);
    const res: RecallResult = {
      recalled: [],
      already_recalled: [],
      drafts: [],
      others: [],
      hidden_count: 0,
      notified_producers: 0,
    };
    const holders = new Map<number, ChainLot[]>();
    for (const l of set.walk.lots) {
      const lot = set.lots.get(l.id);
      if (!lot) continue;
      holders.set(lot.producerId, [...(holders.get(lot.producerId) ?? []), lot]);
      const v = visibility.get(lot.id) ?? 'hidden';
      if (v !== 'full') {
        if (v === 'names') res.others.push({ lot_code: lot.lotCode, producer_name: lot.producerName });
        else res.hidden_count++;
        continue;
      }
      const ref = { lot_id: lot.id, lot_code: lot.lotCode };
      if (lot.state === 'draft') res.drafts.push(ref);
      else if (lot.state === 'recalled') res.already_recalled.push(ref);
      else {
        await transitionIn(tx, emit, batchChainRecallWorkflow, {
          id: lot.id,
          to: 'recalled',
          actor,
          reason,
          action: 'recall',
          diff: () => ({ reason, chain_recall: set.start.label }),
          // One notice per holder below, not one per lot.
          event: () => null,
        });
        await markAvailabilityChanged(tx, lot.productId, actor.user.id);
        await tellBatch(app, tx, lot.publicCode);
        recalledCodes.push(lot.publicCode);
        res.recalled.push(ref);
      }
    }
    // Shipments not yet received by a producer of the platform: it holds them too.
    const open = set.walk.edges.filter((e) => e.toLotId === null && e.partnerId !== null);
    const partners = await partnersById(
      tx,
      open.map((e) => e.partnerId!),
    );
    const inTransit = new Map<number, ChainLot[]>();
    for (const e of open) {
      const linked = partners.get(e.partnerId!)?.linkedProducerId;
      const lot = set.lots.get(e.fromLotId);
      if (linked != null && lot) inTransit.set(linked, [...(inTransit.get(linked) ?? []), lot]);
    }
    const told = new Set([...holders.keys(), ...inTransit.keys()]);
    if (!scope.viewer.admin) told.delete(scope.viewer.producerId);
    for (const producerId of told) {
      const held = [...(holders.get(producerId) ?? []), ...(inTransit.get(producerId) ?? [])];
      const event: DomainEvent = {
        type: 'chain.recalled',
        platform: req.platform,
        producerId,
        startLotCode: set.start.label,
        lotIds: (holders.get(producerId) ?? []).map((l) => l.id),
        lotCodes: held.map((l) => l.lotCode),
        actorId: actor.user.id,
        reason,
      };
      emit(event);
    }
    res.notified_producers = told.size;
    await recordActivity(tx, {
      subjectType: set.start.subject,
      subjectId: set.start.lotId ?? set.start.locationId!,
      platform: scope.platform,
      actorId: actor.user.id,
      action: 'chain_recall',
      note: reason,
      diff: {
        recalled: res.recalled.length,
        drafts: res.drafts.length,
        others: res.others.length + res.hidden_count,
        notified_producers: res.notified_producers,
      },
    });
    return res;
  });
  for (const code of recalledCodes) invalidateBatch(app, code);
  return result;
}
