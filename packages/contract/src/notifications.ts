import { translate } from './messages/index.js';
import type { Locale } from './platforms.js';

/** The domain events that notify someone (server lib/domain-events.ts), one notification type each. */
export const NOTIFICATION_TYPES = [
  'producer.approved',
  'producer.closed',
  'product.approved',
  'product.rejected',
  'batch.recalled',
  // A recall through the supply chain (ADR 036 §7): each producer holding an affected lot hears of it once.
  'chain.recalled',
  'user.password_changed',
  // A user manager changed the account (what changed, never a value that opens it), deactivated
  // or reactivated it (ADR 032): the account's holder always hears of it.
  'user.account_updated',
  'user.account_deactivated',
  'user.account_reactivated',
  // Service requests: the producer hears of each step (with the visible reason when there is
  // one) and of each visible note; the assignee hears of each producer reply.
  'service_request.step_changed',
  'service_request.step_changed_with_reason',
  'service_request.note_added',
  'service_request.producer_replied',
  // The staff member a request is assigned to (not when assigning oneself).
  'service_request.assigned',
  // A new department registration (Foodmap): the platform's admins and customer support.
  'department_registration.received',
  // A visitor's contact form (a lead): the platform's admins and customer support hear of it.
  'client_message.received',
  // Sales channels: the producer hears of the back office's decisions on its registrations
  // (approved; rejected or closed with the reason).
  'sale_channel_reference.approved',
  'sale_channel_reference.rejected',
  'sale_channel_reference.closed',
  // An OEM producer's certificate expires in CERTIFICATE_NOTICE_DAYS: the platform's staff who read OEMs (once per certificate).
  'producer_oem.certificate_expiring',
  // Purchase orders: the order's creator hears of its approval (and whether it was mailed to the
  // supplier) and of its cancellation with the reason.
  'purchase_order.approved',
  'purchase_order.cancelled',
  // Shipments of the supply chain (ADR 036): the receiving producer hears of an incoming shipment
  // and of its cancellation; the sender of its receipt or refusal.
  'shipment.incoming',
  'shipment.cancelled',
  'shipment.received',
  'shipment.refused',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * Title and body of a notification in `locale`, from its type and stored params (names,
 * platform, the producer-visible reason). Rendered when read, so a user who switches language
 * reads the older notifications in the new one too.
 */
export function renderNotification(
  locale: Locale,
  type: string,
  params: Record<string, string>,
): { title: string; body: string } {
  const key = `notification_${type.replace('.', '_')}`;
  return { title: translate(locale, `${key}_title`, params), body: translate(locale, `${key}_body`, params) };
}
