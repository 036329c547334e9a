import { z } from 'zod';

/**
 * GS1 EPCIS 2.0 REST binding (gs1/EPCIS, REST Bindings/openapi.yaml) as the portal serves it under
 * `/epcis` (DESIGN §5.7, ADR 040): its limits, versions and query parameters.
 */
export const EPCIS_VERSION = '2.0.0';
export const CBV_VERSION = '2.0.0';
/** At most this many events per captured document (`GS1-EPCIS-Capture-Limit`). */
export const EPCIS_CAPTURE_MAX_EVENTS = 10_000;
/** At most this many bytes per captured document (`GS1-EPCIS-Capture-File-Size-Limit`). */
export const EPCIS_CAPTURE_MAX_BYTES = 10 * 1024 * 1024;
export const EPCIS_PER_PAGE_DEFAULT = 30;
export const EPCIS_PER_PAGE_MAX = 500;
/** The event types the repository holds (`GET /epcis/eventTypes`). */
export const EPCIS_EVENT_TYPES = [
  'ObjectEvent',
  'AggregationEvent',
  'TransactionEvent',
  'TransformationEvent',
  'AssociationEvent',
] as const;
export type EpcisEventType = (typeof EPCIS_EVENT_TYPES)[number];

/** One value of a URI-valued query parameter (a `|`-separated list in the binding). */
const URI_MAX = 500;
const uriList = z
  .string()
  .max(2000, 'epcis_query_value')
  .transform((s) => s.split('|'))
  .refine((l) => l.every((v) => v.length >= 1 && v.length <= URI_MAX && !/\s/.test(v)), 'epcis_query_value');
/** An ISO 8601 date-time with its offset, a real calendar date. */
const instant = z
  .string()
  .max(40, 'epcis_query_time')
  .refine((s) => isEpcisTime(s), 'epcis_query_time')
  .transform((s) => new Date(s));

/** True for an EPCIS time: `YYYY-MM-DDThh:mm:ss[.fff](Z|±hh:mm)` naming a date that exists. */
export function isEpcisTime(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|[+-](\d{2}):(\d{2}))$/.exec(s);
  if (!m) return false;
  const [y, mo, d, h, mi, se] = m.slice(1, 7).map(Number);
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || se > 59) return false;
  if (m[9] !== undefined && (Number(m[9]) > 14 || Number(m[10]) > 59)) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

/** The binding's `perPage`: 1 to EPCIS_PER_PAGE_MAX. */
const perPage = z
  .string()
  .regex(/^\d{1,4}$/, 'epcis_query_per_page')
  .transform(Number)
  .refine((n) => n >= 1 && n <= EPCIS_PER_PAGE_MAX, 'epcis_query_per_page');

/** `GET /epcis/capture`: the caller's capture jobs, newest first, paged like the events. */
export const epcisCapturesQuery = z.strictObject({
  perPage: perPage.optional(),
  nextPageToken: z
    .string()
    .regex(/^\d{1,10}$/, 'epcis_query_page_token')
    .transform(Number)
    .optional(),
});

/** `GET /epcis/events`: the binding's simple query parameters the portal answers; any other is refused. */
export const epcisEventsQuery = z.strictObject({
  eventType: uriList
    .refine((l) => l.every((v) => (EPCIS_EVENT_TYPES as readonly string[]).includes(v)), 'epcis_query_event_type')
    .optional(),
  GE_eventTime: instant.optional(),
  LT_eventTime: instant.optional(),
  EQ_bizStep: uriList.optional(),
  MATCH_anyEPC: uriList.optional(),
  MATCH_anyEPCClass: uriList.optional(),
  EQ_bizLocation: uriList.optional(),
  EQ_transformationID: uriList.optional(),
  perPage: perPage.optional(),
  nextPageToken: z.string().max(400, 'epcis_query_page_token').optional(),
});
export type EpcisEventsQuery = z.infer<typeof epcisEventsQuery>;

export const epcisCaptureParam = z.strictObject({ captureID: z.string().min(1).max(64) });
export const epcisEventParam = z.strictObject({ eventID: z.string().min(1).max(URI_MAX) });
