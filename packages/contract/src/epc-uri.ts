import { gs1CheckDigit } from './gs1-check-digit.js';

/**
 * EPC URIs (GS1 Tag Data Standard 2.x, pure-identity and class URNs) and GS1 Digital Link URIs,
 * both turned into the canonical GS1 Digital Link form `https://id.gs1.org/…` that the EPCIS event
 * hash (CBV 2.0 §8.9) hashes. The one place in the portal that knows the URN schemes.
 */
export const CANONICAL_DL_HOST = 'https://id.gs1.org';

/** Undoes the TDS escapes of a URN component (`%2F` → `/`…); undefined when it is not decodable. */
export function decodeEpcComponent(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/**
 * Escapes a value for a URN component (TDS 2.x §6.3: `"` `%` `&` `/` `<` `>` `?` are %-escaped;
 * everything outside GS1's character set 82 is %-escaped as UTF-8 too).
 */
export function encodeEpcComponent(value: string): string {
  return Array.from(new TextEncoder().encode(value), (byte) => {
    const ch = String.fromCharCode(byte);
    return byte < 0x80 && /[!'()*+,\-.0-9:;=A-Z_a-z]/.test(ch)
      ? ch
      : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }).join('');
}

/** Encodes a value for a Digital Link path segment. */
const dlSegment = (value: string) => encodeURIComponent(value);

/** A GS1 key from a company prefix and a reference, with its check digit appended. */
const keyWithCheck = (body: string) => body + String(gs1CheckDigit(body));

/** GTIN-14 from a TDS company prefix and an item reference whose first digit is the indicator. */
export function gtin14FromEpc(companyPrefix: string, indicatorItemRef: string): string | undefined {
  if (!/^\d+$/.test(companyPrefix) || !/^\d+$/.test(indicatorItemRef)) return undefined;
  if (companyPrefix.length + indicatorItemRef.length !== 13) return undefined;
  return keyWithCheck(indicatorItemRef[0] + companyPrefix + indicatorItemRef.slice(1));
}

function digitsOfLength(parts: string[], total: number): boolean {
  return parts.every((p) => /^\d+$/.test(p)) && parts.join('').length === total;
}

/** The canonical Digital Link path of an EPC URN (`urn:epc:id:…`, `urn:epc:class:lgtin:…`, `urn:epc:idpat:sgtin:….*`). */
function epcUrnToPath(uri: string): string | undefined {
  const m = /^urn:epc:(id|class|idpat):([a-z0-9]+):(.+)$/.exec(uri);
  if (!m) return undefined;
  const [, kind, scheme, body] = m;
  const parts = body.split('.');
  const decoded = (s: string | undefined) => (s === undefined ? undefined : decodeEpcComponent(s));
  if (kind === 'class') {
    if (scheme !== 'lgtin' || parts.length < 3) return undefined;
    const gtin = gtin14FromEpc(parts[0], parts[1]);
    const lot = decoded(parts.slice(2).join('.'));
    return gtin && lot ? `/01/${gtin}/10/${dlSegment(lot)}` : undefined;
  }
  if (kind === 'idpat') {
    if (scheme !== 'sgtin' || parts.length !== 3 || parts[2] !== '*') return undefined;
    const gtin = gtin14FromEpc(parts[0], parts[1]);
    return gtin ? `/01/${gtin}` : undefined;
  }
  const [cp, ref] = parts;
  const rest = decoded(parts.slice(2).join('.'));
  switch (scheme) {
    case 'sgtin': {
      const gtin = parts.length >= 3 ? gtin14FromEpc(cp, ref) : undefined;
      return gtin && rest ? `/01/${gtin}/21/${dlSegment(rest)}` : undefined;
    }
    case 'sscc':
      return parts.length === 2 && digitsOfLength([cp, ref], 17)
        ? `/00/${keyWithCheck(ref[0] + cp + ref.slice(1))}`
        : undefined;
    case 'sgln': {
      if (parts.length < 3 || !digitsOfLength([cp, ref], 12) || !rest) return undefined;
      const gln = keyWithCheck(cp + ref);
      return rest === '0' ? `/414/${gln}` : `/414/${gln}/254/${dlSegment(rest)}`;
    }
    case 'pgln':
      return parts.length === 2 && digitsOfLength([cp, ref], 12) ? `/417/${keyWithCheck(cp + ref)}` : undefined;
    case 'grai':
      return parts.length >= 3 && digitsOfLength([cp, ref], 12) && rest !== undefined
        ? `/8003/0${keyWithCheck(cp + ref)}${dlSegment(rest)}`
        : undefined;
    case 'giai': {
      const ar = decoded(parts.slice(1).join('.'));
      return /^\d+$/.test(cp) && ar ? `/8004/${cp}${dlSegment(ar)}` : undefined;
    }
    case 'gsrn':
    case 'gsrnp':
      return parts.length === 2 && digitsOfLength([cp, ref], 17)
        ? `/${scheme === 'gsrn' ? '8018' : '8017'}/${keyWithCheck(cp + ref)}`
        : undefined;
    case 'gdti':
    case 'sgcn':
      return parts.length >= 3 && digitsOfLength([cp, ref], 12) && rest !== undefined
        ? `/${scheme === 'gdti' ? '253' : '255'}/${keyWithCheck(cp + ref)}${dlSegment(rest)}`
        : undefined;
    case 'ginc': {
      const r = decoded(parts.slice(1).join('.'));
      return /^\d+$/.test(cp) && r ? `/401/${cp}${dlSegment(r)}` : undefined;
    }
    case 'gsin':
      return parts.length === 2 && digitsOfLength([cp, ref], 16) ? `/402/${keyWithCheck(cp + ref)}` : undefined;
    case 'itip': {
      if (parts.length < 5) return undefined;
      const gtin = gtin14FromEpc(cp, ref);
      const serial = decoded(parts.slice(4).join('.'));
      return gtin && /^\d{2}$/.test(parts[2]) && /^\d{2}$/.test(parts[3]) && serial
        ? `/8006/${gtin}${parts[2]}${parts[3]}/21/${dlSegment(serial)}`
        : undefined;
    }
    case 'cpi': {
      const r = decoded(ref ?? '');
      return parts.length >= 3 && /^\d+$/.test(cp) && r && rest
        ? `/8010/${dlSegment(cp + r)}/8011/${dlSegment(rest)}`
        : undefined;
    }
    case 'upui': {
      const gtin = parts.length >= 3 ? gtin14FromEpc(cp, ref) : undefined;
      return gtin && rest ? `/01/${gtin}/235/${dlSegment(rest)}` : undefined;
    }
    default:
      return undefined;
  }
}

/** Primary-key AIs of GS1 Digital Link and the key qualifiers the EPC granularity keeps for each. */
const DL_PRIMARY: Record<string, readonly string[]> = {
  '01': ['21', '10', '235'],
  '00': [],
  '414': ['254'],
  '417': [],
  '8003': [],
  '8004': [],
  '8017': [],
  '8018': [],
  '253': [],
  '255': [],
  '401': [],
  '402': [],
  '8006': ['21'],
  '8010': ['8011'],
};

/**
 * The canonical Digital Link path of a Digital Link URI on any host (query string and fragment
 * dropped, a GTIN padded to 14 digits, only the qualifier that sets the EPC's granularity kept:
 * a serial over a lot, a lot over the bare GTIN, no consumer product variant).
 */
function digitalLinkToPath(uri: string): string | undefined {
  const m = /^https?:\/\/[^/?#]+(\/[^?#]*)/i.exec(uri);
  if (!m) return undefined;
  const segments = m[1].split('/').filter((s) => s !== '');
  const start = segments.findIndex((s, i) => s in DL_PRIMARY && i + 1 < segments.length);
  if (start < 0) return undefined;
  const ai = segments[start];
  let key = decodeEpcComponent(segments[start + 1]);
  if (key === undefined) return undefined;
  const qualifiers = new Map<string, string>();
  for (let i = start + 2; i + 1 < segments.length; i += 2) {
    const v = decodeEpcComponent(segments[i + 1]);
    if (v === undefined) return undefined;
    qualifiers.set(segments[i], v);
  }
  if (ai === '01') {
    if (!/^\d{8}$|^\d{12,14}$/.test(key)) return undefined;
    key = key.padStart(14, '0');
  }
  const keep = DL_PRIMARY[ai].find((q) => qualifiers.has(q));
  if (keep === '254' && qualifiers.get('254') === '0') {
    return `/${ai}/${key}`;
  }
  return `/${ai}/${dlSegment(key)}` + (keep ? `/${keep}/${dlSegment(qualifiers.get(keep) as string)}` : '');
}

/**
 * The canonical GS1 Digital Link URI (`https://id.gs1.org/…`) of an EPC URN or of a Digital Link on
 * any host; undefined for anything else (which the hash then keeps as it is).
 */
export function canonicalDigitalLink(uri: string): string | undefined {
  const path = uri.startsWith('urn:epc:') ? epcUrnToPath(uri) : digitalLinkToPath(uri);
  return path === undefined ? undefined : CANONICAL_DL_HOST + path;
}

/**
 * GS1 company prefix length the portal assumes for a producer that has not set its own
 * (producers.gs1_company_prefix_length, ADR 038): 7, the shortest GS1 Vietnam assigns (893 + 4
 * digits). The URN splits a key into prefix and reference by this length; the key's digits stay
 * the same whatever the split, so a wrong length gives another spelling of the same key.
 */
export const DEFAULT_GS1_COMPANY_PREFIX_LENGTH = 7;
export const GS1_COMPANY_PREFIX_LENGTH_MIN = 6;
export const GS1_COMPANY_PREFIX_LENGTH_MAX = 12;

const prefixLengthOr = (n: number | null | undefined) =>
  n != null && Number.isInteger(n) && n >= GS1_COMPANY_PREFIX_LENGTH_MIN && n <= GS1_COMPANY_PREFIX_LENGTH_MAX
    ? n
    : DEFAULT_GS1_COMPANY_PREFIX_LENGTH;

/**
 * `urn:epc:class:lgtin:<company prefix>.<indicator + item reference>.<lot>` of a GTIN-14 and a lot
 * (TDS 2.x §6.3.x LGTIN): the indicator digit moves to the front of the item reference, the check
 * digit is dropped, the lot is %-escaped as TDS requires.
 */
export function lgtinUri(gtin14: string, lot: string, prefixLength?: number | null): string {
  const l = prefixLengthOr(prefixLength);
  const cp = gtin14.slice(1, 1 + l);
  const itemRef = gtin14[0] + gtin14.slice(1 + l, 13);
  return `urn:epc:class:lgtin:${cp}.${itemRef}.${encodeEpcComponent(lot)}`;
}

/** `urn:epc:id:sgln:<company prefix>.<location reference>.<extension>` of a GLN (extension 0: none). */
export function sglnUri(gln: string, prefixLength?: number | null, extension = '0'): string {
  const l = Math.min(prefixLengthOr(prefixLength), 12);
  return `urn:epc:id:sgln:${gln.slice(0, l)}.${gln.slice(l, 12)}.${encodeEpcComponent(extension)}`;
}

/** `urn:epc:id:pgln:<company prefix>.<party reference>` of a party's GLN. */
export function pglnUri(gln: string, prefixLength?: number | null): string {
  const l = Math.min(prefixLengthOr(prefixLength), 12);
  return `urn:epc:id:pgln:${gln.slice(0, l)}.${gln.slice(l, 12)}`;
}

/** Longest lot accepted: AI 10 allows 20, the portal's lots (LOT_CODE_PATTERN, ADR 037) 50. */
const LOT_MAX = 50;

/** A lot's class: its GTIN-14 and lot number. */
export interface EpcClassKey {
  gtin14: string;
  lot: string;
}

/**
 * The GTIN and lot of an EPC class as the capture side receives it: an LGTIN URN
 * (`urn:epc:class:lgtin:…`, any company prefix length) or a GS1 Digital Link with AI 10 on any
 * host. Undefined for anything else, a bad check digit (Digital Link), or a malformed lot.
 */
export function parseEpcClass(uri: string): EpcClassKey | undefined {
  if (typeof uri !== 'string' || uri.length > 2000) return undefined;
  if (uri.startsWith('urn:epc:class:lgtin:')) {
    const [cp = '', ref = '', ...lotParts] = uri.slice('urn:epc:class:lgtin:'.length).split('.');
    if (cp.length < GS1_COMPANY_PREFIX_LENGTH_MIN || cp.length > GS1_COMPANY_PREFIX_LENGTH_MAX) return undefined;
    const gtin14 = gtin14FromEpc(cp, ref);
    const lot = decodeEpcComponent(lotParts.join('.'));
    return gtin14 && lot && lot.length <= LOT_MAX ? { gtin14, lot } : undefined;
  }
  const m =
    /^https?:\/\/[^/?#]+(?:\/[^?#]*)?\/01\/(\d{8}|\d{12,14})\/(?:22\/[^/?#]+\/)?10\/([^/?#]+)(?:\/21\/[^/?#]+)?\/?(?:[?#].*)?$/.exec(
      uri,
    );
  if (!m) return undefined;
  const gtin14 = m[1].padStart(14, '0');
  if (gs1CheckDigit(gtin14.slice(0, 13)) !== Number(gtin14[13])) return undefined;
  const lot = decodeEpcComponent(m[2]);
  return lot && lot.length <= LOT_MAX ? { gtin14, lot } : undefined;
}
