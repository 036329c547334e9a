/** Schemes a link in rich text may use (the server's allow-list keeps the same ones). */
export const LINK_SCHEMES = ['http:', 'https:', 'mailto:', 'tel:'] as const;

/**
 * A link target as typed by an editor, made safe: '' when nothing was typed, null when refused.
 * Kept: http(s), mailto and tel URLs, site paths ('/news', '#part'); a bare host ('example.vn/a')
 * gets https://. Refused: every other scheme (javascript:, data:, vbscript:, file: …) however it
 * is spelt (case, tabs, newlines and control characters inside the scheme, which browsers ignore),
 * protocol-relative URLs ('//host') and anything with spaces.
 */
export function safeLinkUrl(input: string): string | null {
  // Browsers drop tabs and newlines anywhere in a URL, and leading/trailing control characters and spaces.
  // eslint-disable-next-line no-control-regex
  const text = input.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  if (!text) return '';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\s\\]/.test(text)) return null;
  if (text.startsWith('//')) return null;
  if (text.startsWith('/') || text.startsWith('#')) return text;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text);
  if (scheme) {
    const protocol = `${scheme[1].toLowerCase()}:`;
    if (!(LINK_SCHEMES as readonly string[]).includes(protocol)) {
      // 'example.vn:8080/a' reads as a host with a port, not a scheme.
      if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+:\d+(\/|$)/i.test(text)) return null;
    } else {
      try {
        const url = new URL(text);
        if (protocol.startsWith('http') && !url.hostname) return null;
        return text;
      } catch {
        return null;
      }
    }
  }
  // A bare host name (with a dot), optionally with a port and a path.
  if (!/^[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+(:\d+)?([/?#].*)?$/u.test(text)) return null;
  try {
    new URL(`https://${text}`);
    return `https://${text}`;
  } catch {
    return null;
  }
}
