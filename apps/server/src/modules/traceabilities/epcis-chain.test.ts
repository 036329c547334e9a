import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { EPCIS_EVENT_HASH_PATTERN, epcisEventHash, parseEpcClass, withCheckDigit } from '@agrihub/contract';
import { eq } from 'drizzle-orm';
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

async function epcisDocOf(u: Built, lotId: number) {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/traceabilities/${lotId}/epcis`, headers: as(u) });
  expect(res.statusCode).toBe(200);
  const doc = json(res);
  const ok = validate(doc);
  expect(ok ? [] : validate.errors).toEqual([]);
  return doc;
}
async function epcisOf(u: Built, lotId: number) {
  return (await epcisDocOf(u, lotId)).epcisBody.eventList as Record<string, any>[];
}

describe('EPCIS 2.0 export of the chain', () => {
  it('maps the farm lot: its own stages at its plot (SGLN) and its shipment with owning parties', async () => {
    const events = await epcisOf(farm, lots.f1);
    expect(events.map((e) => [e.type, e.bizStep])).toEqual([
      ['ObjectEvent', 'https://ref.gs1.org/cbv/BizStep-commissioning'],
      ['ObjectEvent', 'https://ref.gs1.org/cbv/BizStep-commissioning'],
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
        {
          type: 'https://ref.gs1.org/cbv/SDT-possessing_party',
          source: expect.stringMatching(new RegExp(`/producers/${farm.producerId}$`)),
        },
        { type: 'https://ref.gs1.org/cbv/SDT-location', source: sglnUri(farmGln) },
      ],
      destinationList: [
        {
          type: 'https://ref.gs1.org/cbv/SDT-owning_party',
          destination: expect.stringMatching(new RegExp(`/producers/${coop.producerId}$`)),
        },
        {
          type: 'https://ref.gs1.org/cbv/SDT-possessing_party',
          destination: expect.stringMatching(new RegExp(`/producers/${coop.producerId}$`)),
        },
        {
          type: 'https://ref.gs1.org/cbv/SDT-location',
          destination: expect.stringMatching(new RegExp(`/locations/${coopPlant}$`)),
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
          epcClass: expect.stringMatching(/^urn:epc:class:lgtin:\d{7}\.\d{6}\.R1$/),
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
      destinationList: [
        { type: 'https://ref.gs1.org/cbv/SDT-owning_party', destination: pglnUri(shopGln) },
        { type: 'https://ref.gs1.org/cbv/SDT-possessing_party', destination: pglnUri(shopGln) },
      ],
    });
    expect(pglnUri(shopGln)).toBe('urn:epc:id:pgln:8934588.00002');
    expect([transformationId, toShop, outsideShop, farmPlot].every((x) => x > 0)).toBe(true);
  });

  it('gives every event its CBV 2.0 event hash as eventID, the same in two exports and after unrelated edits', async () => {
    const doc = await epcisDocOf(farm, lots.f1);
    const first = doc.epcisBody.eventList as Record<string, any>[];
    for (const { eventID, ...rest } of first) {
      expect(eventID).toMatch(EPCIS_EVENT_HASH_PATTERN);
      // a receiver recomputes it from the event and the document's context
      expect(epcisEventHash(rest, { context: doc['@context'] })).toBe(eventID);
    }
    expect(new Set(first.map((e) => e.eventID)).size).toBe(first.length);
    // an edit of another lot and of the producer's profile (not of these events) leaves them alone
    await t.db.insert(traceEvents).values({ traceabilityId: lots.c2, step: 'storing', occurredAt: new Date() });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/producers/${farm.producerId}`,
      headers: as(farm),
      payload: { description: 'Nông trại cà phê' },
    });
    expect(put.statusCode).toBe(200);
    const again = await epcisOf(farm, lots.f1);
    expect(again.map((e) => e.eventID)).toEqual(first.map((e) => e.eventID));
  });

  it('writes LGTIN classes with the producer’s company prefix length (7 by default, 9 when set) that parse back', async () => {
    const at7 = await epcisOf(coop, lots.r);
    const class7 = at7[0].outputQuantityList[0].epcClass as string;
    expect(class7).toMatch(/^urn:epc:class:lgtin:\d{7}\.\d{6}\.R1$/);
    const key = parseEpcClass(class7)!;
    expect(key.lot).toBe('R1');
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/producers/${coop.producerId}`,
      headers: as(coop),
      payload: { gs1_company_prefix_length: 13 },
    });
    expect(bad.statusCode).toBe(422);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/producers/${coop.producerId}`,
      headers: as(coop),
      payload: { gs1_company_prefix_length: 9 },
    });
    expect(put.statusCode).toBe(200);
    expect(json(put).data.producer.gs1_company_prefix_length).toBe(9);
    const at9 = await epcisOf(coop, lots.r);
    const class9 = at9[0].outputQuantityList[0].epcClass as string;
    expect(class9).toMatch(/^urn:epc:class:lgtin:\d{9}\.\d{4}\.R1$/);
    expect(parseEpcClass(class9)).toEqual(key); // the same GTIN and lot, split another way
    // the hash reads the class as its Digital Link: how the URN splits the GTIN is no part of the event
    expect(at9[0].eventID).toBe(at7[0].eventID);
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/producers/${coop.producerId}`,
      headers: as(coop),
      payload: { gs1_company_prefix_length: null },
    });
  });

  it('puts the location’s valid certifications (VietGAP…) in certificationInfo of the events there', async () => {
    await t.db
      .update(locations)
      .set({
        certifications: [
          {
            scheme: 'vietgap',
            number: 'VG-001',
            issuer: 'Trung tâm',
            valid_from: '2024-01-01',
            valid_until: '2026-12-31',
          },
          { scheme: 'organic', number: 'OLD-1', issuer: null, valid_from: null, valid_until: '2020-01-01' },
        ],
      })
      .where(eq(locations.id, farmPlot));
    const events = await epcisOf(farm, lots.f1);
    expect(events[0].certificationInfo).toEqual([expect.stringMatching(/\/certifications\/vietgap\/vg-001$/)]);
    expect(events[1].certificationInfo).toBeUndefined(); // a free-text place: no location, no certificate
    expect(events[2].certificationInfo).toEqual(events[0].certificationInfo);
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
