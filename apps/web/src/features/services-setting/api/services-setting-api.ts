import type {
  PricingImportProblem,
  RegisterService,
  ServiceUpdateBody,
} from '@agrihub/contract/schemas/services';
import { api } from '../../../lib/api';
import { historyRequest, toHistoryPage, type HistoryArgs, type HistoryPage } from '../../../lib/history';
import type { SessionToken } from '../../../lib/session-actions';
import { currentLocale } from '../../../lib/i18n';
import { platform } from '../../../lib/platform';
import type { Envelope } from '../../../lib/session-api';

const tagged = api.enhanceEndpoints({ addTagTypes: ['ServiceCatalogue'] });

/** The platform's catalogue as the back office edits it (/api/v1/admin/register_services). */
export const servicesSettingApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    adminServiceCatalogue: build.query<RegisterService[], void>({
      query: () => 'api/v1/register_services',
      transformResponse: (a: Envelope<{ register_services: RegisterService[] }>) => a.data.register_services,
      providesTags: ['ServiceCatalogue'],
    }),
    updateCatalogueService: build.mutation<RegisterService, { id: number; body: ServiceUpdateBody }>({
      query: ({ id, body }) => ({ url: `api/v1/admin/register_services/${id}`, method: 'PUT', body }),
      transformResponse: (a: Envelope<{ register_service: RegisterService }>) => a.data.register_service,
      invalidatesTags: (_r, e) => (e ? [] : ['ServiceCatalogue']),
    }),
    /** A service's catalogue history (edits, pricing imports); refreshed with the catalogue. */
    catalogueServiceHistory: build.query<HistoryPage, HistoryArgs>({
      query: ({ id, page }) => historyRequest(`api/v1/admin/register_services/${id}/history`, page),
      transformResponse: toHistoryPage,
      providesTags: ['ServiceCatalogue'],
    }),
  }),
});

export const { useAdminServiceCatalogueQuery, useUpdateCatalogueServiceMutation, useCatalogueServiceHistoryQuery } =
  servicesSettingApi;

export const exportPricingPath = (id: number) => `/api/v1/admin/register_services/${id}/export_pricing`;

/** A refused import: the server's message and, when rows were refused, each problem (nothing was imported). */
export class PricingImportError extends Error {
  constructor(
    message: string,
    readonly problems: PricingImportProblem[],
  ) {
    super(message);
  }
}

/**
 * POST …/import_pricing as multipart (the file and the report's locale). A plain fetch, not RTK
 * Query: the refusal's row-by-row report (`problems`) is read from the answer as it is.
 */
export async function importPricing(token: SessionToken | null, id: number, file: File): Promise<string> {
  const form = new FormData();
  form.append('locale', currentLocale());
  form.append('file', file);
  const headers: Record<string, string> = { Platform: platform.key, locale: currentLocale() };
  if (token) headers.Authorization = `${token.token_type} ${token.access_token}`;
  const res = await fetch(`/api/v1/admin/register_services/${id}/import_pricing`, { method: 'POST', headers, body: form });
  let body: { meta?: { message?: string }; problems?: PricingImportProblem[] } = {};
  try {
    body = (await res.json()) as typeof body;
  } catch {
    /* not JSON */
  }
  if (!res.ok) throw new PricingImportError(body.meta?.message ?? String(res.status), body.problems ?? []);
  return body.meta?.message ?? '';
}
