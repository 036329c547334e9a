import type { Locale } from '@agrihub/contract/platforms';
import type { RegisterService } from '@agrihub/contract/schemas/services';
import { formatMoney } from '../../../lib/formatters';

/** What a card says about the price: free, "from" an amount (with its unit), or price on request. */
export type PriceLabel =
  | { kind: 'free' }
  | { kind: 'from'; amount: string; unit: string | null }
  | { kind: 'quote' };

type Priced = Pick<RegisterService, 'type' | 'price_from' | 'price_unit_vi' | 'price_unit_en'>;

/** A free service (type 0) or a zero price is free; no price means the price is quoted on request. */
export function priceLabel(service: Priced, locale: Locale): PriceLabel {
  if (service.type === 0 || service.price_from === 0) return { kind: 'free' };
  if (service.price_from == null) return { kind: 'quote' };
  const unit = (locale === 'en' ? service.price_unit_en : service.price_unit_vi)?.trim() || null;
  return { kind: 'from', amount: formatMoney(service.price_from), unit };
}

/** One pricing row's price: the amount in VND, or null when quoted on request. */
export function rowPrice(price: number | null): string | null {
  return price == null ? null : formatMoney(price);
}

/** A catalogue text in the reader's language, the Vietnamese one when the English is blank. */
export function localised(locale: Locale, vi: string, en: string | null | undefined): string {
  return locale === 'en' && en?.trim() ? en : vi;
}
