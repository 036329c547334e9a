import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { HtmlTemplate } from '../modules/seo/head.js';
import {
  entryOfPath,
  hostPlatform,
  pageLocale,
  resolvePage,
  type EntryKind,
  type PageAnswer,
} from '../modules/seo/pages.js';
import { platformSettingOf } from '../modules/settings/store.js';
import { extendCsp, pageWidgets } from '../modules/settings/widgets.js';

/** Paths the SPA never answers: a miss there is a JSON 404, however the path is spelled. */
const RESERVED = ['/api', '/oauth', '/uploads', '/epcis'];
/** The producer app's service worker (apps/web/src/sw/sw.ts): at the root, so its scope is every page. */
const SERVICE_WORKER = '/sw.js';

/** The path as a file system would read it: decoded, dot segments and repeated slashes resolved. */
export function normalisedPath(url: string): string | null {
  try {
    const decoded = decodeURIComponent(url.split('?')[0]).replace(/\\/g, '/');
    return path.posix.normalize(decoded).replace(/\/+/g, '/');
  } catch {
    return null; // malformed percent-encoding
  }
}

const isReserved = (p: string) => {
  const lower = p.toLowerCase();
  return RESERVED.some((r) => lower === r || lower.startsWith(`${r}/`));
};

/**
 * The app's start-up files (index.html's entry script, module preloads and styles) as a JSON data
 * block, never run: the light sign-in page prefetches them once it is drawn (ADR 024), so the
 * first page after signing in does not wait for them on a slow network.
 */
export function appFilesScript(indexHtml: string): string {
  const files = [...indexHtml.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
    (m) => m[1],
  );
  return `<script type="application/json" id="app-files">${JSON.stringify([...new Set(files)]).replace(/</g, '\\u003c')}</script>`;
}

/**
 * Serves the built web app. Unknown non-API GETs answer an entry's HTML so client routes work on
 * reload (the app, or a light public entry for its paths); API paths keep their JSON 404.
 */
export default fp(async function web(app) {
  const dist = app.config.WEB_DIST;
  const index = path.join(dist, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn({ dist }, 'web app not built: only the API is served (run npm run build)');
    return;
  }
  // Only reply.sendFile, in this scope (the catch-all below uses it); no route per file found at
  // start-up, so a file a rebuild removes or adds is looked up when it is asked for. A file is sent
  // as the build compressed it (`.br`, else `.gz`, by Accept-Encoding; apps/web/vite.config.ts),
  // or as it is, with `Vary: Accept-Encoding` either way.
  await app.register(fastifyStatic, {
    root: dist,
    serve: false,
    index: false,
    preCompressed: true,
    setHeaders(res, file) {
      const immutable = file.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // The built entries, each split once around its head placeholder (modules/seo/head.ts): the app
  // (index.html), and the light public entries — the traceability page (trace.html) and the
  // content pages (content.html: news, FAQs, information security) — which are not the admin SPA.
  const spa = new HtmlTemplate(fs.readFileSync(index));
  const entry = (name: string) => {
    const file = path.join(dist, name);
    return fs.existsSync(file) ? new HtmlTemplate(fs.readFileSync(file)) : spa;
  };
  const appFiles = appFilesScript(spa.raw.toString('utf8'));
  const templates: Record<EntryKind, HtmlTemplate> = {
    app: spa,
    trace: entry('trace.html'),
    content: entry('content.html'),
    diary: entry('diary.html'),
  };

  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (req, reply) => {
    const clean = normalisedPath(req.url);
    if (clean === null || isReserved(clean)) return reply.callNotFound();
    const file = path.join(dist, clean);
    if (file.startsWith(dist + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      // Sent as the build made it, never compressed again per answer: a file without a `.br`/`.gz`
      // is small, or one a compression would not shrink (@fastify/compress reads this header). But
      // the service worker, which the build writes after its compression (apps/web/pwa.config.ts).
      if (clean !== SERVICE_WORKER) req.headers['x-no-compression'] = '1';
      return reply.sendFile(path.relative(dist, file));
    }
    // A missing script or style is a 404, not the app's HTML in its place.
    if (clean.startsWith('/assets/')) return reply.callNotFound();
    // The public pages carry their title, description, canonical link and share tags, from the
    // database (modules/seo/pages.ts); a post that is not public is a 404 with the not-found page.
    const query = new URLSearchParams(req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '');
    // Tags are a bonus: if they cannot be read, the page is still served (as built) and the failure logged.
    const page = await resolvePage(app, req, clean, query).catch((err: unknown): PageAnswer => {
      req.log.error({ err }, 'page tags could not be read; the page is served without them');
      return { entry: entryOfPath(clean), status: 200, head: null };
    });
    // The light public pages (trace, content; never the app, whose pages the signed-in frame shares,
    // nor the sign-in page, where a password is typed, nor the producers' diary, kept offline) carry
    // the platform's contact details, and its analytics and chat pieces only when they are set
    // (DESIGN §5.5), with the page's policy opened to their hosts only then.
    let head = page.head;
    if (head !== null && page.entry !== 'app' && page.entry !== 'diary' && !page.signIn) {
      const platform = hostPlatform(app, req);
      const widgets = await platformSettingOf(app, platform)
        .then((row) => pageWidgets(row, pageLocale(req, platform), page.status === 200))
        .catch((err: unknown) => {
          req.log.error({ err }, 'platform settings could not be read; the page is served without them');
          return null;
        });
      if (widgets?.head) head = `${head}\n    ${widgets.head}`;
      const policy = reply.getHeader('content-security-policy');
      if (widgets?.csp && typeof policy === 'string')
        reply.header('Content-Security-Policy', extendCsp(policy, widgets.csp));
    }
    // The sign-in page names the app's start-up files: it fetches them while the visitor types.
    if (page.signIn && head !== null) head = `${head}\n    ${appFiles}`;
    // The home page may be fetched from another site (GS1's resolver test probes a resolver's
    // TLS with a no-cors HEAD of `/`): it holds nothing private, so it opts out of the site-wide
    // same-origin resource policy (ADR 037); every other page keeps it.
    if (clean === '/') reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
    return reply
      .code(page.status)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(templates[page.entry].render(head));
  });
});
