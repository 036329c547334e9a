import type { Locale } from '@agrihub/contract/platforms';
import type { SaleChannel } from '@agrihub/contract/schemas/sale-channels';

/** A channel's description in the UI language (English falls back to the Vietnamese text when it has none). */
export function channelDescription(
  channel: Pick<SaleChannel, 'description' | 'description_en'>,
  locale: Locale,
): string {
  if (locale === 'en' && channel.description_en.trim()) return channel.description_en;
  return channel.description;
}

/** The channel picked on the page (`?channel=<id>`), if it is one of the listed channels; else the first. */
export function pickedChannel<C extends { id: number }>(channels: readonly C[], param: string | null): C | undefined {
  const id = Number(param);
  return channels.find((c) => c.id === id) ?? channels[0];
}
