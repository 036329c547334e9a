import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalDigitalLink } from './epc-uri.js';
import { EPCIS_EVENT_HASH_PATTERN, epcisEventHash, epcisEventPreHash, normaliseEpcisTime } from './epcis-hash.js';
import { sha256Hex } from './sha256.js';

/**
 * Worked examples of GS1's reference implementation (github.com/RalphTro/epcis-event-hash-generator,
 * tests/examples): the event as its JSON-LD file has it, the pre-hash and hash its .prehashes and
 * .hashes files give.
 */
const SINGLE_EVENT = {
  type: 'ObjectEvent',
  action: 'OBSERVE',
  bizStep: 'shipping',
  disposition: 'in_transit',
  epcList: ['urn:epc:id:sgtin:0614141.107346.2017', 'urn:epc:id:sgtin:0614141.107346.2018'],
  eventTime: '2022-02-16T20:33:31.116000-06:00',
  eventTimeZoneOffset: '-06:00',
  readPoint: { id: 'urn:epc:id:sgln:0614141.07346.1234' },
  bizTransactionList: [{ type: 'po', bizTransaction: 'http://transaction.acme.com/po/12345678' }],
};
const SINGLE_EVENT_PREHASH =
  'eventType=ObjectEventeventTime=2022-02-17T02:33:31.116ZeventTimeZoneOffset=-06:00' +
  'epcListepc=https://id.gs1.org/01/10614141073464/21/2017epc=https://id.gs1.org/01/10614141073464/21/2018' +
  'action=OBSERVEbizStep=https://ref.gs1.org/cbv/BizStep-shippingdisposition=https://ref.gs1.org/cbv/Disp-in_transit' +
  'readPointid=https://id.gs1.org/414/0614141073467/254/1234' +
  'bizTransactionListbizTransaction=http://transaction.acme.com/po/12345678type=https://ref.gs1.org/cbv/BTT-po';
const SINGLE_EVENT_HASH = 'ni:///sha-256;3e0f2437f4cb5e8a1b832b769c0eed1bf3e1421f14061132e9800ded03f10182?ver=CBV2.0';

/** epcisDocWithShippingAndTransportingEvent (its first event). */
const DEPARTING = {
  type: 'ObjectEvent',
  eventTime: '2020-02-20T12:50:00.000+01:00',
  eventTimeZoneOffset: '+01:00',
  epcList: ['urn:epc:id:sscc:4012345.1112223334'],
  action: 'OBSERVE',
  bizStep: 'departing',
  readPoint: { id: 'urn:epc:id:sgln:4012345.00022.0' },
  bizTransactionList: [{ type: 'desadv', bizTransaction: 'urn:epcglobal:cbv:bt:4012345000009:ASN1099' }],
  sourceList: [{ type: 'possessing_party', source: 'urn:epc:id:pgln:4012345.00000' }],
  destinationList: [{ type: 'possessing_party', destination: 'urn:epc:id:pgln:4023333.00000' }],
};
// The reference's expected pre-hash, with two corrections: its SSCC has 19 digits (the URN's
// extension digit kept in place as well as moved to the front; TDS 2.x: 18) and its file still spells the CBV namespace of the CBV 2.0 draft
// (https://ns.gs1.org/voc/Bizstep-…), the ratified standard's https://ref.gs1.org/cbv/BizStep-… is used here.
const DEPARTING_PREHASH =
  'eventType=ObjectEventeventTime=2020-02-20T11:50:00.000ZeventTimeZoneOffset=+01:00' +
  'epcListepc=https://id.gs1.org/00/140123451122233341action=OBSERVE' +
  'bizStep=https://ref.gs1.org/cbv/BizStep-departingreadPointid=https://id.gs1.org/414/4012345000221' +
  'bizTransactionListbizTransaction=urn:epcglobal:cbv:bt:4012345000009:ASN1099type=https://ref.gs1.org/cbv/BTT-desadv' +
  'sourceListsource=https://id.gs1.org/417/4012345000009type=https://ref.gs1.org/cbv/SDT-possessing_party' +
  'destinationListdestination=https://id.gs1.org/417/4023333000000type=https://ref.gs1.org/cbv/SDT-possessing_party';

/**
 * ReferenceEventHashAlgorithm: user extensions, nested and repeated, in the example namespace (its
 * SSCCs corrected to 18 digits as above; the draft CBV namespace replaced).
 */
const WITH_EXTENSIONS = {
  '@context': [{ example: 'https://ns.example.com/epcis' }],
  isA: 'ObjectEvent',
  eventTime: '2020-03-04T11:00:30.000+01:00',
  eventTimeZoneOffset: '+01:00',
  recordTime: '2020-03-04T11:00:30.999+01:00',
  epcList: [
    'urn:epc:id:sscc:4012345.0000000333',
    'urn:epc:id:sscc:4012345.0000000111',
    'urn:epc:id:sscc:4012345.0000000222',
  ],
  action: 'OBSERVE',
  bizStep: 'urn:epcglobal:cbv:bizstep:departing',
  readPoint: { id: 'urn:epc:id:sgln:4012345.00011.987' },
  'example:myField1': { 'example:mySubField1': '2', 'example:mySubField2': '5' },
  'example:myField2': { '#text': '0' },
  'example:myField3': { 'example:mySubField3': ['3', '1'] },
};
const WITH_EXTENSIONS_PREHASH =
  'eventType=ObjectEventeventTime=2020-03-04T10:00:30.000ZeventTimeZoneOffset=+01:00' +
  'epcListepc=https://id.gs1.org/00/040123450000001112epc=https://id.gs1.org/00/040123450000002225' +
  'epc=https://id.gs1.org/00/040123450000003338action=OBSERVEbizStep=https://ref.gs1.org/cbv/BizStep-departing' +
  'readPointid=https://id.gs1.org/414/4012345000115/254/987' +
  '{https://ns.example.com/epcis}myField1{https://ns.example.com/epcis}mySubField1=2{https://ns.example.com/epcis}mySubField2=5' +
  '{https://ns.example.com/epcis}myField2=0' +
  '{https://ns.example.com/epcis}myField3{https://ns.example.com/epcis}mySubField3=1{https://ns.example.com/epcis}mySubField3=3';

/** Same keys in reverse order, recursively. */
function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .reverse()
        .map(([k, v]) => [k, reverseKeys(v)]),
    );
  }
  return value;
}

describe('SHA-256', () => {
  it('gives the FIPS 180-4 digests', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('agrees with node:crypto on any text, across block boundaries and in UTF-8', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
      }),
      { numRuns: 50 },
    );
  });
});

describe('EPCIS event hash (CBV 2.0 §8.9)', () => {
  it("reproduces the reference implementation's worked example, pre-hash and hash", () => {
    expect(epcisEventPreHash(SINGLE_EVENT)).toBe(SINGLE_EVENT_PREHASH);
    expect(epcisEventHash(SINGLE_EVENT)).toBe(SINGLE_EVENT_HASH);
    expect(SINGLE_EVENT_HASH).toMatch(EPCIS_EVENT_HASH_PATTERN);
  });

  it("reproduces the reference's pre-hash with SSCC, SGLN extension 0, PGLN parties and a business transaction", () => {
    expect(epcisEventPreHash(DEPARTING)).toBe(DEPARTING_PREHASH);
    expect(epcisEventHash(DEPARTING)).toBe(
      `ni:///sha-256;${createHash('sha256').update(DEPARTING_PREHASH).digest('hex')}?ver=CBV2.0`,
    );
  });

  it("reproduces the reference's pre-hash of user extensions (namespaced, nested, repeated, #text), without recordTime", () => {
    expect(epcisEventPreHash(WITH_EXTENSIONS)).toBe(WITH_EXTENSIONS_PREHASH);
  });

  it('does not depend on the order of JSON keys or of list items', () => {
    const shuffled = {
      ...(reverseKeys(SINGLE_EVENT) as Record<string, unknown>),
      epcList: [...SINGLE_EVENT.epcList].reverse(),
    };
    expect(epcisEventHash(shuffled)).toBe(SINGLE_EVENT_HASH);
    expect(epcisEventHash(reverseKeys(WITH_EXTENSIONS) as Record<string, unknown>)).toBe(
      epcisEventHash(WITH_EXTENSIONS),
    );
    const quantities = [
      { epcClass: 'urn:epc:class:lgtin:8934588.012345.L1', quantity: 10, uom: 'KGM' },
      { epcClass: 'urn:epc:class:lgtin:8934588.012345.L2', quantity: 2.5, uom: 'KGM' },
      { epcClass: 'urn:epc:class:lgtin:8934588.012345.L3', quantity: 7 },
    ];
    const base = {
      type: 'ObjectEvent',
      eventTime: '2026-01-01T00:00:00Z',
      eventTimeZoneOffset: '+07:00',
      action: 'ADD',
    };
    fc.assert(
      fc.property(fc.shuffledSubarray(quantities, { minLength: 3, maxLength: 3 }), (order) => {
        expect(epcisEventHash({ ...base, quantityList: order })).toBe(
          epcisEventHash({ ...base, quantityList: quantities }),
        );
      }),
    );
  });

  it('is the same for the same moment in another time zone, with or without milliseconds, and rounds the 4th decimal', () => {
    const at = (eventTime: string) => epcisEventHash({ ...SINGLE_EVENT, eventTime });
    expect(at('2022-02-17T02:33:31.116Z')).toBe(SINGLE_EVENT_HASH);
    expect(at('2022-02-17T09:33:31.1155+07:00')).toBe(SINGLE_EVENT_HASH);
    expect(normaliseEpcisTime('2023-01-18T11:04:03.1415Z')).toBe('2023-01-18T11:04:03.142Z');
    expect(normaliseEpcisTime('2026-03-01T07:00:00+07:00')).toBe('2026-03-01T00:00:00.000Z');
  });

  it('is the same for URN, Digital Link (any host, with query) and CBV URN/CURIE/bare-word spellings', () => {
    const spelled = {
      ...SINGLE_EVENT,
      epcList: [
        'https://example.com/01/10614141073464/21/2017?linkType=gs1:pip',
        'https://id.gs1.org/01/10614141073464/10/LOT/21/2018',
      ],
      bizStep: 'urn:epcglobal:cbv:bizstep:shipping',
      disposition: 'cbv:Disp-in_transit',
      readPoint: { id: 'https://id.gs1.org/414/0614141073467/254/1234' },
      bizTransactionList: [
        { type: 'urn:epcglobal:cbv:btt:po', bizTransaction: ' http://transaction.acme.com/po/12345678 ' },
      ],
    };
    expect(epcisEventHash(spelled)).toBe(SINGLE_EVENT_HASH);
  });

  it('ignores eventID, recordTime and errorDeclaration, and the document context it is not using', () => {
    const withIds = {
      ...SINGLE_EVENT,
      eventID: 'https://example.org/events/1',
      recordTime: '2030-01-01T00:00:00Z',
      errorDeclaration: { declarationTime: '2030-01-01T00:00:00Z', reason: 'incorrect_data' },
    };
    expect(
      epcisEventHash(withIds, { context: ['https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld'] }),
    ).toBe(SINGLE_EVENT_HASH);
  });

  it('changes when any value changes or a field is added', () => {
    const variants: Record<string, unknown>[] = [
      { ...SINGLE_EVENT, eventTime: '2022-02-16T20:33:31.117-06:00' },
      { ...SINGLE_EVENT, action: 'ADD' },
      { ...SINGLE_EVENT, epcList: SINGLE_EVENT.epcList.slice(1) },
      { ...SINGLE_EVENT, bizLocation: { id: 'urn:epc:id:sgln:0614141.07346.0' } },
      { ...SINGLE_EVENT, certificationInfo: 'https://example.org/cert/1' },
      { ...SINGLE_EVENT, ilmd: { 'cbvmda:lotNumber': 'L1' } },
      { ...SINGLE_EVENT, sourceList: [{ type: 'owning_party', source: 'urn:epc:id:pgln:0614141.00000' }] },
    ];
    const hashes = new Set(variants.map((v) => epcisEventHash(v)));
    expect(hashes.size).toBe(variants.length);
    expect(hashes.has(SINGLE_EVENT_HASH)).toBe(false);
  });

  it('normalises numbers (no + sign, leading or trailing zeros) in quantities and extension values', () => {
    const q = (quantity: unknown) =>
      epcisEventPreHash({
        type: 'ObjectEvent',
        quantityList: [{ epcClass: 'urn:epc:class:lgtin:4012345.012345.998877', quantity, uom: 'KGM' }],
      });
    expect(q(200.5)).toBe(q('+0200.500'));
    expect(q(1)).toBe(q('1.0'));
    expect(q(1)).toContain(
      'quantityListquantityElementepcClass=https://id.gs1.org/01/04012345123456/10/998877quantity=1uom=KGM',
    );
  });

  it('orders sensor metadata and reports by the standard, bare sensor types in the GS1 vocabulary', () => {
    const pre = epcisEventPreHash({
      type: 'ObjectEvent',
      sensorElementList: [
        {
          sensorReport: [
            { uom: 'CEL', value: 26, type: 'Temperature' },
            { type: 'gs1:AbsoluteHumidity', value: 12.1, uom: 'A93' },
          ],
          sensorMetadata: { deviceID: 'urn:epc:id:giai:4000001.111', time: '2023-01-11T12:05:00+01:00' },
        },
      ],
    });
    expect(pre).toBe(
      'eventType=ObjectEventsensorElementListsensorElementsensorMetadatatime=2023-01-11T11:05:00.000Z' +
        'deviceID=https://id.gs1.org/8004/4000001111' +
        'sensorReporttype=https://gs1.org/voc/AbsoluteHumidityvalue=12.1uom=A93' +
        'sensorReporttype=https://gs1.org/voc/Temperaturevalue=26uom=CEL',
    );
  });
});

describe('canonical Digital Link of EPC URIs', () => {
  it('turns TDS URNs into id.gs1.org Digital Links', () => {
    expect(canonicalDigitalLink('urn:epc:class:lgtin:8934588.012345.L%2F01')).toBe(
      'https://id.gs1.org/01/08934588123450/10/L%2F01',
    );
    expect(canonicalDigitalLink('urn:epc:idpat:sgtin:0614141.107346.*')).toBe('https://id.gs1.org/01/10614141073464');
    expect(canonicalDigitalLink('urn:epc:id:sgln:0614141.07346.0')).toBe('https://id.gs1.org/414/0614141073467');
    expect(canonicalDigitalLink('urn:epc:id:grai:0614141.12345.400')).toBe('https://id.gs1.org/8003/00614141123452400');
    expect(canonicalDigitalLink('urn:epc:id:sscc:0614141.1234567890')).toBe('https://id.gs1.org/00/106141412345678908');
  });

  it('leaves what is no EPC alone', () => {
    expect(canonicalDigitalLink('urn:epc:id:sgtin:0614141.10734.2017')).toBeUndefined(); // 12 digits, not 13
    expect(canonicalDigitalLink('https://example.com/products/1')).toBeUndefined();
    expect(canonicalDigitalLink('urn:epcglobal:cbv:bt:4012345000009:ASN1099')).toBeUndefined();
  });
});
