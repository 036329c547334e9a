import fs from 'node:fs';
import path from 'node:path';

/**
 * The server package's folder (apps/server): the first folder up from this module holding the
 * migrations, so the same code finds it from src/config (tsx) and from dist/ (the built server).
 */
function serverRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'drizzle', 'meta', '_journal.json'))) return dir;
    if (dir === path.dirname(dir)) throw new Error(`no drizzle/ folder above ${from}`);
  }
}

export const SERVER_ROOT = serverRoot(import.meta.dirname);
/** The repository's root (apps/web/dist is found from it). */
export const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');
