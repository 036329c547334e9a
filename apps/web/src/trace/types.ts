/** The public lookup's shape comes from the contract; type-only imports add nothing to the bundle. */
export type { PublicTrace } from '@agrihub/contract/schemas/trace-public';
import type { PublicTrace } from '@agrihub/contract/schemas/trace-public';

export type PublicEvent = PublicTrace['events'][number];
export type PublicCertificate = PublicTrace['certificates'][number];
export type TraceFile = PublicEvent['photos'][number];
