/**
 * Text written into files other programs read: the feeds (XML, CSV), the sitemap and the XLSX
 * exports. One rule for all of them (ADR 034), so that no product, producer or other text a user
 * typed carries a payload into the file.
 */

/** Characters XML 1.0 forbids: C0 controls but tab/LF/CR, U+FFFE, U+FFFF and lone UTF-16 surrogates. */
export const XML_FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- these are exactly the characters XML 1.0 forbids
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The text without the characters XML 1.0 forbids (an XML file holding one is not XML at all). */
export function withoutXmlForbidden(text: string): string {
  return text.replace(XML_FORBIDDEN, '');
}

/**
 * First characters that make a spreadsheet (Excel, LibreOffice, Google Sheets) read a cell as a
 * formula or a command (OWASP "CSV injection"): `=`, `+`, `-`, `@`, tab, CR, and their full-width
 * forms (`＝`, `＋`, `－`, `＠`), which East Asian input methods type and some spreadsheets take as
 * the ASCII ones.
 */
const FORMULA_LEAD = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const NEUTRALIZED = /^'(?=[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20])/;

/** A text a spreadsheet would run is written with a leading `'`: shown as text, never run. */
export function neutralizeFormula(text: string): string {
  return FORMULA_LEAD.test(text) ? `'${text}` : text;
}

/** Undoes neutralizeFormula: what an import reads from a cell the export wrote. */
export function restoreFormula(text: string): string {
  return text.replace(NEUTRALIZED, '');
}

/** A text cell of every CSV and XLSX the portal writes: no XML-forbidden character, formulas neutralised. */
export function spreadsheetText(text: string): string {
  return neutralizeFormula(withoutXmlForbidden(text));
}
