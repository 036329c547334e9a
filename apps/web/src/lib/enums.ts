import { useTranslation } from 'react-i18next';
import { APPROVAL_STATUSES, BUSINESS_FIELDS, PRODUCER_TYPES } from '@agrihub/contract/constants';
import { ACTIONS, ROLES, SUBJECTS } from '@agrihub/contract/permissions';
import { USER_HISTORY_ACTIONS } from '@agrihub/contract/schemas/admin-users';
import { PRODUCT_STATUSES } from '@agrihub/contract/schemas/products';
import { TRACE_AUDIT_ACTIONS } from '@agrihub/contract/schemas/traceabilities';
import { BATCH_STATES, TRACE_STEPS } from '@agrihub/contract/trace-steps';
import { SERVICE_REQUEST_STATES } from '@agrihub/contract/workflows';
import { REQUEST_STATUSES } from '@agrihub/contract/schemas/admin-service-requests';
import { SERVICE_UI_GROUPS } from '@agrihub/contract/service-flow';
import { LEAD_STATUSES } from '@agrihub/contract/constants';
import { CLIENT_MESSAGE_TOPICS } from '@agrihub/contract/schemas/client-messages';
import {
  MISSING_REQUIREMENTS,
  REFERENCEABLE_TYPES,
  SALE_CHANNEL_KINDS,
  SALE_CHANNEL_REFERENCE_ACTIONS,
  SALE_CHANNEL_REGISTER_STATUSES,
  SALE_CHANNEL_SYNC_STATUSES,
} from '@agrihub/contract/schemas/sale-channels';
import { PAGE_VIEW_STATUSES, POST_STATUSES } from '@agrihub/contract/schemas/content';
import { CERTIFICATE_VALIDITIES, OEM_HISTORY_ACTIONS } from '@agrihub/contract/schemas/oems';
import {
  PURCHASE_ORDER_HISTORY_ACTIONS,
  PURCHASE_ORDER_SUPPLIER_TYPES,
} from '@agrihub/contract/schemas/purchase-orders';
import { PURCHASE_ORDER_STATUSES } from '@agrihub/contract/constants';
import { SHIPMENT_STATUSES } from '@agrihub/contract/schemas/chain';

/**
 * The contract's enums the web labels, each a group of the `enums` namespace
 * (public/locales/{vi,en}/enums.json). lib/enums.test.ts checks every value has a label in both
 * languages and no label is left for a value the contract dropped.
 */
export const ENUMS = {
  producerStatus: APPROVAL_STATUSES,
  producerType: PRODUCER_TYPES,
  businessField: BUSINESS_FIELDS,
  productStatus: PRODUCT_STATUSES,
  batchState: BATCH_STATES,
  traceStep: TRACE_STEPS,
  batchHistoryAction: TRACE_AUDIT_ACTIONS,
  role: ROLES,
  /** A row of the ability grid (what an ability is about). */
  abilitySubject: SUBJECTS,
  /** A column of the ability grid (read, create, update, manage). */
  abilityAction: ACTIONS,
  /** What an account's history records (created, edited, deactivated …). */
  userHistoryAction: USER_HISTORY_ACTIONS,
  /** A service request's step, both flows (cancelled included). */
  serviceStep: SERVICE_REQUEST_STATES,
  /** A service request's status, derived from its step. */
  serviceRequestStatus: REQUEST_STATUSES,
  /** The stepper's UI groups (spec §4). */
  serviceUiGroup: SERVICE_UI_GROUPS,
  /** A client message's topic (the contact form). */
  clientMessageTopic: CLIENT_MESSAGE_TOPICS,
  /** A client message's (lead's) status. */
  leadStatus: LEAD_STATUSES,
  /** A sales channel's kind (marketplace, social commerce, the platform's own store). */
  saleChannelKind: SALE_CHANNEL_KINDS,
  /** A sales channel registration's approval status. */
  saleChannelRegisterStatus: SALE_CHANNEL_REGISTER_STATUSES,
  /** A sales channel registration's sync status. */
  saleChannelSyncStatus: SALE_CHANNEL_SYNC_STATUSES,
  /** What is registered to a channel: the producer's shop or a product. */
  saleChannelReferenceableType: REFERENCEABLE_TYPES,
  /** What a product lacks for a channel ({{need}} / {{have}} for counts). */
  saleChannelMissing: MISSING_REQUIREMENTS,
  /** What a sales channel registration's history records (register, resubmit, approve, reject, close). */
  saleChannelHistoryAction: SALE_CHANNEL_REFERENCE_ACTIONS,
  /** A post's status (a scheduled post reads as published once its time has come). */
  postStatus: POST_STATUSES,
  /** A page view's status. */
  pageViewStatus: PAGE_VIEW_STATUSES,
  /** A certificate's validity (an OEM's): valid, expiring within 60 days, expired. */
  certificateValidity: CERTIFICATE_VALIDITIES,
  /** What an OEM producer's history records. */
  oemHistoryAction: OEM_HISTORY_ACTIONS,
  /** A purchase order's status (DESIGN §5.5). */
  purchaseOrderStatus: PURCHASE_ORDER_STATUSES,
  /** Who a purchase order goes to: an OEM or a producer of the platform. */
  purchaseOrderSupplierType: PURCHASE_ORDER_SUPPLIER_TYPES,
  /** What a purchase order's history records. */
  purchaseOrderHistoryAction: PURCHASE_ORDER_HISTORY_ACTIONS,
  /** A shipment of the supply chain: sent, received, refused, cancelled (ADR 036). */
  shipmentStatus: SHIPMENT_STATUSES,
} as const;
export type EnumName = keyof typeof ENUMS;
export type EnumValue<N extends EnumName> = (typeof ENUMS)[N][number];

/** `label(name, value)`: the value's label in the UI language; an unknown value shows as sent. */
export function useEnumLabel() {
  const { t } = useTranslation('enums');
  return <N extends EnumName>(name: N, value: EnumValue<N> | (string & {})): string =>
    t(`${name}.${value}`, { defaultValue: value });
}

/** Select options over every value of one enum, labelled. */
export function useEnumOptions<N extends EnumName>(name: N): { value: EnumValue<N>; label: string }[] {
  const label = useEnumLabel();
  return (ENUMS[name] as readonly EnumValue<N>[]).map((value) => ({ value, label: label(name, value) }));
}
