import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { EPCIS_CAPTURE_MAX_EVENTS, isEpcisTime, isValidGln, isValidGtin } from '@agrihub/contract';
import schema from './gs1-epcis-2.0-json-schema.json' with { type: 'json' };
import { EpcisProblem, captureLimitExceeded } from './problems.js';

/**
 * Checks of a captured EPCISDocument (ADR 040): GS1's EPCIS 2.0 JSON schema (gs1/EPCIS,
 * Apache-2.0, kept beside this file), then what the schema leaves open — real dates, GS1
 * vocabulary words, EPC URN syntax and GS1 keys' check digits. The first bad event refuses the
 * whole document, naming the event's index and the field.
 */
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const ajv = new Ajv({ allErrors: false, strict: false });
addFormats(ajv);
const validateDocument = ajv.compile(schema);

type Defs = Record<string, { anyOf?: { enum?: string[] }[] }>;
const enumOf = (name: string) =>
  new Set(((schema as { definitions: Defs }).definitions[name].anyOf ?? []).flatMap((a) => a.enum ?? []));
/** CBV 2.0's words (from GS1's schema), for the `https://ref.gs1.org/cbv/…-word` form the schema does not check. */
const CBV_WORDS: Record<string, Set<string>> = {
  bizStep: enumOf('bizStep'),
  disposition: enumOf('disposition'),
};
const CBV_PREFIX: Record<string, string> = { bizStep: 'BizStep-', disposition: 'Disp-' };

export type EpcisEvent = Record<string, unknown> & { type: string; eventTime: string };
export interface CapturedDocument {
  '@context'?: unknown;
  epcisBody: { eventList: EpcisEvent[] };
}

/** Where an ajv error points: `/epcisBody/eventList/3/bizStep` → event 3, field `bizStep`. */
function locate(e: ErrorObject): { index: number | null; field: string } {
  const m = /^\/epcisBody\/eventList\/(\d+)(?:\/(.*))?$/.exec(e.instancePath);
  const missing = e.keyword === 'required' ? String((e.params as { missingProperty?: string }).missingProperty) : '';
  if (!m)
    return { index: null, field: [e.instancePath.slice(1).replace(/\//g, '.'), missing].filter(Boolean).join('.') };
  const field = [(m[2] ?? '').replace(/\//g, '.'), missing].filter(Boolean).join('.');
  return { index: Number(m[1]), field: field || '(event)' };
}

const eventProblem = (index: number, field: string, reason: string) =>
  EpcisProblem.validation('epcis_capture_event_invalid', { index, field, reason });

/** The schema check: a CaptureLimitExceeded problem over 10,000 events, a ValidationException for the first error. */
export function checkDocument(body: unknown): CapturedDocument {
  const list = (body as { epcisBody?: { eventList?: unknown } } | null)?.epcisBody?.eventList;
  if (Array.isArray(list) && list.length > EPCIS_CAPTURE_MAX_EVENTS) throw captureLimitExceeded('events', list.length);
  if ((body as { type?: unknown } | null)?.type !== 'EPCISDocument') {
    throw EpcisProblem.validation('epcis_capture_schema', { path: 'type', reason: 'must be EPCISDocument' });
  }
  if (!validateDocument(body)) {
    const errors = validateDocument.errors ?? [];
    // The schema's if/then chains report the failed branch last; the first error is the precise one.
    const e = errors[0];
    const where = locate(e);
    const reason = `${e.message ?? 'invalid'}${e.keyword === 'enum' ? ` (${JSON.stringify(e.params)})` : ''}`;
    if (where.index == null)
      throw EpcisProblem.validation('epcis_capture_schema', { path: where.field || '(document)', reason });
    throw eventProblem(where.index, where.field, reason);
  }
  const doc = body as unknown as CapturedDocument;
  doc.epcisBody.eventList.forEach((event, i) => checkEvent(event, i));
  return doc;
}

/** GS1 keys in Digital Link URIs: AI → digits of the key (with its check digit). */
const DL_KEYS: Record<string, number[]> = { '01': [8, 12, 13, 14], '00': [18], '414': [13], '417': [13], '8003': [14] };
const EPC_URN: [RegExp, (m: RegExpExecArray) => boolean][] = [
  [/^urn:epc:id:sgtin:(\d+)\.(\d+)\.(.+)$/, (m) => m[1].length + m[2].length === 13 && cp(m[1])],
  [/^urn:epc:class:lgtin:(\d+)\.(\d+)\.(.+)$/, (m) => m[1].length + m[2].length === 13 && cp(m[1])],
  [/^urn:epc:idpat:sgtin:(\d+)\.(\d+|\*)\.(.+)$/, (m) => cp(m[1])],
  [/^urn:epc:id:sscc:(\d+)\.(\d+)$/, (m) => m[1].length + m[2].length === 17 && cp(m[1])],
  [/^urn:epc:id:sgln:(\d+)\.(\d*)\.(.+)$/, (m) => m[1].length + m[2].length === 12 && cp(m[1])],
  [/^urn:epc:id:pgln:(\d+)\.(\d*)$/, (m) => m[1].length + m[2].length === 12 && cp(m[1])],
  [/^urn:epc:id:grai:(\d+)\.(\d*)\.(.+)$/, (m) => m[1].length + m[2].length === 12 && cp(m[1])],
  [/^urn:epc:id:giai:(\d+)\.(.+)$/, (m) => cp(m[1])],
];
/** A GS1 company prefix of an EPC URI: 6 to 12 digits. */
const cp = (s: string) => s.length >= 6 && s.length <= 12;

/** Why an identifier is refused (null: fine). */
function identifierFault(value: string): string | null {
  if (value.startsWith('urn:epc:')) {
    for (const [re, ok] of EPC_URN) {
      const m = re.exec(value);
      if (m) return ok(m) ? null : `"${value}" is not a valid EPC URI (company prefix and reference lengths)`;
    }
    return `"${value}" is not a known EPC URI scheme`;
  }
  const dl = /^https?:\/\/[^/]+(?:\/[^/]+)*?\/(01|00|414|417|8003)\/(\d+)(?:\/|$|\?)/.exec(value);
  if (dl) {
    const [ai, key] = [dl[1], dl[2]];
    if (!DL_KEYS[ai].includes(key.length)) return `"${value}": the key of AI (${ai}) has ${key.length} digits`;
    const good =
      ai === '01' ? isValidGtin(key) : ai === '8003' ? isValidGtin(key) : isValidGln(key.slice(-13)) || mod10(key);
    if (!good) return `"${value}": wrong check digit of AI (${ai})`;
  }
  return null;
}
function mod10(key: string): boolean {
  let sum = 0;
  for (let i = 0; i < key.length - 1; i++) sum += Number(key[key.length - 2 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10 === Number(key[key.length - 1]);
}

/** Every identifier an event carries, with the field it sits in. */
export function identifiersOf(e: Record<string, unknown>): { field: string; value: string }[] {
  const out: { field: string; value: string }[] = [];
  const list = (field: string) => {
    const v = e[field];
    if (Array.isArray(v)) v.forEach((x, i) => typeof x === 'string' && out.push({ field: `${field}.${i}`, value: x }));
  };
  const quantities = (field: string) => {
    const v = e[field];
    if (Array.isArray(v))
      v.forEach((q: { epcClass?: unknown }, i) => {
        if (typeof q?.epcClass === 'string') out.push({ field: `${field}.${i}.epcClass`, value: q.epcClass });
      });
  };
  ['epcList', 'childEPCs', 'inputEPCList', 'outputEPCList'].forEach(list);
  ['quantityList', 'childQuantityList', 'inputQuantityList', 'outputQuantityList'].forEach(quantities);
  if (typeof e.parentID === 'string') out.push({ field: 'parentID', value: e.parentID });
  for (const f of ['readPoint', 'bizLocation'] as const) {
    const id = (e[f] as { id?: unknown } | undefined)?.id;
    if (typeof id === 'string') out.push({ field: `${f}.id`, value: id });
  }
  for (const [f, k] of [
    ['sourceList', 'source'],
    ['destinationList', 'destination'],
  ] as const) {
    const v = e[f];
    if (Array.isArray(v))
      v.forEach((x: Record<string, unknown>, i) => {
        if (typeof x?.[k] === 'string') out.push({ field: `${f}.${i}.${k}`, value: x[k] });
      });
  }
  return out;
}

/** The EPC classes an event names, outputs first (the lot a transformation makes), then the others, then inputs. */
export function classesOf(e: Record<string, unknown>): string[] {
  const of = (field: string) =>
    Array.isArray(e[field])
      ? (e[field] as { epcClass?: unknown }[]).map((q) => q?.epcClass).filter((c): c is string => typeof c === 'string')
      : [];
  return [...of('outputQuantityList'), ...of('quantityList'), ...of('childQuantityList'), ...of('inputQuantityList')];
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** The path of the first text (key or value) no database keeps: a NUL character or a lone surrogate. */
function badText(v: unknown, path: string): string | null {
  const bad = (s: string) => s.includes('\u0000') || LONE_SURROGATE.test(s);
  if (typeof v === 'string') return bad(v) ? path : null;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const hit = badText(v[i], path ? `${path}.${i}` : String(i));
      if (hit) return hit;
    }
  } else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      const at = path ? `${path}.${k}` : k;
      if (bad(k)) return at;
      const hit = badText(x, at);
      if (hit) return hit;
    }
  }
  return null;
}

function checkEvent(e: EpcisEvent, i: number) {
  const text = badText(e, '');
  if (text) throw eventProblem(i, text, 'a NUL character or an unpaired surrogate');
  for (const f of ['eventTime', 'recordTime'] as const) {
    const v = e[f];
    if (typeof v === 'string' && !isEpcisTime(v)) throw eventProblem(i, f, `"${v}" is not a real date and time`);
  }
  for (const f of ['bizStep', 'disposition'] as const) {
    const v = e[f];
    if (typeof v !== 'string') continue;
    const gs1 = /^https?:\/\/(?:ref\.)?gs1\.org\/(?:cbv|voc)\/(.*)$/.exec(v);
    if (gs1) {
      const word = gs1[1].startsWith(CBV_PREFIX[f]) ? gs1[1].slice(CBV_PREFIX[f].length) : null;
      if (!word || !CBV_WORDS[f].has(word)) throw eventProblem(i, f, `"${v}" is not a CBV 2.0 ${f}`);
    }
  }
  for (const { field, value } of identifiersOf(e)) {
    const fault = identifierFault(value);
    if (fault) throw eventProblem(i, field, fault);
  }
}
