import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fp from 'fastify-plugin';

/**
 * Where a user's documents are kept (POST /api/v1/admin/users/{id}/create-gdrive-folder, ADR 018).
 * The local driver (the default) makes a folder on the server's disk; a cloud drive (Google Drive,
 * OneDrive, an S3 prefix) implements the same two methods and is decorated as `app.folders` instead.
 */
export interface FolderDriver {
  /** Short name, kept with the folder (`local`, `gdrive`, …). */
  readonly kind: string;
  /**
   * Makes the folder, or finds it when it already exists (idempotent: a retry after a crash never
   * makes a second one). `key` is stable per owner (`dtrack/users/42`); `title` is what people see.
   */
  ensureFolder(input: FolderRequest): Promise<FolderRef>;
  /** Whether the folder is still there (a link to a folder someone removed is made again). */
  exists(id: string): Promise<boolean>;
}

export interface FolderRequest {
  key: string;
  title: string;
}

export interface FolderRef {
  /** The driver's id of the folder (local: its path under the root; Drive: the file id). */
  id: string;
  /** The link the back office shows (local: a file:// URL of the folder; Drive: its webViewLink). */
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    folders: FolderDriver;
  }
}

/** Folder keys are made by the server; still, nothing may climb out of the root. */
const SAFE_KEY = /^[a-z0-9][a-z0-9/_-]{0,200}$/;

/**
 * Folders under `root` (DATA_DIR/documents): private to the server (never under /uploads, which is
 * public), with a README naming whose folder it is. The link is the folder's file:// URL, for an
 * office whose data folder is a shared drive.
 */
export function localFolderDriver(root: string): FolderDriver {
  const full = (key: string) => {
    if (!SAFE_KEY.test(key) || key.split('/').includes('..')) throw new Error('bad folder key');
    const p = path.resolve(root, key);
    if (!p.startsWith(path.resolve(root) + path.sep)) throw new Error('bad folder key');
    return p;
  };
  return {
    kind: 'local',
    async ensureFolder({ key, title }) {
      const dir = full(key);
      await fs.mkdir(dir, { recursive: true });
      // The README is written once; `wx` leaves an existing one (and whatever was put beside it) alone.
      await fs
        .writeFile(path.join(dir, 'README.txt'), `${title}\n`, { flag: 'wx' })
        .catch((err: NodeJS.ErrnoException) => {
          if (err.code !== 'EEXIST') throw err;
        });
      return { id: key, url: pathToFileURL(dir).href };
    },
    async exists(id) {
      try {
        return (await fs.stat(full(id))).isDirectory();
      } catch {
        return false;
      }
    },
  };
}

/** `app.folders`: the local driver under DATA_DIR/documents. */
export default fp(async function folders(app) {
  app.decorate('folders', localFolderDriver(path.join(app.config.dataDir, 'documents')));
});
