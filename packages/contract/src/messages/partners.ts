/** Messages of the supply chain's partners (ADR 036). */
export const PARTNERS_MESSAGES = {
  vi: {},
  en: {},
} as const;
