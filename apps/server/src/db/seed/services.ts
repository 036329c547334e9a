import { PLATFORM_KEYS, type PlatformKey } from '@agrihub/contract';
import type { Db } from '../client.js';
import { registerServices } from '../schema/index.js';
import { SERVICE_CATALOGUE } from './services-data.js';

/**
 * Each platform's service catalogue. Idempotent: a service already there (platform + slug) is left
 * as it is, so an administrator's edits (availability, prices, target days) survive a re-seed.
 */
export async function seedServices(db: Db, platforms: readonly PlatformKey[] = PLATFORM_KEYS): Promise<void> {
  for (const platform of platforms) {
    const rows = SERVICE_CATALOGUE[platform].map((s, position) => ({
      platform,
      slug: s.slug,
      titleVi: s.title[0],
      titleEn: s.title[1],
      descriptionVi: s.description[0],
      descriptionEn: s.description[1],
      icon: s.icon,
      type: s.type,
      available: true,
      priceFrom: s.priceFrom ?? null,
      priceUnitVi: s.unit?.[0] ?? null,
      priceUnitEn: s.unit?.[1] ?? null,
      pricing: s.pricing ?? [],
      targetDays: s.targetDays,
      formFields: s.formFields ?? [],
      position,
    }));
    await db.insert(registerServices).values(rows).onConflictDoNothing();
  }
}
