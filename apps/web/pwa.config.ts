import fs from 'node:fs';
import path from 'node:path';
import type { PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { entryFiles, type BuiltChunk } from './src/sw/precache';

const DIST = path.resolve(import.meta.dirname, 'dist');

/**
 * The installable producer app's service worker (issue 28, DESIGN §5.8): src/sw/sw.ts, built to
 * dist/sw.js with the precache list injected (vite-plugin-pwa's `injectManifest`).
 *
 * injectManifest rather than generateSW: the worker does what a generated one cannot say plainly —
 * at install it keeps the diary page as this host's server rendered it (each platform its own
 * origin, worker and cache; a build-time diary.html lacks the platform's head), it files every
 * /diary/… navigation under that one page, and it has no route at all for anything else (the API,
 * sign-in, uploads, the public pages and the back office), which reads as such in its source.
 *
 * The precache is the diary entry's files only (its chunks, styles and assets, from Vite's build
 * manifest), not the whole build: a phone on a slow network downloads what the diary needs. Its
 * words are bundled in its scripts (light/i18n.ts); the icons are kept at run time, the host's own.
 * No manifest here: the server sends one per platform (apps/server/src/modules/pwa). The page
 * registers the worker itself (src/diary/main.tsx): no registration script is injected.
 */
export function diaryServiceWorker(): PluginOption {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: false,
    devOptions: { enabled: false },
    injectManifest: {
      // One classic script (no module worker: every phone's browser runs it).
      rollupFormat: 'iife',
      globPatterns: ['assets/**/*.{js,css,svg,png,webp,woff2}'],
      // Hashed names: a changed file is a new name, no revision needed.
      dontCacheBustURLsMatching: /^assets\//,
      manifestTransforms: [
        async (entries) => {
          const built = JSON.parse(fs.readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Record<
            string,
            BuiltChunk
          >;
          const diary = entryFiles(built, 'diary.html');
          const manifest = entries.filter((e) => diary.has(e.url));
          // Every file the diary needs to open offline, or the build fails.
          const missing = [...diary].filter((f) => !manifest.some((e) => e.url === f));
          if (missing.length) throw new Error(`diary files not precached: ${missing.join(', ')}`);
          return { manifest };
        },
      ],
    },
  });
}
