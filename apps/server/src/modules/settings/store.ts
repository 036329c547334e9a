import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { PlatformKey, PlatformSetting, PublicContact } from '@agrihub/contract';
import type { Db } from '../../db/client.js';
import { platformSettings } from '../../db/schema/index.js';
import { formatPhone } from '@agrihub/contract/phone';

export type PlatformSettingRow = typeof platformSettings.$inferSelect;

/**
 * How long a node keeps a platform's settings before reading them again: the safety net; a save on
 * any node drops them on every node at once (plugins/cluster.ts).
 */
const TTL_MS = 30_000;

interface Cached {
  row: PlatformSettingRow | null;
  at: number;
}

/**
 * One cache per app (tests build many), keyed by its database handle: the same object in every
 * plugin scope, where the scopes' instances differ.
 */
const caches = new WeakMap<object, Map<PlatformKey, Cached | Promise<PlatformSettingRow | null>>>();

function cacheOf(app: FastifyInstance) {
  let cache = caches.get(app.db);
  if (!cache) {
    cache = new Map();
    caches.set(app.db, cache);
  }
  return cache;
}

export async function readPlatformSetting(db: Db, platform: PlatformKey): Promise<PlatformSettingRow | null> {
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.platform, platform));
  return row ?? null;
}

/**
 * A platform's settings as public pages and mails use them: read once per TTL_MS per node (every
 * public page asks), concurrent readers sharing one query; a save on this node is seen at once.
 */
export async function platformSettingOf(
  app: FastifyInstance,
  platform: PlatformKey,
): Promise<PlatformSettingRow | null> {
  const cache = cacheOf(app);
  const hit = cache.get(platform);
  if (hit instanceof Promise) return hit;
  if (hit && Date.now() - hit.at < TTL_MS) return hit.row;
  const loading = readPlatformSetting(app.db, platform).then(
    (row) => {
      cache.set(platform, { row, at: Date.now() });
      return row;
    },
    (err: unknown) => {
      cache.delete(platform);
      throw err;
    },
  );
  cache.set(platform, loading);
  return loading;
}

/**
 * After a save (here, or told by another node): the next reader on this node reads the new row.
 * Applied through the cluster bus (`app.cluster.apply`), which the settings routes wire to this.
 */
export function forgetPlatformSetting(app: FastifyInstance, platform: PlatformKey): void {
  cacheOf(app).delete(platform);
}

/** Notices may have been missed (the cluster bus lost its connection): read every platform again. */
export function forgetPlatformSettings(app: FastifyInstance): void {
  cacheOf(app).clear();
}

export function presentPlatformSetting(row: PlatformSettingRow | null): PlatformSetting {
  return {
    ...presentContact(row),
    ga_measurement_id: row?.gaMeasurementId ?? null,
    facebook_page: row?.facebookPage ?? null,
    zalo_oa_id: row?.zaloOaId ?? null,
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

export function presentContact(row: PlatformSettingRow | null): PublicContact {
  return {
    hotline: row?.hotline ?? null,
    hotline_display: row?.hotline ? formatPhone(row.hotline) : null,
    email: row?.email ?? null,
    address: row?.address ?? null,
    working_hours: row?.workingHours ?? null,
  };
}
