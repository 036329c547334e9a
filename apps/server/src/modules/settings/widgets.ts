import {
  THIRD_PARTY_SOURCES,
  gaScriptUrl,
  messengerUrl,
  translate,
  type Locale,
  type PublicContact,
} from '@agrihub/contract';
import { escapeHtml } from '../seo/head.js';
import { presentContact, type PlatformSettingRow } from './store.js';

/**
 * What a light public page (trace, content) carries from its platform's settings (DESIGN §5.5):
 * the contact details its footer shows, and the analytics and chat pieces (spec §9) only when an
 * administrator set them. No inline script: the contact is a JSON data block (never executed), the
 * Google tag and our own /site-widgets.js (apps/web/public) load from their URLs, and the page's
 * Content-Security-Policy names the third-party hosts only when they are used.
 */
export interface PageWidgets {
  head: string;
  csp: CspExtra | null;
}

export interface CspExtra {
  scriptSrc: readonly string[];
  connectSrc: readonly string[];
  frameSrc: readonly string[];
}

/** The id of the JSON block the light pages read their footer's contact from. */
export const CONTACT_BLOCK_ID = 'site-contact';
/** Our own loader of the chat widgets and the Google tag's configuration (a static file of the web build). */
export const WIDGETS_SCRIPT = '/site-widgets.js';

/** JSON that cannot close its <script> element nor open a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const hasContact = (c: PublicContact) => Object.values(c).some((v) => v !== null);

/**
 * The tags of a light page: the contact block, and with `thirdParty` (a page found, not a 404) the
 * analytics and chat pieces that are set, with the sources the page's policy must allow for them.
 */
export function pageWidgets(row: PlatformSettingRow | null, locale: Locale, thirdParty = true): PageWidgets {
  const tags: string[] = [];
  const contact = presentContact(row);
  if (hasContact(contact)) {
    tags.push(`<script type="application/json" id="${CONTACT_BLOCK_ID}">${scriptJson(contact)}</script>`);
  }
  const ga = (thirdParty && row?.gaMeasurementId) || null;
  const zalo = (thirdParty && row?.zaloOaId) || null;
  const facebook = (thirdParty && row?.facebookPage) || null;
  if (!ga && !zalo && !facebook) return { head: tags.join('\n    '), csp: null };

  if (ga) tags.push(`<script async src="${escapeHtml(gaScriptUrl(ga))}"></script>`);
  const data: string[] = [];
  if (ga) data.push(`data-ga="${escapeHtml(ga)}"`);
  if (zalo) {
    data.push(`data-zalo-oa="${escapeHtml(zalo)}"`);
    data.push(`data-zalo-welcome="${escapeHtml(translate(locale, 'widget_zalo_welcome'))}"`);
  }
  if (facebook) {
    data.push(`data-messenger="${escapeHtml(messengerUrl(facebook))}"`);
    data.push(`data-messenger-label="${escapeHtml(translate(locale, 'widget_messenger_label'))}"`);
  }
  tags.push(`<script defer src="${WIDGETS_SCRIPT}" ${data.join(' ')}></script>`);

  // The Messenger link is a plain link: it needs no host in the policy.
  const parts = [ga ? THIRD_PARTY_SOURCES.googleAnalytics : null, zalo ? THIRD_PARTY_SOURCES.zalo : null].filter(
    (p) => p !== null,
  );
  const csp: CspExtra | null = parts.length
    ? {
        scriptSrc: parts.flatMap((p) => p.scriptSrc),
        connectSrc: parts.flatMap((p) => p.connectSrc),
        frameSrc: parts.flatMap((p) => p.frameSrc),
      }
    : null;
  return { head: tags.join('\n    '), csp };
}

/**
 * A Content-Security-Policy header with `extra` sources added to its script-src, connect-src and
 * frame-src (a missing directive starts from 'self', as default-src 'self' had it).
 */
export function extendCsp(policy: string, extra: CspExtra): string {
  const directives = policy
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean)
    .map((d) => d.split(/\s+/));
  const add = (name: string, sources: readonly string[]) => {
    if (!sources.length) return;
    let directive = directives.find((d) => d[0] === name);
    if (!directive) {
      directive = [name, "'self'"];
      directives.push(directive);
    }
    for (const s of sources) if (!directive.includes(s)) directive.push(s);
  };
  add('script-src', extra.scriptSrc);
  add('connect-src', extra.connectSrc);
  add('frame-src', extra.frameSrc);
  return directives.map((d) => d.join(' ')).join(';');
}
