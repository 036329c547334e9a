import { translate, type Locale, type MissingItem } from '@agrihub/contract';
import type { SyncErrorDetail } from '../../../db/schema/index.js';

/** One missing item in words (the `saleChannelMissing.*` messages). */
export function missingText(locale: Locale, m: MissingItem): string {
  return translate(locale, `saleChannelMissing.${m.key}`, { need: m.need ?? 0, have: m.have ?? 0 });
}

/** What a product lacks, in words, joined. */
export function missingWords(locale: Locale, missing: MissingItem[]): string {
  return missing.map((m) => missingText(locale, m)).join('; ');
}

/**
 * A failed sync in the reader's language: what the product lacked, or the channel's own message.
 * `legacy` is the text stored before the facts were kept (shown as it was written).
 */
export function syncErrorText(locale: Locale, detail: SyncErrorDetail | null, legacy: string | null): string | null {
  if (!detail) return legacy;
  if ('missing' in detail) {
    return translate(locale, 'saleChannelSyncInvalid', { missing: missingWords(locale, detail.missing) });
  }
  return translate(locale, 'saleChannelSyncFailed', { error: detail.adapter });
}
