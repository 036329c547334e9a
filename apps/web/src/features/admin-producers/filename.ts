/** `attachment; filename="a.xlsx"; filename*=UTF-8''a.xlsx` → the best name it offers. */
export function filenameOf(header: string | null, fallback: string): string {
  const star = header && /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = header && /filename="?([^";]+)"?/i.exec(header);
  return plain ? plain[1].trim() : fallback;
}
