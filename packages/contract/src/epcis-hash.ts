import { canonicalDigitalLink } from './epc-uri.js';
import { sha256Hex } from './sha256.js';

/**
 * The EPCIS Event Hash ID of CBV 2.0 §8.9 (GS1's algorithm, reference implementation
 * RalphTro/epcis-event-hash-generator): a pre-hash string of the event's fields in the standard's
 * order, values normalised, lists sorted, then `ni:///sha-256;<hex>?ver=CBV2.0`. It does not
 * depend on JSON key order, list order, time zone, the URN or Digital Link spelling of an
 * identifier, or the eventID/recordTime/errorDeclaration an event may carry, so the same event
 * hashes the same wherever it was serialised. The portal uses it as the eventID of every event
 * it emits, and the capture side to recognise an event it already holds.
 *
 * Rules (CBV 2.0 §8.9.2, as the reference implementation applies them):
 *  - `eventType=<type>` first, then the fields below in this order; a field missing or empty
 *    adds nothing; list children each as `child=value`, sorted lexically (UTF-16 code units,
 *    equal to UTF-8 byte order for the characters these values use);
 *  - every other field (certificationInfo, ilmd, user extensions `{namespace}name`) after them,
 *    each as `name=value` or `name` + its children, all sorted lexically;
 *  - timestamps in UTC with milliseconds and `Z` (the 4th decimal rounds the 3rd);
 *  - numbers without leading `+`, leading zeros or trailing zeros;
 *  - CBV values (bare words, `cbv:` CURIEs, `urn:epcglobal:cbv:…` URNs) as `https://ref.gs1.org/cbv/…`
 *    Web URIs, `gs1:` CURIEs and bare sensor types as `https://gs1.org/voc/…`;
 *  - EPC URNs and Digital Links on any host as canonical Digital Links on `https://id.gs1.org`;
 *  - values trimmed; no separator between the parts.
 */

type Json = unknown;

/** The text of a JSON scalar (objects and arrays have none). */
const scalarText = (v: Json): string =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';

interface Node {
  name: string;
  text?: string;
  children: Node[];
}

/** Which vocabulary a bare word in a field stands for. */
type Vocab = 'BizStep' | 'Disp' | 'BTT' | 'SDT' | 'ER' | 'gs1';

const CBV = 'https://ref.gs1.org/cbv/';
const GS1_VOC = 'https://gs1.org/voc/';

/** The EPCIS 2.0 JSON-LD context's own prefixes an extension field or value may use. */
const DEFAULT_PREFIXES: Record<string, string> = {
  cbv: CBV,
  gs1: GS1_VOC,
  cbvmda: 'urn:epcglobal:cbv:mda:',
};

const EXCLUDED = new Set(['eventID', 'recordTime', 'errorDeclaration', 'type', 'isA']);

const LIST_OF_EPCS = ['epcList', 'inputEPCList', 'childEPCs', 'outputEPCList'];
const QUANTITY_LISTS = ['quantityList', 'childQuantityList', 'inputQuantityList', 'outputQuantityList'];
const PARTY_LISTS: Record<string, { child: string }> = {
  bizTransactionList: { child: 'bizTransaction' },
  sourceList: { child: 'source' },
  destinationList: { child: 'destination' },
};
const PARTY_CHILD_VOCAB: Record<string, Vocab> = { bizTransaction: 'BTT', source: 'SDT', destination: 'SDT' };

/** The CBV 2.0 §8.9 order of an event's standard fields (everything else follows, sorted). */
const FIELD_ORDER = [
  'eventTime',
  'eventTimeZoneOffset',
  'epcList',
  'parentID',
  'inputEPCList',
  'childEPCs',
  'quantityList',
  'childQuantityList',
  'inputQuantityList',
  'outputEPCList',
  'outputQuantityList',
  'action',
  'transformationID',
  'bizStep',
  'disposition',
  'persistentDisposition',
  'readPoint',
  'bizLocation',
  'bizTransactionList',
  'sourceList',
  'destinationList',
  'sensorElementList',
] as const;

const CHILD_ORDER: Record<string, readonly string[]> = {
  quantityElement: ['epcClass', 'quantity', 'uom'],
  persistentDisposition: ['set', 'unset'],
  readPoint: ['id'],
  bizLocation: ['id'],
  sensorElement: ['sensorMetadata', 'sensorReport'],
  sensorMetadata: [
    'time',
    'startTime',
    'endTime',
    'deviceID',
    'deviceMetadata',
    'rawData',
    'dataProcessingMethod',
    'bizRules',
  ],
  sensorReport: [
    'type',
    'exception',
    'deviceID',
    'deviceMetadata',
    'rawData',
    'dataProcessingMethod',
    'time',
    'microorganism',
    'chemicalSubstance',
    'value',
    'component',
    'stringValue',
    'booleanValue',
    'hexBinaryValue',
    'uriValue',
    'minValue',
    'maxValue',
    'meanValue',
    'sDev',
    'percRank',
    'percValue',
    'uom',
    'coordinateReferenceSystem',
  ],
};

const FIELD_VOCAB: Record<string, Vocab> = {
  bizStep: 'BizStep',
  disposition: 'Disp',
  set: 'Disp',
  unset: 'Disp',
  errorReason: 'ER',
};

const CBV_URNS: [string, string][] = [
  ['urn:epcglobal:cbv:bizstep:', `${CBV}BizStep-`],
  ['urn:epcglobal:cbv:disp:', `${CBV}Disp-`],
  ['urn:epcglobal:cbv:btt:', `${CBV}BTT-`],
  ['urn:epcglobal:cbv:sdt:', `${CBV}SDT-`],
  ['urn:epcglobal:cbv:er:', `${CBV}ER-`],
];

/** `2022-02-16T20:33:31.116000-06:00` → `2022-02-17T02:33:31.116Z`; undefined when not a dateTimeStamp. */
export function normaliseEpcisTime(value: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})$/.exec(value);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, fraction = '', zone] = m;
  const digits = fraction.padEnd(4, '0');
  const ms = Number(digits.slice(0, 3)) + (Number(digits[3]) >= 5 ? 1 : 0);
  let t = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)) + ms;
  if (zone !== 'Z') {
    const sign = zone[0] === '-' ? -1 : 1;
    t -= sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6))) * 60_000;
  }
  const date = new Date(t);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** `+0012.50` → `12.5`, `1.0` → `1`; anything not a plain decimal number unchanged. */
function normaliseNumber(value: string): string {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(value);
  if (!m || (m[2] === '' && !m[3])) return value;
  const int = m[2].replace(/^0+(?=\d)/, '') || '0';
  const frac = (m[3] ?? '').replace(/0+$/, '');
  const sign = m[1] === '-' && (int !== '0' || frac !== '') ? '-' : '';
  return sign + int + (frac ? `.${frac}` : '');
}

function canonicalValue(raw: string, field: string, vocab: Vocab | undefined, prefixes: Record<string, string>) {
  const value = raw.trim();
  if (value === '') return value;
  const lower = field.toLowerCase();
  if (lower.includes('time') && !lower.includes('offset')) {
    const time = normaliseEpcisTime(value);
    if (time) return time;
  }
  if (vocab && /^[A-Za-z_][A-Za-z0-9_.-]*$/.test(value)) {
    return vocab === 'gs1' ? GS1_VOC + value : `${CBV}${vocab}-${value}`;
  }
  for (const [urn, web] of CBV_URNS) if (value.startsWith(urn)) return web + value.slice(urn.length);
  const curie = /^([A-Za-z][\w-]*):([^/].*)$/.exec(value);
  if (curie && !value.startsWith('urn:') && prefixes[curie[1]] !== undefined) {
    return prefixes[curie[1]] + curie[2];
  }
  const number = normaliseNumber(value);
  if (number !== value) return number;
  return canonicalDigitalLink(value) ?? value;
}

function fieldName(key: string, prefixes: Record<string, string>): string {
  const m = /^([A-Za-z][\w-]*):(.+)$/.exec(key);
  if (m && prefixes[m[1]] !== undefined) return `{${prefixes[m[1]]}}${m[2]}`;
  return key;
}

/** JSON → element tree, as the XML binding would give (an array is the element repeated). */
function toNodes(name: string, value: Json, prefixes: Record<string, string>, vocab?: Vocab): Node[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.flatMap((v) => toNodes(name, v, prefixes, vocab));
  if (typeof value === 'object') {
    const obj = value as Record<string, Json>;
    const text = obj['#text'];
    const childVocab = (key: string): Vocab | undefined => {
      if (key === 'type' && (name === 'sensorReport' || PARTY_CHILD_VOCAB[name])) {
        return name === 'sensorReport' ? 'gs1' : PARTY_CHILD_VOCAB[name];
      }
      if (key === 'exception' && name === 'sensorReport') return 'gs1';
      return FIELD_VOCAB[key];
    };
    const children = Object.entries(obj)
      .filter(([k]) => !k.startsWith('@') && k !== '#text')
      .flatMap(([k, v]) => toNodes(fieldName(k, prefixes), v, prefixes, childVocab(k)));
    const node: Node = { name, children };
    if (text !== undefined && text !== null) node.text = canonicalValue(scalarText(text), name, vocab, prefixes);
    return [node];
  }
  return [{ name, text: canonicalValue(scalarText(value), name, vocab, prefixes), children: [] }];
}

function sortedJoin(parts: string[]): string {
  return parts
    .filter((p) => p !== '')
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .join('');
}

/** A node with its children in CHILD_ORDER where one is defined, the rest sorted after them. */
function nodeString(node: Node): string {
  const head = node.text ? `${node.name}=${node.text}` : '';
  const order = CHILD_ORDER[node.name] ?? [];
  const ordered = order.map((name) => sortedJoin(node.children.filter((c) => c.name === name).map(nodeString)));
  const rest = sortedJoin(node.children.filter((c) => !order.includes(c.name)).map(nodeString));
  const body = ordered.join('') + rest;
  if (!head && !body) return '';
  return (head || node.name) + body;
}

/** The list fields whose JSON shape differs from the XML one they are hashed as. */
function eventFieldNodes(key: string, value: Json, prefixes: Record<string, string>): Node[] {
  if (LIST_OF_EPCS.includes(key) && Array.isArray(value)) {
    return [{ name: key, children: value.flatMap((v) => toNodes('epc', v, prefixes)) }];
  }
  if (QUANTITY_LISTS.includes(key) && Array.isArray(value)) {
    return [{ name: key, children: value.flatMap((v) => toNodes('quantityElement', v, prefixes)) }];
  }
  if (key === 'sensorElementList' && Array.isArray(value)) {
    return [{ name: key, children: value.flatMap((v) => toNodes('sensorElement', v, prefixes)) }];
  }
  const party = PARTY_LISTS[key];
  if (party && Array.isArray(value)) {
    // each element is its `bizTransaction=…` (source=, destination=) and its `type=…`, sorted,
    // without a name of its own: the XML element's text and its attribute
    const children = value
      .flatMap((v) => toNodes(party.child, v, prefixes))
      .map((n) => ({ name: '', children: n.children }));
    return [{ name: key, children }];
  }
  return toNodes(fieldName(key, prefixes), value, prefixes, FIELD_VOCAB[key]);
}

function collectPrefixes(context: Json, into: Record<string, string>) {
  if (Array.isArray(context)) for (const c of context) collectPrefixes(c, into);
  else if (context && typeof context === 'object') {
    for (const [k, v] of Object.entries(context as Record<string, Json>)) if (typeof v === 'string') into[k] = v;
  }
}

export interface EpcisHashOptions {
  /** The EPCIS document's `@context` (prefixes of extension fields), when the event has none of its own. */
  context?: Json;
}

/** The CBV 2.0 pre-hash string of one EPCIS 2.0 JSON-LD event (`type` or `isA` names its event type). */
export function epcisEventPreHash(event: Record<string, Json>, options: EpcisHashOptions = {}): string {
  const prefixes = { ...DEFAULT_PREFIXES };
  collectPrefixes(options.context, prefixes);
  collectPrefixes(event['@context'], prefixes);
  const type = scalarText(event.type ?? event.isA);
  const nodes = Object.entries(event)
    .filter(([k]) => !k.startsWith('@') && !EXCLUDED.has(k))
    .flatMap(([k, v]) => eventFieldNodes(k, v, prefixes));
  const ordered = FIELD_ORDER.map((name) => sortedJoin(nodes.filter((n) => n.name === name).map(nodeString)));
  const known = FIELD_ORDER as readonly string[];
  const rest = sortedJoin(nodes.filter((n) => !known.includes(n.name)).map(nodeString));
  return `eventType=${type}${ordered.join('')}${rest}`;
}

/** The event's CBV 2.0 Event Hash ID: `ni:///sha-256;<hex>?ver=CBV2.0`. */
export function epcisEventHash(event: Record<string, Json>, options: EpcisHashOptions = {}): string {
  return `ni:///sha-256;${sha256Hex(epcisEventPreHash(event, options))}?ver=CBV2.0`;
}

/** True for a CBV 2.0 SHA-256 event hash ID. */
export const EPCIS_EVENT_HASH_PATTERN = /^ni:\/\/\/sha-256;[0-9a-f]{64}\?ver=CBV2\.0$/;
