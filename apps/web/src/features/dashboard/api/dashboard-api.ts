import type { AdminDashboard } from '@agrihub/contract/schemas/dashboard';
import { api } from '../../../lib/api';
import type { Envelope } from '../../../lib/session-api';

/** GET /api/v1/admin/dashboard: read again each time the page opens (the figures move all day). */
export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminDashboard: build.query<AdminDashboard, void>({
      query: () => 'api/v1/admin/dashboard',
      transformResponse: (answer: Envelope<{ dashboard: AdminDashboard }>) => answer.data.dashboard,
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useGetAdminDashboardQuery } = dashboardApi;
