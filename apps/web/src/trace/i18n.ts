import { TRACE_STEP_LABELS, type TraceStep } from '@agrihub/contract/trace-steps';
import { detectLocale, formatters, translator } from '../light/i18n';
import en from './locales/en.json';
import vi from './locales/vi.json';

/**
 * The public trace page's dictionaries (the helpers are the light entries' shared ones): the
 * language comes from the browser (Vietnamese unless the browser prefers something else), on
 * every platform — a consumer abroad scans the same QR code.
 */
export type TraceLocale = 'vi' | 'en';
export type TraceKey = keyof typeof vi;

export { detectLocale };

export const locale: TraceLocale = detectLocale();
export const t = translator<Record<TraceKey, string>>({ vi, en }, locale);

/** Stage labels live once, in the contract (the server's EPCIS export uses the same steps). */
export function stepLabel(step: string): string {
  return (TRACE_STEP_LABELS[step as TraceStep] ?? TRACE_STEP_LABELS.other)[locale];
}

export const { formatDate, formatDateTime, formatNumber } = formatters(locale);

/** The footer's contact line labels. */
export const contactLabels = () => ({
  hotline: t('contactHotline'),
  email: t('contactEmail'),
  address: t('contactAddress'),
  hours: t('contactHours'),
});
