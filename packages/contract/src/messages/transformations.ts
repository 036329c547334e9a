/** Messages of the supply chain's transformations (ADR 036). */
export const TRANSFORMATIONS_MESSAGES = {
  vi: {},
  en: {},
} as const;
