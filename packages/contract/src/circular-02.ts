/**
 * Circular 02/2024/TT-BKHCN (traceability of products and goods, Vietnam): the consumer information
 * a trace page shows and the records a producer submits to the national traceability portal
 * (ADR 043, docs/national-portal-mapping.md).
 */

/** Product fields the circular asks for that the portal had no place for (bounded). */
export const PRODUCT_BRAND_MAX = 100;
export const PRODUCT_TRADEMARK_MAX = 100;
export const PRODUCT_STANDARD_MAX = 100;
export const PRODUCT_MAX_STANDARDS = 10;
/** Shelf life in days: 1 day to 10 years. */
export const SHELF_LIFE_DAYS_MAX = 3650;

/** The export's format (docs/schemas/national-portal-export.schema.json); bumped on a breaking change. */
export const NATIONAL_PORTAL_SCHEMA_VERSION = '1.0';

/** Standards a certificate's name may name, in the order they are tried, with the label shown. */
const NAMED_STANDARDS: { re: RegExp; label: string }[] = [
  { re: /global\s*\.?\s*g\.?\s*a\.?\s*p/i, label: 'GlobalG.A.P.' },
  { re: /viet\s*\.?\s*g\.?\s*a\.?\s*p/i, label: 'VietGAP' },
  { re: /organic|hữu cơ/i, label: 'Organic' },
  { re: /\bHACCP\b/i, label: 'HACCP' },
  { re: /\bISO\s*22000(?::\d{4})?/i, label: '' },
  { re: /\bFSSC\s*22000/i, label: 'FSSC 22000' },
  { re: /\bOCOP\b/i, label: 'OCOP' },
  { re: /\bRainforest Alliance\b/i, label: 'Rainforest Alliance' },
];
/** A national standard or technical regulation with its number: TCVN 11041-2:2017, QCVN 01-190:2020/BNNPTNT. */
const NUMBERED = /\b(TCVN|QCVN)\s*([0-9][0-9A-Za-z.\-:/]*)/i;

/**
 * The standard a certificate or declaration names, as shown under "standards applied"
 * (null when it names none: a food-safety permit, a business licence…).
 */
export function standardOf(text: string): string | null {
  const n = NUMBERED.exec(text);
  if (n) return `${n[1].toUpperCase()} ${n[2].replace(/[.:/-]+$/, '')}`;
  for (const { re, label } of NAMED_STANDARDS) {
    const m = re.exec(text);
    if (m) return label || m[0].replace(/\s+/g, ' ').toUpperCase();
  }
  return null;
}

/** Location certification schemes (contract locations.ts) as standards. */
const SCHEME_STANDARDS: Record<string, string> = { vietgap: 'VietGAP', globalgap: 'GlobalG.A.P.', organic: 'Organic' };

/**
 * The standards applied to a batch, once each in first-seen order: those the product declares
 * (as written), then those its certificates, the batch's and its locations' certifications name.
 */
export function standardsApplied(input: {
  declared?: readonly string[] | null;
  certificateNames?: readonly string[];
  locationSchemes?: readonly string[];
}): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const add = (s: string | null | undefined) => {
    if (!s) return;
    const key = s.toLowerCase().replace(/[\s.]+/g, '');
    if (seen.has(key)) return;
    seen.add(key);
    out.push(s);
  };
  for (const d of input.declared ?? []) add(standardOf(d) ?? d);
  for (const n of input.certificateNames ?? []) add(standardOf(n));
  for (const s of input.locationSchemes ?? []) add(SCHEME_STANDARDS[s]);
  return out;
}
