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
