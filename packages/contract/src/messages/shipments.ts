/** Messages of the supply chain's shipments (ADR 036). */
export const SHIPMENTS_MESSAGES = {
  vi: {},
  en: {},
} as const;
