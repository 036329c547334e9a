import type { MissingItem, SaleChannelKind } from '@agrihub/contract';
import type { SaleChannelSnapshot } from '../../../db/schema/index.js';

/** What an adapter is told about the registration it publishes or withdraws. */
export interface AdapterReference {
  id: number;
  platform: string;
  channel: { id: number; code: string; kind: SaleChannelKind };
  productId: number;
}

/**
 * How a sales channel receives the products registered to it (DESIGN §5.3: sync publishes, never
 * scrapes). `check` adds what the channel's listing format itself needs on top of the channel's
 * requirements; `publish` hands over the snapshot the sync stored; `withdraw` takes a listing down
 * (a rejected or closed registration, a product that no longer qualifies). An adapter that throws
 * fails the sync: the reference is marked error with the message, and nothing is stored as synced.
 */
export interface ChannelAdapter {
  /** A short name for logs and the ADR ('feed', later e.g. 'shopee_open_api'). */
  readonly name: string;
  check(snapshot: SaleChannelSnapshot): MissingItem[];
  publish(ref: AdapterReference, snapshot: SaleChannelSnapshot): Promise<void>;
  withdraw(ref: AdapterReference): Promise<void>;
}

/**
 * The built-in adapter: the channel imports the platform's product feed (sync/feed-routes.ts), which
 * is read from the snapshots stored on the references. Publishing is storing the snapshot and
 * withdrawing is the registration leaving the listed states, so both have nothing more to do here.
 * The feed format needs a price and an image (Google Merchant: price and image_link are required).
 */
export const feedAdapter: ChannelAdapter = {
  name: 'feed',
  check(snapshot) {
    const out: MissingItem[] = [];
    if (!snapshot.image_link) out.push({ key: 'too_few_images', need: 1, have: 0 });
    if (!(snapshot.price_vnd > 0)) out.push({ key: 'price_missing' });
    return out;
  },
  async publish() {},
  async withdraw() {},
};

/** Adapters by channel code (one marketplace's API) and by channel kind; the feed otherwise. */
const byCode = new Map<string, ChannelAdapter>();
const byKind = new Map<SaleChannelKind, ChannelAdapter>();

/**
 * Registers an adapter for every channel with this code (e.g. 'shopee' once its Open API is wired)
 * or of this kind. Channels without one keep the feed.
 */
export function registerChannelAdapter(
  key: { code: string } | { kind: SaleChannelKind },
  adapter: ChannelAdapter,
): void {
  if ('code' in key) byCode.set(key.code, adapter);
  else byKind.set(key.kind, adapter);
}

/** The adapter of a channel: its code's, else its kind's, else the feed. */
export function adapterFor(channel: { code: string; kind: SaleChannelKind }): ChannelAdapter {
  return byCode.get(channel.code) ?? byKind.get(channel.kind) ?? feedAdapter;
}
