import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DL_LINK_TYPES,
  GS1_VOC,
  PLATFORMS,
  gtinDigitalLinkPath,
  isDigitalLinkError,
  isGs1Date,
  parseGtinDigitalLink,
  platformFromHost,
  readLinkType,
  translate,
  type DigitalLinkKey,
  type DlLinkType,
  type PlatformKey,
  type PublicTrace,
} from '@agrihub/contract';
import { AppError } from '../../lib/errors.js';
import { publicBaseUrl } from '../../lib/public-url.js';
import { render } from './lookup.js';
import { loadEntry } from './public-docs.js';
import { sendNotFoundPage } from './not-found-page.js';
import { batchCodeByGtinLot, batchCodeByGtinSerial, gtinOwner, loadPublicProduct } from './product-lookup.js';

/**
 * The GS1 Digital Link resolver (DESIGN §5.7, ADR 037): `/01/{gtin}[/22/…][/10/{lot}][/21/{serial}]`
 * on each platform's host. One default link per level (a lot's trace page; a GTIN's product
 * page), a 307 to it or to the requested `linkType` (the query string passed on without
 * `linkType`), the RFC 9264 linkset on `linkType=linkset` or `Accept: application/linkset+json`,
 * CORS for any origin, 400 for bad syntax and 404 for an unknown or unavailable link type.
 */

export const LINKSET_TYPE = 'application/linkset+json';
/** The `Link` to GS1's JSON-LD context for linksets (GS1-Conformant resolver standard), sent with every linkset. */
export const LINKSET_CONTEXT_LINK =
  '<https://ref.gs1.org/standards/resolver/linkset-context>; rel="http://www.w3.org/ns/json-ld#context"; type="application/ld+json"';
export const LINKTYPES_PROFILE = `${GS1_VOC}?show=linktypes`;

export interface DlLink {
  href: string;
  type: string;
  title: string;
  hreflang?: string[];
}
/** One level's links (RFC 9264 link context object): the anchor, then link arrays keyed by relation URI. */
export type LinksetContext = { anchor: string; itemDescription?: string } & Record<string, DlLink[] | string>;
interface Level {
  anchor: string;
  itemDescription?: string;
  links: Partial<Record<DlLinkType, DlLink[]>>;
}

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  // On every answer, not only the preflight: GS1's conformance suite reads the methods off the GET.
  'access-control-allow-methods': 'GET, HEAD, OPTIONS',
  'access-control-expose-headers': 'Link, Location, Content-Type',
  // A scanner app's page on another site may read the answer (the default is same-origin).
  'cross-origin-resource-policy': 'cross-origin',
  'x-content-type-options': 'nosniff',
};

/** The query string as the request had it, without `linkType` (GS1 DL: passed on when redirecting). */
export function passOnQuery(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return '';
  const pairs = url
    .slice(q + 1)
    .split('&')
    .filter((p) => p !== '' && safeDecode(p.split('=')[0]) !== 'linkType');
  return pairs.length ? `?${pairs.join('&')}` : '';
}
const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
};

/** A redirect target (absolute, as its linkset `href`: GS1's suite compares the two) with the passed-on query before its fragment. */
function withQuery(href: string, query: string): string {
  const hash = href.indexOf('#');
  return hash < 0 ? href + query : href.slice(0, hash) + query + href.slice(hash);
}

/** The level a key names: its lot, else its serial, else the GTIN (a serial after a lot adds nothing the portal keeps; a CPV neither). */
function ownLevel(key: DigitalLinkKey): DigitalLinkKey {
  if (key.lot !== undefined) return { gtin14: key.gtin14, lot: key.lot };
  if (key.serial !== undefined) return { gtin14: key.gtin14, serial: key.serial };
  return { gtin14: key.gtin14 };
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function digitalLinkRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limit = app.lookupLimiter;
  const cache = app.traceCache;

  const hostPlatform = (host: string | undefined): PlatformKey =>
    platformFromHost(host ?? '', app.config.DEFAULT_PLATFORM, app.config.PLATFORM_HOSTS);

  /** The public trace of a batch by its code (from the trace cache; no scan is counted). */
  async function batchTrace(code: string): Promise<PublicTrace | null> {
    const entry = cache.hit(code) ?? (await cache.get(code, (c) => loadEntry(app.db, c)));
    if (!entry || entry.gone) return null;
    return (
      JSON.parse(String(render(entry, { count: 0, sources: 0 }))) as { data: { traceability: PublicTrace } }
    ).data.traceability;
  }

  /** The batch a lot (or a serial without a lot) names. */
  function batchCodeOf(platform: PlatformKey, key: DigitalLinkKey): Promise<string | null> {
    return key.lot !== undefined
      ? batchCodeByGtinLot(app.db, platform, key.gtin14, key.lot)
      : batchCodeByGtinSerial(app.db, platform, key.gtin14, key.serial!);
  }

  /** The default link's path alone, for the plain scan (the hot path): one query, as before the linkset. */
  async function defaultPath(platform: PlatformKey, key: DigitalLinkKey): Promise<string | null> {
    if (key.lot !== undefined || key.serial !== undefined) {
      const code = await batchCodeOf(platform, key);
      return code && `/trace/${encodeURIComponent(code)}`;
    }
    const owner = await gtinOwner(app.db, platform, key.gtin14);
    return owner && `/trace/p/${encodeURIComponent(owner.code)}`;
  }

  /** The levels a key names, most specific first, each with its links; null when the key's own item is unknown. */
  async function levelsOf(req: FastifyRequest, key: DigitalLinkKey): Promise<Level[] | null> {
    const platform = hostPlatform(req.headers.host);
    const base = publicBaseUrl(req, app.config, platform);
    const t = (k: string, p: Record<string, string | number> = {}) => translate(req.locale, k, p);
    const html = (href: string, title: string): DlLink => ({ href, type: 'text/html', title });
    const levels: Level[] = [];

    const owner = await gtinOwner(app.db, platform, key.gtin14);
    if (key.lot !== undefined || key.serial !== undefined) {
      const code = await batchCodeOf(platform, key);
      if (!code) return null;
      const trace = await batchTrace(code);
      const lot = trace?.lot_code ?? key.lot ?? key.serial!;
      const page = `${base}/trace/${encodeURIComponent(code)}`;
      const links: Level['links'] = {
        defaultLink: [html(page, t('dl_title_trace', { lot }))],
        traceability: [html(`${page}#events-title`, t('dl_title_traceability', { lot }))],
      };
      // A page taken down with its closed producer states no recall state (it says "no longer available").
      if (trace)
        links.recallStatus = [html(page, t(trace.recall ? 'dl_title_recalled' : 'dl_title_not_recalled', { lot }))];
      if (trace?.certificates.length) {
        links.certificationInfo = [html(page, t('dl_title_certificates', { name: trace.product.name }))];
      }
      levels.push({
        anchor: base + gtinDigitalLinkPath(ownLevel(key)),
        ...(trace ? { itemDescription: `${trace.product.name} – ${lot}` } : {}),
        links,
      });
    }
    if (owner) {
      const product = await loadPublicProduct(app.db, platform, owner.code);
      const name = product && product !== 'gone' ? product.name : owner.code;
      const page = `${base}/trace/p/${encodeURIComponent(owner.code)}`;
      const pip = html(page, t('dl_title_product', { name }));
      const links: Level['links'] = { defaultLink: [pip], pip: [pip] };
      if (product && product !== 'gone' && product.certificates.length) {
        links.certificationInfo = [html(page, t('dl_title_certificates', { name }))];
      }
      levels.push({
        anchor: base + gtinDigitalLinkPath({ gtin14: key.gtin14 }),
        ...(product && product !== 'gone' ? { itemDescription: product.name } : {}),
        links,
      });
    } else if (!levels.length) {
      return null;
    }
    return levels;
  }

  /** RFC 9264 JSON: one context object per level, each relation named by its GS1 Web Vocabulary URI. */
  function linkset(levels: Level[]): { linkset: LinksetContext[] } {
    return {
      linkset: levels.map((l) => {
        const ctx: LinksetContext = {
          anchor: l.anchor,
          ...(l.itemDescription ? { itemDescription: l.itemDescription } : {}),
        };
        for (const type of DL_LINK_TYPES) if (l.links[type]) ctx[GS1_VOC + type] = l.links[type];
        return ctx;
      }),
    };
  }

  const linkHeader = (anchor: string) =>
    `<${anchor}?linkType=linkset>; rel="linkset"; type="${LINKSET_TYPE}"; profile="${LINKTYPES_PROFILE}", ` +
    `<${LINKTYPES_PROFILE}>; rel="linktypes"`;

  async function resolve(req: FastifyRequest, reply: FastifyReply) {
    reply.headers(CORS_HEADERS);
    // The path as sent (still percent-encoded), so that an encoded '/' in a lot stays in the lot.
    const path = req.url.split('?')[0];
    const key = parseGtinDigitalLink(path.replace(/^\/01\//, ''));
    if (isDigitalLinkError(key)) throw new AppError(400, key.error, key.params);
    const query = req.query as Record<string, string | string[] | undefined>;
    const expiry = first(query['17']);
    if (expiry !== undefined && !isGs1Date(expiry))
      throw new AppError(400, 'dl_bad_expiry', { value: expiry.slice(0, 20) });
    const asked = first(query.linkType);
    const linkType = asked === undefined ? undefined : readLinkType(asked);
    if (linkType === 'unknown') {
      reply.header('cache-control', 'no-store');
      throw new AppError(404, 'dl_unknown_link_type', { value: asked!.slice(0, 100) });
    }
    const notFound = () => {
      limit.miss(req);
      reply.header('cache-control', 'no-store');
      return sendNotFoundPage(req, reply);
    };
    const platform = hostPlatform(req.headers.host);
    const base = publicBaseUrl(req, app.config, platform);
    const wantsLinkset =
      linkType === 'linkset' || (linkType === undefined && (req.headers.accept ?? '').includes(LINKSET_TYPE));
    const answer = () =>
      reply
        .header('link', linkHeader(base + gtinDigitalLinkPath(ownLevel(key))))
        .header('vary', 'Accept, Accept-Language')
        .header('cache-control', 'no-cache');
    const wanted: DlLinkType = linkType === undefined || linkType === 'linkset' ? 'defaultLink' : linkType;
    if (!wantsLinkset && wanted === 'defaultLink') {
      const target = await defaultPath(platform, key);
      if (!target) return notFound();
      return answer().redirect(base + target + passOnQuery(req.url), 307);
    }
    const levels = await levelsOf(req, key);
    if (!levels) return notFound();
    answer();
    if (wantsLinkset) {
      // The linkset's JSON-LD context, as GS1's resolver standard asks of a linkset answer (a SHOULD).
      reply.header('link', `${String(reply.getHeader('link'))}, ${LINKSET_CONTEXT_LINK}`);
      return reply.type(LINKSET_TYPE).send(JSON.stringify(linkset(levels)));
    }
    // The most specific level that has the link type: a lot's product page is its GTIN's.
    const link = levels.find((l) => l.links[wanted])?.links[wanted]?.[0];
    if (!link) throw new AppError(404, 'dl_link_unavailable', { value: asked ?? wanted });
    return reply.redirect(withQuery(link.href, passOnQuery(req.url)), 307);
  }

  // The path is parsed from the raw URL (parseGtinDigitalLink): a malformed one is a 400, not a 422.
  const common = { config: { access: 'public', securityHeaders: false }, schema: { hide: true } } as const;
  r.get('/01/*', { ...common, onRequest: limit.onRequest }, resolve);
  r.options('/01/*', common, (_req, reply) =>
    reply
      .code(204)
      .headers(CORS_HEADERS)
      .header('access-control-allow-methods', 'GET, HEAD, OPTIONS')
      .header('access-control-allow-headers', 'Accept, Accept-Language, Locale')
      .header('access-control-max-age', '86400')
      .header('allow', 'GET, HEAD, OPTIONS')
      .send(),
  );

  /** The resolver description file (GS1 Digital Link §6.2 / resolver standard). */
  r.get(
    '/.well-known/gs1resolver',
    { config: { access: 'public', securityHeaders: false }, schema: { hide: true } },
    (req, reply) => {
      const platform = hostPlatform(req.headers.host);
      const base = publicBaseUrl(req, app.config, platform);
      reply.headers(CORS_HEADERS).header('cache-control', 'public, max-age=3600');
      return {
        name: translate(req.locale, 'dl_resolver_name', { platform: PLATFORMS[platform].name }),
        resolverRoot: base,
        supportedPrimaryKeys: ['01'],
        supportedKeyQualifiers: { '01': ['22', '10', '21'] },
        supportedDataAttributes: ['17'],
        supportedLinkType: [{ namespace: GS1_VOC, prefix: 'gs1:', profile: LINKTYPES_PROFILE }],
        linkTypes: DL_LINK_TYPES.map((t) => `gs1:${t}`),
        linkTypeDefaultCanBeLinkset: false,
        linksetMediaType: LINKSET_TYPE,
        redirectStatus: 307,
      };
    },
  );
}
