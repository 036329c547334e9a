import { and, eq } from 'drizzle-orm';
import { registedServicesOf } from '@agrihub/contract';
import type { Db } from '../../db/client.js';
import { registerServices, userRegisterServices } from '../../db/schema/index.js';

/**
 * A user's `registed_services` (DESIGN §5.2): the slugs its producer's requests register it to
 * (contract registedServicesOf: free and requested, or paid and at `paid` or later; never
 * cancelled), plus the slugs kept on the account itself (accounts registered before requests existed).
 * Read on every whoami, so registering multi-channel selling on DTrack opens the product menus
 * as soon as the web refetches whoami, without a new login.
 */
export async function registedServicesFor(
  db: Db,
  user: { platform: string; producerId: number | null; registedServices: string[] },
): Promise<string[]> {
  const requests = user.producerId
    ? await db
        .select({ slug: registerServices.slug, type: registerServices.type, step: userRegisterServices.step })
        .from(userRegisterServices)
        .innerJoin(registerServices, eq(registerServices.id, userRegisterServices.serviceId))
        .where(
          and(eq(userRegisterServices.platform, user.platform), eq(userRegisterServices.producerId, user.producerId)),
        )
        .orderBy(userRegisterServices.id)
    : [];
  return [...new Set([...user.registedServices, ...registedServicesOf(requests)])];
}
