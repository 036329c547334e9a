import { formatPhone } from '@agrihub/contract/phone';
import type { EnumName } from '../lib/enums';
import type { Translate } from '../lib/form-rules';
import type { ActivityRow } from '../lib/history';

/** The subjects whose history the shared panel shows. */
export type HistorySubject =
  | 'batch'
  | 'product'
  | 'producer'
  | 'service_request'
  | 'client_message'
  | 'register_service'
  | 'booking_room'
  | 'user'
  | 'sale_channel_reference'
  | 'sale_channel'
  | 'post'
  | 'page_view'
  | 'producer_oem'
  | 'purchase_order';

/**
 * Per subject: the enum naming its machine's states (a move shows "from → to" with their labels),
 * the enum naming `detail.step`, and the enum naming its actions when not common:activity.actions.
 */
export const HISTORY_SUBJECTS: Record<HistorySubject, { status: EnumName | null; step: EnumName; actions?: EnumName }> =
  {
    batch: { status: 'batchState', step: 'traceStep', actions: 'batchHistoryAction' },
    product: { status: 'productStatus', step: 'traceStep' },
    producer: { status: 'producerStatus', step: 'traceStep' },
    service_request: { status: 'serviceStep', step: 'serviceStep' },
    client_message: { status: 'leadStatus', step: 'traceStep' },
    register_service: { status: null, step: 'traceStep' },
    booking_room: { status: null, step: 'traceStep' },
    user: { status: null, step: 'traceStep', actions: 'userHistoryAction' },
    sale_channel_reference: {
      status: 'saleChannelRegisterStatus',
      step: 'traceStep',
      actions: 'saleChannelHistoryAction',
    },
    sale_channel: { status: null, step: 'traceStep' },
    post: { status: 'postStatus', step: 'traceStep' },
    page_view: { status: 'pageViewStatus', step: 'traceStep' },
    purchase_order: { status: 'purchaseOrderStatus', step: 'traceStep', actions: 'purchaseOrderHistoryAction' },
    producer_oem: { status: null, step: 'traceStep', actions: 'oemHistoryAction' },
  };

type Label = (name: EnumName, value: string) => string;

/** A move's states as the subject's machine names them: "from → to", or the target alone. */
export function moveText(a: Pick<ActivityRow, 'from' | 'to'>, subject: HistorySubject, label: Label): string | null {
  const machine = HISTORY_SUBJECTS[subject].status;
  if (!machine || !a.to) return null;
  const to = label(machine, a.to);
  return a.from && a.from !== a.to ? `${label(machine, a.from)} → ${to}` : to;
}

const MAX_VALUE = 60;

/** A recorded value as the history shows it: yes/no, grouped numbers, text cut short, "—" when empty. */
/** A stored phone number (the only values written `+` and digits). */
const E164 = /^\+\d{8,15}$/;

export function valueText(v: unknown, t: Translate, locale: string): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return t(v ? 'activity.yes' : 'activity.no');
  if (typeof v === 'number') return v.toLocaleString(locale === 'en' ? 'en-US' : 'vi-VN');
  // Phone numbers are stored in E.164 (ADR 023); people read them the Vietnamese way.
  if (typeof v === 'string' && E164.test(v)) return formatPhone(v);
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > MAX_VALUE ? `${s.slice(0, MAX_VALUE - 1)}…` : s;
}

/**
 * A short note from a row: its reason, the stage, the lot, the fields an edit changed (with
 * before → after when recorded in `detail.changes`) and an import's row count.
 */
export function detailText(
  a: ActivityRow,
  t: Translate,
  opts: { stepLabel: (s: string) => string; fieldLabel?: (field: string) => string; locale: string },
): string {
  const parts: string[] = [];
  const { detail } = a;
  const name = (f: string) => opts.fieldLabel?.(f) ?? f;
  const reason = a.note ?? (typeof detail.reason === 'string' ? detail.reason : null);
  if (reason) parts.push(a.action === 'note' ? reason : t('activity.reason', { reason }));
  if (typeof detail.step === 'string') parts.push(opts.stepLabel(detail.step));
  if (typeof detail.lot_code === 'string') parts.push(detail.lot_code);
  // What a row acted on when it is not the subject itself (an OEM's certificate: "HACCP · HC-77 · 31/03/2031").
  if (typeof detail.subject === 'string') parts.push(detail.subject);
  const changes =
    detail.changes && typeof detail.changes === 'object' ? (detail.changes as Record<string, unknown>) : {};
  for (const [field, pair] of Object.entries(changes)) {
    if (!Array.isArray(pair) || pair.length !== 2) continue;
    const [before, after] = pair as [unknown, unknown];
    parts.push(`${name(field)}: ${valueText(before, t, opts.locale)} → ${valueText(after, t, opts.locale)}`);
  }
  if (Array.isArray(detail.fields)) {
    const rest = detail.fields.map(String).filter((f) => !(f in changes));
    if (rest.length) parts.push(t('activity.changed', { fields: rest.map(name).join(', ') }));
  }
  if (typeof detail.rows === 'number') parts.push(t('activity.rows', { count: detail.rows }));
  return parts.join(' · ');
}
