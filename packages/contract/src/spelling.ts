/**
 * One Vietnamese spelling across the portal (ADR 020): in an open syllable ending in oa, oe or uy
 * (no final consonant, and not the u of "qu"), the tone mark sits on the first vowel — hóa, xóa,
 * khỏe, hủy, thủy — as antd's own Vietnamese texts ("Hủy", "Xóa") write it. With a final consonant
 * both conventions agree (hoàn, chuyển) and nothing is checked.
 */

/** A word written the other way: the mark on the a/e/y of an open oa/oe/uy (xoá, khoẻ, huỷ). */
const OTHER_PLACEMENT =
  /(?<![\p{L}\p{M}])[\p{L}\p{M}]*?(?:(?<![qQ])[uU][ỳýỷỹỵỲÝỶỸỴ]|[oO][àáảãạèéẻẽẹÀÁẢÃẠÈÉẺẼẸ])(?![\p{L}\p{M}])/gu;

/** The words of `text` with the tone mark on the other vowel ("Huỷ" → reported), in order. */
export function toneMarkSlips(text: string): string[] {
  return [...text.normalize('NFC').matchAll(OTHER_PLACEMENT)].map((m) => m[0]);
}

/** `text` in the portal's spelling: "Huỷ đơn" → "Hủy đơn", "xoá" → "xóa" (other words unchanged). */
export function withPortalToneMarks(text: string): string {
  return text
    .normalize('NFC')
    .replace(
      /(?<![qQ])([uU])([ỳýỷỹỵỲÝỶỸỴ])(?![\p{L}\p{M}])|([oO])([àáảãạèéẻẽẹÀÁẢÃẠÈÉẺẼẸ])(?![\p{L}\p{M}])/gu,
      (_, u?: string, y?: string, o?: string, a?: string) => {
        const [base, tone] = [...(y ?? a)!.normalize('NFD')];
        return ((u ?? o)! + tone).normalize('NFC') + base;
      },
    );
}
