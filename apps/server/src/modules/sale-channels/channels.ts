import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { PlatformKey, SaleChannel } from '@agrihub/contract';
import type { Db, Tx } from '../../db/client.js';
import { saleChannelReferences, saleChannels } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/errors.js';

export type ChannelRow = typeof saleChannels.$inferSelect;
export type OwnRegistration = NonNullable<SaleChannel['registration']>;

/** The platform's channels in display order (inactive ones too unless `activeOnly`). */
export function listChannels(
  db: Db | Tx,
  platform: PlatformKey,
  opts: { activeOnly?: boolean } = {},
): Promise<ChannelRow[]> {
  return db
    .select()
    .from(saleChannels)
    .where(and(eq(saleChannels.platform, platform), opts.activeOnly ? eq(saleChannels.active, true) : undefined))
    .orderBy(asc(saleChannels.position), asc(saleChannels.id));
}

/** One channel of the platform; 404 saleChannelNotFound for another platform's or an unknown id. */
export async function findChannel(db: Db | Tx, platform: PlatformKey, id: number): Promise<ChannelRow> {
  const [row] = await db
    .select()
    .from(saleChannels)
    .where(and(eq(saleChannels.id, id), eq(saleChannels.platform, platform)))
    .limit(1);
  if (!row) throw notFound('saleChannelNotFound');
  return row;
}

/** 409 saleChannelInactive: a paused channel takes no registration (nor resubmission). */
export function assertChannelActive(channel: ChannelRow): void {
  if (!channel.active) throw new AppError(409, 'saleChannelInactive', { channel: channel.name });
}

/** 409 saleChannelSyncPaused: nothing is published to a paused channel (its feed is off too). */
export function assertChannelSyncable(channel: ChannelRow): void {
  if (!channel.active) throw new AppError(409, 'saleChannelSyncPaused', { channel: channel.name });
}

/** The producer's own registrations (the producer itself, not its products) per channel id. */
export async function ownRegistrations(
  db: Db | Tx,
  producerId: number,
  channelIds: number[],
): Promise<Map<number, OwnRegistration>> {
  if (!channelIds.length) return new Map();
  const rows = await db
    .select({
      id: saleChannelReferences.id,
      channelId: saleChannelReferences.channelId,
      registerStatus: saleChannelReferences.registerStatus,
      reason: saleChannelReferences.reason,
    })
    .from(saleChannelReferences)
    .where(
      and(
        eq(saleChannelReferences.producerId, producerId),
        isNull(saleChannelReferences.productId),
        inArray(saleChannelReferences.channelId, channelIds),
      ),
    );
  return new Map(rows.map((r) => [r.channelId, { id: r.id, register_status: r.registerStatus, reason: r.reason }]));
}

/** A channel as producers read it (no feed token); `registration` when the reader is a producer. */
export function presentChannel(row: ChannelRow, registration?: OwnRegistration | null): SaleChannel {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    kind: row.kind,
    logo_url: row.logoUrl,
    website: row.website,
    description: row.description,
    description_en: row.descriptionEn,
    requirements: row.requirements,
    active: row.active,
    ...(registration !== undefined ? { registration } : {}),
  };
}
