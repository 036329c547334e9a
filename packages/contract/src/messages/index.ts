import type { Locale } from '../platforms.js';
import { ACCOUNT_MESSAGES } from './accounts.js';
import { CORE_MESSAGES } from './core.js';
import { EXPORT_MESSAGES } from './exports.js';
import { NOTIFICATION_MESSAGES } from './notifications.js';
import { REGISTER_DEPARTMENT_MESSAGES } from './register-department.js';
import { PRODUCT_MESSAGES } from './products.js';
import { PRODUCER_MESSAGES } from './producers.js';
import { PUBLICATION_MESSAGES } from './publication.js';
import { TRACEABILITY_MESSAGES } from './traceability.js';
import { LOCATION_MESSAGES } from './locations.js';
import { CHAIN_MESSAGES } from './chain.js';
import { PARTNERS_MESSAGES } from './partners.js';
import { API_KEY_MESSAGES } from './api-keys.js';
import { SHIPMENTS_MESSAGES } from './shipments.js';
import { TRANSFORMATIONS_MESSAGES } from './transformations.js';
import { TRACE_MESSAGES } from './trace.js';
import { WORKFLOW_MESSAGES } from './workflows.js';
import { ADMIN_SERVICE_REQUEST_MESSAGES } from './admin-service-requests.js';
import { SERVICE_MESSAGES } from './services.js';
import { SERVICE_REQUEST_MESSAGES } from './service-requests.js';
import { BOOKING_ROOM_MESSAGES } from './booking-rooms.js';
import { SERVICE_FORM_MESSAGES } from './service-form.js';
import { CLIENT_MESSAGE_MESSAGES } from './client-messages.js';
import { SALE_CHANNEL_MESSAGES } from './sale-channels.js';
import { CONTENT_MESSAGES } from './content.js';
import { ADMIN_USER_MESSAGES } from './admin-users.js';
import { PURCHASE_ORDER_MESSAGES } from './purchase-orders.js';
import { OEM_MESSAGES } from './oems.js';
import { SETTING_MESSAGES } from './settings.js';
import { DIGITAL_LINK_MESSAGES } from './digital-link.js';
import { FSMA_MESSAGES } from './fsma.js';
import { EUDR_MESSAGES } from './eudr.js';
import { EPCIS_MESSAGES } from './epcis.js';
import { DIARY_MESSAGES } from './diary.js';

/**
 * Messages the server puts in error envelopes and the web shows under form fields.
 * Zod schemas in this package use these keys as their custom messages, so one key reads
 * the same in the API answer and in the form. `{{name}}` is interpolated.
 * Each area keeps its own file here; add it to both lists below.
 */
export const MESSAGES: Record<Locale, Record<string, string>> = {
  vi: {
    ...CORE_MESSAGES.vi,
    ...ACCOUNT_MESSAGES.vi,
    ...TRACEABILITY_MESSAGES.vi,
    ...LOCATION_MESSAGES.vi,
    ...CHAIN_MESSAGES.vi,
    ...PARTNERS_MESSAGES.vi,
    ...API_KEY_MESSAGES.vi,
    ...SHIPMENTS_MESSAGES.vi,
    ...TRANSFORMATIONS_MESSAGES.vi,
    ...TRACE_MESSAGES.vi,
    ...PRODUCT_MESSAGES.vi,
    ...PRODUCER_MESSAGES.vi,
    ...WORKFLOW_MESSAGES.vi,
    ...PUBLICATION_MESSAGES.vi,
    ...EXPORT_MESSAGES.vi,
    ...NOTIFICATION_MESSAGES.vi,
    ...REGISTER_DEPARTMENT_MESSAGES.vi,
    ...ADMIN_SERVICE_REQUEST_MESSAGES.vi,
    ...SERVICE_MESSAGES.vi,
    ...SERVICE_REQUEST_MESSAGES.vi,
    ...BOOKING_ROOM_MESSAGES.vi,
    ...SERVICE_FORM_MESSAGES.vi,
    ...CLIENT_MESSAGE_MESSAGES.vi,
    ...SALE_CHANNEL_MESSAGES.vi,
    ...CONTENT_MESSAGES.vi,
    ...ADMIN_USER_MESSAGES.vi,
    ...PURCHASE_ORDER_MESSAGES.vi,
    ...OEM_MESSAGES.vi,
    ...SETTING_MESSAGES.vi,
    ...DIGITAL_LINK_MESSAGES.vi,
    ...FSMA_MESSAGES.vi,
    ...EUDR_MESSAGES.vi,
    ...EPCIS_MESSAGES.vi,
    ...DIARY_MESSAGES.vi,
  },
  en: {
    ...CORE_MESSAGES.en,
    ...ACCOUNT_MESSAGES.en,
    ...TRACEABILITY_MESSAGES.en,
    ...LOCATION_MESSAGES.en,
    ...CHAIN_MESSAGES.en,
    ...PARTNERS_MESSAGES.en,
    ...API_KEY_MESSAGES.en,
    ...SHIPMENTS_MESSAGES.en,
    ...TRANSFORMATIONS_MESSAGES.en,
    ...TRACE_MESSAGES.en,
    ...PRODUCT_MESSAGES.en,
    ...PRODUCER_MESSAGES.en,
    ...WORKFLOW_MESSAGES.en,
    ...PUBLICATION_MESSAGES.en,
    ...EXPORT_MESSAGES.en,
    ...NOTIFICATION_MESSAGES.en,
    ...REGISTER_DEPARTMENT_MESSAGES.en,
    ...ADMIN_SERVICE_REQUEST_MESSAGES.en,
    ...SERVICE_MESSAGES.en,
    ...SERVICE_REQUEST_MESSAGES.en,
    ...BOOKING_ROOM_MESSAGES.en,
    ...SERVICE_FORM_MESSAGES.en,
    ...CLIENT_MESSAGE_MESSAGES.en,
    ...SALE_CHANNEL_MESSAGES.en,
    ...CONTENT_MESSAGES.en,
    ...ADMIN_USER_MESSAGES.en,
    ...PURCHASE_ORDER_MESSAGES.en,
    ...OEM_MESSAGES.en,
    ...SETTING_MESSAGES.en,
    ...DIGITAL_LINK_MESSAGES.en,
    ...FSMA_MESSAGES.en,
    ...EUDR_MESSAGES.en,
    ...EPCIS_MESSAGES.en,
    ...DIARY_MESSAGES.en,
  },
};

export function isMessageKey(key: string): boolean {
  return Object.prototype.hasOwnProperty.call(MESSAGES.vi, key);
}

/** Translate a message key with `{{name}}` interpolation; unknown keys are returned as they are. */
export function translate(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const template = MESSAGES[locale][key] ?? MESSAGES.vi[key] ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
