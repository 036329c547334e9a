import { formatVietnamDate, type DiaryEntryType } from '@agrihub/contract';
import type { Tx } from '../client.js';
import { activity, diaryEntries, traceabilities } from '../schema/index.js';
import { publicCode } from '../../lib/secrets.js';
import { addEntryEvent, attachSeason, requestHash } from '../../modules/diary/service.js';

interface Owner {
  userId: number;
  producerId: number;
}
interface Place {
  id: number;
}

const DAY = 86_400_000;
/** The demo's harvest lot made from the diary (farm 3's plot). */
export const DIARY_DEMO_LOT = 'QT-2526-03';

/**
 * The farm diary demo (ADR 044) on the coffee chain's farms, as the phone would have sent it:
 * - farm 1's plot: fertilising, irrigation, and a spraying two days ago with a 7-day pre-harvest
 *   interval, so the diary shows a "safe to harvest from" date still to come;
 * - farm 3's plot: the season after its first harvest (fertilising, a spraying with a 14-day
 *   interval long past, irrigation) and a harvest three days ago that made a new draft lot, which
 *   took the season's entries as its events.
 */
export async function seedDiary(
  tx: Tx,
  platform: string,
  now: Date,
  farm1: { owner: Owner; plot: Place },
  farm3: { owner: Owner; plot: Place; productId: number },
): Promise<void> {
  let n = 0;
  const entry = async (
    owner: Owner,
    plot: Place,
    type: DiaryEntryType,
    daysAgo: number,
    time: string,
    details: Record<string, unknown>,
    notes: string | null = null,
  ) => {
    const occurredAt = new Date(`${formatVietnamDate(now.getTime() - daysAgo * DAY)}T${time}:00+07:00`);
    const key = `demo-diary-${platform}-${String(++n).padStart(4, '0')}`;
    const body = {
      idempotency_key: key,
      type,
      occurred_at: occurredAt.toISOString(),
      location_id: plot.id,
      traceability_id: null,
      details,
      notes,
      photo_ids: [],
    };
    const [row] = await tx
      .insert(diaryEntries)
      .values({
        platform,
        producerId: owner.producerId,
        userId: owner.userId,
        idempotencyKey: key,
        requestHash: requestHash(body),
        type,
        occurredAt,
        locationId: plot.id,
        details,
        notes,
        createdAt: occurredAt,
      })
      .returning();
    return row;
  };

  const f1 = farm1;
  await entry(f1.owner, f1.plot, 'fertilising', 18, '07:00', {
    product: 'Phân NPK 16-16-8 Đầu Trâu',
    amount: 150,
    unit: 'kg',
  });
  await entry(f1.owner, f1.plot, 'irrigation', 10, '06:30', { amount: 60, unit: 'm3', duration_minutes: 240 });
  await entry(
    f1.owner,
    f1.plot,
    'spraying',
    2,
    '16:30',
    { product: 'Anvil 5SC', active_ingredient: 'Hexaconazole', dose: '20 ml/16 l', phi_days: 7 },
    'Phun phòng bệnh gỉ sắt trên lá, trời lặng gió.',
  );

  const f3 = farm3;
  await entry(f3.owner, f3.plot, 'fertilising', 40, '07:00', {
    product: 'Phân hữu cơ vi sinh Sông Gianh',
    amount: 500,
    unit: 'kg',
  });
  await entry(f3.owner, f3.plot, 'spraying', 30, '15:45', {
    product: 'Ridomil Gold 68WG',
    active_ingredient: 'Metalaxyl-M, Mancozeb',
    dose: '50 g/16 l',
    phi_days: 14,
  });
  await entry(f3.owner, f3.plot, 'irrigation', 15, '06:00', { amount: 45, unit: 'm3', duration_minutes: 180 });
  const harvest = await entry(f3.owner, f3.plot, 'harvesting', 3, '07:30', {
    quantity: 1200,
    unit: 'Kg',
    lot: { product_id: f3.productId, lot_code: DIARY_DEMO_LOT },
  });
  // What POST /diary/entries does for a harvest into a new lot: the draft lot, its history, the
  // plot's season attached, then the harvest's own event.
  const [lot] = await tx
    .insert(traceabilities)
    .values({
      platform,
      producerId: f3.owner.producerId,
      productId: f3.productId,
      lotCode: DIARY_DEMO_LOT,
      publicCode: publicCode(),
      productionDate: formatVietnamDate(harvest.occurredAt),
      quantity: 1200,
      unit: 'Kg',
      status: 'draft',
      createdAt: harvest.occurredAt,
      updatedAt: harvest.occurredAt,
    })
    .returning();
  await tx.insert(activity).values({
    subjectType: 'traceability',
    subjectId: lot.id,
    platform,
    actorId: f3.owner.userId,
    action: 'create',
    diff: { lot_code: DIARY_DEMO_LOT, diary_entry_id: harvest.id, seed: true },
    createdAt: harvest.occurredAt,
  });
  await attachSeason(tx, { platform, producerId: f3.owner.producerId }, lot, harvest, f3.owner.userId);
  await addEntryEvent(tx, lot, harvest, f3.owner.userId);
}
