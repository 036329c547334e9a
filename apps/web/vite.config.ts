import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { diaryServiceWorker } from './pwa.config';

const API = 'http://localhost:3000';

/**
 * The light public entries, as the API serves them (apps/server/src/plugins/web.ts): the
 * traceability page (trace.html, src/trace) for /trace/*, and the content pages (content.html,
 * src/content) for /news, /news/*, /faqs, /information-security and the sign-in page /login, and
 * the producers' field diary (diary.html, src/diary) for /diary and /diary/*. In development Vite does the
 * same, so every entry behaves as in production (without the server's per-page meta tags).
 */
export function lightEntryOf(url: string): '/trace.html' | '/content.html' | '/diary.html' | null {
  const raw = url.split(/[?#]/)[0];
  if (raw.startsWith('/trace/')) return '/trace.html';
  const path = raw.replace(/\/+$/, '');
  if (path === '/diary' || path.startsWith('/diary/')) return '/diary.html';
  if (
    path === '/news' ||
    path.startsWith('/news/') ||
    path === '/faqs' ||
    path === '/information-security' ||
    path === '/login'
  ) {
    return '/content.html';
  }
  return null;
}

function lightEntriesInDev(): Plugin {
  return {
    name: 'agrihub-light-entries-dev',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const entry = req.url ? lightEntryOf(req.url) : null;
        if (entry) req.url = entry + (req.url!.includes('?') ? req.url!.slice(req.url!.indexOf('?')) : '');
        next();
      });
    },
  };
}

/** The folders of the light entries (trace.html, content.html, diary.html) and their shared helpers. */
const LIGHT_DIRS = ['src/trace', 'src/content', 'src/diary', 'src/light'].map((d) => path.resolve(import.meta.dirname, d) + path.sep);

/** React's entry points as the light pages import them, and their Preact equivalents. */
const PREACT_FOR: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-dev-runtime',
};

/**
 * In the build, the light public pages (trace, news, FAQs, information security) run on Preact
 * through preact/compat, the same React API in ~10 KB instead of React DOM's ~58 KB (brotli), and
 * with far less to parse on a slow phone (ADR 022; bench/slow-phone.ts). Only imports made from
 * their folders are redirected: the app keeps React. The dev server keeps React everywhere (its
 * fast refresh is React's); the browser tests run the build.
 */
function lightPagesOnPreact(): Plugin {
  return {
    name: 'agrihub-light-pages-preact',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const target = PREACT_FOR[source];
      if (!target || !importer || !LIGHT_DIRS.some((dir) => importer.startsWith(dir))) return null;
      return this.resolve(target, importer, { ...options, skipSelf: true });
    },
  };
}

/**
 * Each built script, style, translation and icon also as `.br` (brotli, best quality) and `.gz`
 * (gzip level 9), made once here; the server sends the one the browser accepts (`@fastify/static`
 * `preCompressed`, apps/server/src/plugins/web.ts) and never compresses these files again. Not the
 * HTML entries: the server renders those per request (head tags) and compresses the result. Files
 * under 1 KB, and any a compression would not make smaller, are sent as they are.
 */
const precompressed = compression({
  algorithms: ['brotliCompress', 'gzip'],
  include: /\.(js|mjs|css|json|svg|xml|txt|map)$/,
  threshold: 1024,
  logLevel: 'silent',
});

/**
 * The API (apps/server) serves the built app from apps/web/dist on the same origin.
 * In development Vite proxies the API paths to it. The Platform is picked from the host, so
 * open http://agrihub.localhost:5173 (or dtrack./foodmap.) — `*.localhost` needs no set-up.
 */
export default defineConfig({
  // The service worker (pwa.config.ts) before the compression, so its `.br`/`.gz` are made from the
  // finished file (the precache list injected).
  plugins: [lightPagesOnPreact(), react(), lightEntriesInDev(), diaryServiceWorker(), precompressed],
  server: {
    port: 5173,
    // As the API server: this machine only unless HOST says otherwise (README, Configuration).
    host: process.env.HOST || '127.0.0.1',
    allowedHosts: ['.localhost'],
    proxy: {
      '/api': { target: API, changeOrigin: false },
      '/oauth': { target: API, changeOrigin: false },
      '/uploads': { target: API, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: lets the size report follow each route's chunks.
    manifest: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // Four pages: the app (index.html), the public traceability page (trace.html, src/trace/),
      // the public content pages (content.html, src/content/) and the producers' field diary
      // (diary.html, src/diary/, an installable app: pwa.config.ts). The light three share React and
      // the small helpers of src/light/ only; they never load antd, redux or the admin code.
      input: { main: 'index.html', trace: 'trace.html', content: 'content.html', diary: 'diary.html' },
      output: {
        // Routes are lazy (app/router.tsx). Only the framework every page needs is grouped here,
        // so the public pages never download the private frame, tables, tabs or uploads.
        // `react` is all the trace page shares with the app; the router (and its cookie helpers)
        // is a group of its own that only the app entry imports.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 20 },
            {
              name: 'router',
              test: /node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/,
              priority: 20,
            },
            {
              name: 'state',
              test: /node_modules[\\/](@reduxjs|redux|redux-persist|react-redux|immer|reselect|i18next|react-i18next|i18next-http-backend)[\\/]/,
              priority: 15,
            },
          ],
        },
      },
    },
  },
});
