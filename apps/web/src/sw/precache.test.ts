import { describe, expect, it } from 'vitest';
import { entryFiles } from './precache';
import { isAppIconPath, isDiaryPath } from './routes';

describe('the service worker keeps the diary only', () => {
  const manifest = {
    'diary.html': {
      file: 'assets/diary-1.js',
      imports: ['_preact-1.js'],
      dynamicImports: ['src/diary/photo.tsx'],
      css: ['assets/diary-1.css'],
    },
    '_preact-1.js': { file: 'assets/preact-1.js' },
    'src/diary/photo.tsx': { file: 'assets/photo-1.js', imports: ['_preact-1.js'], assets: ['assets/camera-1.svg'] },
    'index.html': { file: 'assets/main-1.js', imports: ['_antd-1.js'], css: ['assets/main-1.css'] },
    '_antd-1.js': { file: 'assets/antd-1.js' },
    'trace.html': { file: 'assets/trace-1.js', imports: ['_preact-1.js'] },
  };

  it("precaches the diary's scripts, lazy chunks, styles and assets, none of another page's own", () => {
    expect([...entryFiles(manifest, 'diary.html')].sort()).toEqual([
      'assets/camera-1.svg',
      'assets/diary-1.css',
      'assets/diary-1.js',
      'assets/photo-1.js',
      'assets/preact-1.js',
    ]);
  });

  it('refuses a build without the diary entry (an empty precache would not open offline)', () => {
    expect(() => entryFiles({ 'index.html': manifest['index.html'] }, 'diary.html')).toThrow(/diary\.html/);
  });

  it('answers the diary pages, never the API, sign-in, uploads, public pages or back office', () => {
    for (const p of ['/diary', '/diary/', '/diary/new', '/diary/plots/12']) expect(isDiaryPath(p), p).toBe(true);
    for (const p of [
      '/diaryx',
      '/',
      '/login',
      '/dashboard',
      '/trace/ABC',
      '/news',
      '/api/v1/diary/context',
      '/admin/diary',
    ])
      expect(isDiaryPath(p), p).toBe(false);
    for (const p of [
      '/icons/dtrack-192.png',
      '/icons/agrihub-maskable-512.png',
      '/brand/foodmap-icon.svg',
      '/manifest.webmanifest',
    ])
      expect(isAppIconPath(p), p).toBe(true);
    for (const p of [
      '/uploads/1.png',
      '/api/v1/diary/entries',
      '/oauth/token',
      '/brand/dtrack-share.png',
      '/icons/../api/x',
    ])
      expect(isAppIconPath(p), p).toBe(false);
  });
});
