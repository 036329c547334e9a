import sanitizeHtml from 'sanitize-html';
import { DomUtils, parseDocument } from 'htmlparser2';

/**
 * Rich text (post bodies, FAQ answers, page view bodies) is HTML from the admin's editor, cleaned
 * here by an allow-list before it is stored (ADR 016): only the tags and attributes below survive;
 * every other tag is dropped (its text kept, except for script-like tags whose content goes too),
 * every other attribute (style, on*, id…) is dropped, and URLs keep only safe schemes. What the
 * client sends is never trusted, and nothing is cleaned again when read.
 */

/** Text alignment of a block, as a class (Tiptap writes it as a style, which is turned into one). */
export const TEXT_ALIGN_CLASSES = ['text-left', 'text-center', 'text-right', 'text-justify'] as const;
const ALIGNABLE = ['p', 'h2', 'h3', 'h4', 'li', 'th', 'td', 'blockquote', 'figcaption'];
/** Tags whose content is no text a reader should see: dropped with the tag. */
const NON_TEXT_TAGS = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'iframe',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'template',
  'xmp',
  'noembed',
  'noframes',
  'title',
  'head',
  'frameset',
  'frame',
  'select',
];

const REL = 'noopener noreferrer nofollow';
const IMG_SRC = /^(https?:\/\/[^\s]+|\/uploads\/[^\s]+)$/i;
const SMALL_NUMBER = /^\d{1,4}$/;

/** The style's text-align turned into one of TEXT_ALIGN_CLASSES; the class a block already has kept when it is one. */
function alignClass(attribs: Record<string, string>): string | undefined {
  const style = /(?:^|;)\s*text-align\s*:\s*(left|center|right|justify)\s*(?:;|$)/i.exec(attribs.style ?? '');
  if (style) return `text-${style[1].toLowerCase()}`;
  const given = (attribs.class ?? '').split(/\s+/).find((c) => (TEXT_ALIGN_CLASSES as readonly string[]).includes(c));
  return given;
}

const keepAlign: sanitizeHtml.Transformer = (tagName, attribs) => {
  const cls = alignClass(attribs);
  const rest = Object.fromEntries(Object.entries(attribs).filter(([k]) => k !== 'class' && k !== 'style'));
  return { tagName, attribs: cls ? { ...rest, class: cls } : rest };
};

const numberAttrs =
  (names: string[], extra: (attribs: Record<string, string>) => Record<string, string> = () => ({})) =>
  (tagName: string, attribs: Record<string, string>): sanitizeHtml.Tag => {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(attribs)) {
      if (names.includes(k)) {
        if (SMALL_NUMBER.test(v.trim())) out[k] = String(Number(v.trim()));
      } else out[k] = v;
    }
    return { tagName, attribs: { ...out, ...extra(attribs) } };
  };

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'em',
    'u',
    's',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'hr',
    'code',
    'pre',
    'figure',
    'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan', 'class'],
    td: ['colspan', 'rowspan', 'class'],
    ...Object.fromEntries(ALIGNABLE.filter((t) => t !== 'th' && t !== 'td').map((t) => [t, ['class']])),
  },
  allowedClasses: Object.fromEntries(ALIGNABLE.map((t) => [t, [...TEXT_ALIGN_CLASSES]])),
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedStyles: {},
  parseStyleAttributes: false,
  disallowedTagsMode: 'discard',
  nonTextTags: NON_TEXT_TAGS,
  allowVulnerableTags: false,
  enforceHtmlBoundary: false,
  transformTags: {
    ...Object.fromEntries(ALIGNABLE.filter((t) => t !== 'th' && t !== 'td').map((t) => [t, keepAlign])),
    th: (t, a) => numberAttrs(['colspan', 'rowspan'])(t, keepAlign(t, a).attribs),
    td: (t, a) => numberAttrs(['colspan', 'rowspan'])(t, keepAlign(t, a).attribs),
    // Whatever rel it came with, a link gets ours; it opens in a new tab only when asked to.
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href !== undefined ? { href: attribs.href.trim() } : {}),
        ...(attribs.target === '_blank' ? { target: '_blank' } : {}),
        rel: REL,
      },
    }),
    // An image only from the web (http/https) or the platform's own uploads.
    img: (tagName, attribs) => {
      const src = (attribs.src ?? '').trim();
      const { src: _drop, ...rest } = attribs;
      return numberAttrs(['width', 'height'])(tagName, IMG_SRC.test(src) ? { src, ...rest } : rest);
    },
  },
  // An image left without a source shows nothing: it goes.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** The allow-listed HTML of `html` (see the module comment). */
export function cleanRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** True when cleaned HTML shows nothing: no text and no image. */
export function isEmptyRichText(cleaned: string): boolean {
  return plainText(cleaned, Number.MAX_SAFE_INTEGER) === '' && !/<img\b/i.test(cleaned);
}

const BLOCKS = new Set([
  'p',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'li',
  'tr',
  'td',
  'th',
  'blockquote',
  'pre',
  'figcaption',
  'div',
  'hr',
]);

/**
 * The text of HTML (entities decoded, blocks separated by a space, whitespace collapsed), at most
 * `max` characters: cut at a word boundary with '…' when longer. For meta descriptions.
 */
export function plainText(html: string, max: number): string {
  const doc = parseDocument(html, { decodeEntities: true });
  const parts: string[] = [];
  const walk = (nodes: ReturnType<typeof parseDocument>['children']) => {
    for (const node of nodes) {
      if (DomUtils.isText(node)) parts.push(node.data);
      else if (DomUtils.isTag(node)) {
        if (NON_TEXT_TAGS.includes(node.name)) continue;
        if (BLOCKS.has(node.name)) parts.push(' ');
        walk(node.children);
        if (BLOCKS.has(node.name)) parts.push(' ');
      }
    }
  };
  walk(doc.children);
  const text = parts.join('').replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, Math.max(0, max - 1));
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
