import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { withCheckDigit } from '@agrihub/contract';
import { chainEdges, locations, shipments, traceEvents, tradingPartners } from '../../db/schema/index.js';
import { as, createTestApp, json, type TestApp } from '../../../test/helper.js';
import { buildBatch, buildProduct, buildUser, type Built } from '../../../test/factories.js';
import { pglnUri, sglnUri } from './epcis.js';

/**
 * GS1's EPCIS 2.0 JSON schema (gs1/EPCIS, Apache-2.0), kept beside the tests so CI needs no file
 * outside the repository: every exported document of the chain must validate against it.
 */
const schema = JSON.parse(
  fs.readFileSync(new URL('../../../test/fixtures/epcis-2.0-json-schema.json', import.meta.url), 'utf8'),
);
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validate = ajv.compile(schema);

let t: TestApp;
let farm: Built;
let coop: Built;
const farmGln = withCheckDigit('893458800001');
const shopGln = withCheckDigit('893458800002');
const lots = { f1: 0, c1: 0, c2: 0, r: 0 };
let farmPlot = 0;
let coopPlant = 0;
let toCoop = 0;
let toShop = 0;
let outsideShop = 0;
let transformationId = 0;

beforeAll(async () => {
  t = await createTestApp();
  farm = await buildUser(t.db);
  coop = await buildUser(t.db);
  const cherries = await buildProduct(t.db, { producerId: farm.producerId!, name: 'Cà phê quả tươi' });
  const received = await buildProduct(t.db, { producerId: coop.producerId!, name: 'Cà phê quả', gtin: null });
  const roasted = await buildProduct(t.db, { producerId: coop.producerId!, name: 'Cà phê rang' });
  const [plot] = await t.db
    .insert(locations)
    .values({
      platform: 'dtrack',
      producerId: farm.producerId!,
      kind: 'farm_plot',
      name: 'Lô A',
      provinceCode: '68',
      gln: farmGln,
    })
    .returning();
  const [plant] = await t.db
    .insert(locations)
    .values({
      platform: 'dtrack',
      producerId: coop.producerId!,
      kind: 'processing_plant',
      name: 'Xưởng',
      provinceCode: '68',
    })
    .returning();
  farmPlot = plot.id;
  coopPlant = plant.id;

  const f1 = await buildBatch(t.db, { productId: cherries.id, lotCode: 'F1', quantity: 500, usedQuantity: 500 });
  const c1 = await buildBatch(t.db, { productId: received.id, lotCode: 'C1', quantity: 495, status: 'draft' });
  const c2 = await buildBatch(t.db, { productId: received.id, lotCode: 'C2', quantity: 100, status: 'draft' });
  Object.assign(lots, { f1: f1.id, c1: c1.id, c2: c2.id });
  await t.db.insert(traceEvents).values([
    {
      traceabilityId: f1.id,
      step: 'planting',
      occurredAt: new Date('2025-01-05T01:00:00Z'),
      locationId: plot.id,
      place: 'Lô A',
    },
    { traceabilityId: f1.id, step: 'harvesting', occurredAt: new Date('2025-04-05T01:00:00Z'), place: 'Đồi Cầu Đất' },
  ]);

  // Farm → cooperative (on the platform), received into C1.
  const [coopAsPartner] = await t.db
    .insert(tradingPartners)
    .values({ platform: 'dtrack', producerId: farm.producerId!, name: 'HTX', linkedProducerId: coop.producerId })
    .returning();
  const [s1] = await t.db
    .insert(shipments)
    .values({
      platform: 'dtrack',
      producerId: farm.producerId!,
      lotId: f1.id,
      quantity: 500,
      unit: 'Kg',
      fromLocationId: plot.id,
      partnerId: coopAsPartner.id,
      receiverProducerId: coop.producerId,
      shippedOn: '2025-04-06',
      status: 'received',
      receivedLotId: c1.id,
      receivedQuantity: 495,
      receivedOn: '2025-04-07',
      receiverLocationId: plant.id,
    })
    .returning();
  toCoop = s1.id;
  await t.db.insert(chainEdges).values({
    platform: 'dtrack',
    fromLotId: f1.id,
    toLotId: c1.id,
    kind: 'shipment',
    sourceId: s1.id,
    quantity: 500,
    unit: 'Kg',
    occurredOn: '2025-04-06',
  });
  await t.db.insert(traceEvents).values([
    {
      traceabilityId: f1.id,
      step: 'shipping',
      occurredAt: new Date('2025-04-06T01:00:00Z'),
      locationId: plot.id,
      shipmentId: s1.id,
      place: 'Lô A',
      position: 2,
    },
    {
      traceabilityId: c1.id,
      step: 'receiving',
      occurredAt: new Date('2025-04-07T01:00:00Z'),
      locationId: plant.id,
      shipmentId: s1.id,
      place: 'Xưởng',
    },
  ]);

  // The cooperative roasts C1 and C2 into R (through the API).
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/transformations',
    headers: as(coop),
    payload: {
      output: { product_id: roasted.id, lot_code: 'R1', quantity: 400.5, unit: 'Kg', production_date: '2025-04-10' },
      inputs: [
        { lot_id: c1.id, quantity: 495 },
        { lot_id: c2.id, quantity: 10.25 },
      ],
      location_id: plant.id,
      transformed_on: '2025-04-10',
    },
  });
  expect(res.statusCode).toBe(201);
  lots.r = json(res).data.transformation.output.lot_id;
  transformationId = json(res).data.transformation.id;

  // R shipped to a shop outside the platform, with a GLN.
  const [shop] = await t.db
    .insert(tradingPartners)
    .values({ platform: 'dtrack', producerId: coop.producerId!, name: 'Cửa hàng ngoài', gln: shopGln })
    .returning();
  outsideShop = shop.id;
  const [s2] = await t.db
    .insert(shipments)
    .values({
      platform: 'dtrack',
      producerId: coop.producerId!,
      lotId: lots.r,
      quantity: 100,
      unit: 'Kg',
      fromLocationId: plant.id,
      partnerId: shop.id,
      shippedOn: '2025-04-12',
    })
    .returning();
  toShop = s2.id;
  await t.db.insert(traceEvents).values({
    traceabilityId: lots.r,
    step: 'shipping',
    occurredAt: new Date('2025-04-12T01:00:00Z'),
    locationId: plant.id,
    shipmentId: s2.id,
    place: 'Xưởng',
    position: 1,
  });
});
afterAll(() => t.close());

async function epcisOf(u: Built, lotId: number) {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/traceabilities/${lotId}/epcis`, headers: as(u) });
  expect(res.statusCode).toBe(200);
  const doc = json(res);
  const ok = validate(doc);
  expect(ok ? [] : validate.errors).toEqual([]);
  return doc.epcisBody.eventList as Record<string, any>[];
}

describe('EPCIS 2.0 export of the chain', () => {
  it('maps the farm lot: its own stages at its plot (SGLN) and its shipment with owning parties', async () => {
    const events = await epcisOf(farm, lots.f1);
    expect(events.map((e) => [e.type, e.bizStep])).toEqual([
      ['ObjectEvent', 'https://ref.gs1.org/cbv/BizStep-commissioning'],
      ['ObjectEvent', 'https://ref.gs1.org/cbv/BizStep-collecting'],
      ['ObjectEvent', 'https://ref.gs1.org/cbv/BizStep-shipping'],
    ]);
    expect(events[0].bizLocation).toEqual({ id: sglnUri(farmGln) });
    expect(sglnUri(farmGln)).toBe(`urn:epc:id:sgln:8934588.00001.0`);
    expect(events[1].bizLocation.id).toMatch(/^https?:\/\/.+\/places\//);
    expect(events[2]).toMatchObject({
      action: 'OBSERVE',
      disposition: 'https://ref.gs1.org/cbv/Disp-in_transit',
      bizLocation: { id: sglnUri(farmGln) },
      quantityList: [{ quantity: 500, uom: 'KGM' }],
      sourceList: [
        {
          type: 'https://ref.gs1.org/cbv/SDT-owning_party',
          source: expect.stringMatching(new RegExp(`/producers/${farm.producerId}$`)),
        },
      ],
      destinationList: [
        {
          type: 'https://ref.gs1.org/cbv/SDT-owning_party',
          destination: expect.stringMatching(new RegExp(`/producers/${coop.producerId}$`)),
        },
      ],
    });
    expect(toCoop).toBeGreaterThan(0);
  });

  it('maps the received lot: a receiving ObjectEvent (ADD, in_progress) at the platform’s location URI', async () => {
    const events = await epcisOf(coop, lots.c1);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'ObjectEvent',
      action: 'ADD',
      bizStep: 'https://ref.gs1.org/cbv/BizStep-receiving',
      disposition: 'https://ref.gs1.org/cbv/Disp-in_progress',
      bizLocation: { id: expect.stringMatching(new RegExp(`/locations/${coopPlant}$`)) },
      quantityList: [{ epcClass: expect.stringMatching(/^urn:agrihub:class:.+:C1$/), quantity: 495, uom: 'KGM' }],
      ilmd: { 'cbvmda:lotNumber': 'C1' },
    });
  });

  it('maps the transformed lot: a TransformationEvent with each input and quantity used, then its shipment to an outside GLN', async () => {
    const events = await epcisOf(coop, lots.r);
    expect(events.map((e) => e.type)).toEqual(['TransformationEvent', 'ObjectEvent']);
    const [tr, ship] = events;
    expect(tr).toMatchObject({
      inputQuantityList: [
        { epcClass: expect.stringMatching(/:C1$/), quantity: 495, uom: 'KGM' },
        { epcClass: expect.stringMatching(/:C2$/), quantity: 10.25, uom: 'KGM' },
      ],
      outputQuantityList: [
        {
          epcClass: expect.stringMatching(/^https:\/\/id\.gs1\.org\/01\/\d{14}\/10\/R1$/),
          quantity: 400.5,
          uom: 'KGM',
        },
      ],
      bizLocation: { id: expect.stringMatching(new RegExp(`/locations/${coopPlant}$`)) },
      ilmd: { 'cbvmda:lotNumber': 'R1' },
    });
    expect(tr.action).toBeUndefined();
    expect(ship).toMatchObject({
      bizStep: 'https://ref.gs1.org/cbv/BizStep-shipping',
      quantityList: [{ quantity: 100 }],
      destinationList: [{ type: 'https://ref.gs1.org/cbv/SDT-owning_party', destination: pglnUri(shopGln) }],
    });
    expect(pglnUri(shopGln)).toBe('urn:epc:id:pgln:8934588.00002');
    expect([transformationId, toShop, outsideShop, farmPlot].every((x) => x > 0)).toBe(true);
  });

  it('still validates a lot with only its own stages, and the validator refuses a broken document', async () => {
    const plain = await buildBatch(t.db, {
      producerId: farm.producerId!,
      events: ['planting', 'harvesting', 'packing'],
    });
    await epcisOf(farm, plain.id);
    expect(
      validate({ type: 'EPCISDocument', schemaVersion: '2.0', epcisBody: { eventList: [{ type: 'ObjectEvent' }] } }),
    ).toBe(false);
  });
});
