import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text of a PDF as a reader's tools extract it (pdf.js, the engine of Firefox and of many
 * viewers), one string per page with the runs joined by single spaces: what a test may search for
 * the words a person reads (diacritics included, through the embedded font's ToUnicode map).
 */
export async function pdfText(
  pdf: Buffer | Uint8Array,
): Promise<{ pages: string[]; text: string; info: Record<string, unknown> }> {
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const content = await page.getTextContent();
    const runs = content.items.map((item) => ('str' in item ? item.str : ''));
    pages.push(runs.join(' ').replace(/\s+/g, ' ').trim());
  }
  const { info } = (await doc.getMetadata()) as unknown as { info: Record<string, unknown> };
  await doc.destroy();
  return { pages, text: pages.join('\n'), info };
}
