import type { PlatformKey } from '@agrihub/contract';
import type { Db } from '../src/db/client.js';
import { buildUser, type Built } from './factories.js';

/** Who the content tests (posts, categories, FAQs, page views) act as. */
export interface ContentCast {
  /** Role admin of `platform`. */
  admin: Built;
  /** Role admin of `other`: sees nothing of `platform`. */
  otherAdmin: Built;
  /** Support with read on posts only: reads the back office's lists, changes nothing. */
  reader: Built;
  /** Support (producers and products read, messages) without any post ability: the content back office is closed to it. */
  support: Built;
}

export async function buildContentCast(
  db: Db,
  platform: PlatformKey,
  other: PlatformKey,
  opts: { adminName?: string } = {},
): Promise<ContentCast> {
  return {
    admin: await buildUser(db, { platform, roles: ['admin'], ...(opts.adminName ? { name: opts.adminName } : {}) }),
    otherAdmin: await buildUser(db, { platform: other, roles: ['admin'] }),
    reader: await buildUser(db, {
      platform,
      roles: ['customer_support'],
      abilities: [{ action: 'read', subject: 'post' }],
    }),
    support: await buildUser(db, {
      platform,
      roles: ['customer_support'],
      abilities: [
        { action: 'read', subject: 'producer' },
        { action: 'read', subject: 'product' },
        { action: 'manage', subject: 'message' },
      ],
    }),
  };
}
