import { isValidGtin } from './gtin.js';

/**
 * GS1 Digital Link URI syntax (GS1 Digital Link standard 1.x, §4) for the keys the portal prints
 * and resolves: the GTIN (AI 01) with its key qualifiers consumer product variant (22), batch/lot
 * (10) and serial (21) in that order, and the expiry date (17) as a query attribute. The one
 * place the syntax is checked: the server's resolver and the tests both use it.
 */

/** GS1's file-safe/URI-safe character set 82 (GS1 General Specifications, figure 7.11-1). */
export const GS1_CSET82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]+$/;

/** Key qualifiers of AI 01 in the order GS1 Digital Link requires them (22, 10, 21), each at most 20 characters. */
export const GTIN_QUALIFIERS = ['22', '10', '21'] as const;
export type GtinQualifier = (typeof GTIN_QUALIFIERS)[number];

/**
 * Lots the portal accepted and printed before the resolver checked AI 10's 20-character limit
 * (LOT_CODE_PATTERN allows 50): their links keep resolving (ADR 037); new ones are printed as
 * Digital Links only when the lot fits AI 10.
 */
export const LEGACY_LOT_MAX = 50;

export interface DigitalLinkKey {
  /** The GTIN as GTIN-14 (the form the portal stores and prints). */
  gtin14: string;
  cpv?: string;
  lot?: string;
  serial?: string;
}

export type DigitalLinkError =
  | { error: 'dl_bad_gtin'; params: { value: string } }
  | { error: 'dl_bad_ai'; params: { value: string } }
  | { error: 'dl_bad_value'; params: { ai: string; value: string } }
  | { error: 'dl_bad_expiry'; params: { value: string } };

/** True when `value` may follow AI 10 in a link the portal printed (AI 10 syntax, or a legacy long lot). */
function lotAccepted(value: string): boolean {
  return value.length <= LEGACY_LOT_MAX && GS1_CSET82.test(value);
}

/** True for a value of a GS1 AI with CSET 82 content and at most `max` characters. */
export function isGs1AiValue(value: string, max: number): boolean {
  return value.length >= 1 && value.length <= max && GS1_CSET82.test(value);
}

/** True for a GS1 date YYMMDD (AI 17): a real month, day 00 ("end of month") or a real day of it. */
export function isGs1Date(value: string): boolean {
  const m = /^(\d{2})(\d{2})(\d{2})$/.exec(value);
  if (!m) return false;
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12) return false;
  // GS1 General Specifications §7.12: YY within -49..+50 years of now; any YY is a valid year here.
  const year = 2000 + Number(m[1]);
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= last;
}

/**
 * Parses the path after a Digital Link's `/01/` (percent-encoded, as the request had it): the
 * GTIN, then AI/value pairs among 22, 10 and 21 in that order. One trailing slash is tolerated.
 */
export function parseGtinDigitalLink(rest: string): DigitalLinkKey | DigitalLinkError {
  const segments = rest.split('/');
  if (segments.length > 1 && segments.at(-1) === '') segments.pop();
  const [gtin = '', ...pairs] = segments;
  if (!/^\d{8}$|^\d{12,14}$/.test(gtin) || !isValidGtin(gtin)) {
    return { error: 'dl_bad_gtin', params: { value: gtin.slice(0, 40) } };
  }
  const key: DigitalLinkKey = { gtin14: gtin.padStart(14, '0') };
  let next = 0;
  for (let i = 0; i < pairs.length; i += 2) {
    const ai = pairs[i];
    const position = GTIN_QUALIFIERS.indexOf(ai as GtinQualifier);
    if (position < next || i + 1 >= pairs.length) return { error: 'dl_bad_ai', params: { value: ai.slice(0, 40) } };
    next = position + 1;
    let value: string;
    try {
      value = decodeURIComponent(pairs[i + 1]);
    } catch {
      return { error: 'dl_bad_value', params: { ai, value: pairs[i + 1].slice(0, 40) } };
    }
    const ok = ai === '10' ? lotAccepted(value) : isGs1AiValue(value, 20);
    if (!ok) return { error: 'dl_bad_value', params: { ai, value: value.slice(0, 40) } };
    if (ai === '22') key.cpv = value;
    else if (ai === '10') key.lot = value;
    else key.serial = value;
  }
  return key;
}

export const isDigitalLinkError = (v: DigitalLinkKey | DigitalLinkError): v is DigitalLinkError => 'error' in v;

/** The path of a GTIN's Digital Link: `/01/{gtin14}[/10/{lot}][/21/{serial}]`, values percent-encoded. */
export function gtinDigitalLinkPath(key: DigitalLinkKey): string {
  return (
    `/01/${key.gtin14}` +
    (key.cpv !== undefined ? `/22/${encodeURIComponent(key.cpv)}` : '') +
    (key.lot !== undefined ? `/10/${encodeURIComponent(key.lot)}` : '') +
    (key.serial !== undefined ? `/21/${encodeURIComponent(key.serial)}` : '')
  );
}

/** The GS1 Web Vocabulary namespace of link types, and its 2024 successor, both recognised. */
export const GS1_VOC = 'https://gs1.org/voc/';
const GS1_VOC_ALIASES = [
  'https://gs1.org/voc/',
  'http://gs1.org/voc/',
  'https://ref.gs1.org/voc/',
  'https://www.gs1.org/voc/',
];

/** The link types this resolver serves (besides `linkset`/`all`, which ask for the linkset itself). */
export const DL_LINK_TYPES = [
  'defaultLink',
  'pip',
  'traceability',
  'recallStatus',
  'certificationInfo',
  'epcis',
] as const;
export type DlLinkType = (typeof DL_LINK_TYPES)[number];

/**
 * A `linkType` query value as one of ours: `gs1:pip`, the full URI (`https://gs1.org/voc/pip`,
 * `https://ref.gs1.org/voc/pip`) or `linkset`/`all` (the linkset); 'unknown' for anything else.
 */
export function readLinkType(value: string): DlLinkType | 'linkset' | 'unknown' {
  if (value === 'linkset' || value === 'all') return 'linkset';
  let name: string | undefined;
  if (value.startsWith('gs1:')) name = value.slice(4);
  else name = GS1_VOC_ALIASES.find((ns) => value.startsWith(ns)) && value.slice(value.lastIndexOf('/') + 1);
  return name && (DL_LINK_TYPES as readonly string[]).includes(name) ? (name as DlLinkType) : 'unknown';
}
