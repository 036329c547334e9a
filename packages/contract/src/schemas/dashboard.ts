import { z } from 'zod';
import { APPROVAL_STATUSES } from '../constants.js';
import { DASHBOARD_PENDING_KEYS } from '../dashboard.js';
import { SERVICE_REQUEST_STATES } from '../workflows.js';
import { PRODUCT_STATUSES } from './products.js';
import { envelope } from './common.js';

export { DASHBOARD_DAYS, DASHBOARD_PENDING, DASHBOARD_PENDING_KEYS, type DashboardPendingKey } from '../dashboard.js';

const count = z.number().int();
const countsOf = <T extends readonly [string, ...string[]]>(statuses: T) =>
  z.object(Object.fromEntries(statuses.map((s) => [s, count])) as { [K in T[number]]: typeof count });

/** GET /api/v1/admin/dashboard: the platform's figures; a block the viewer may not read is null. */
export const adminDashboard = z.object({
  generated_at: z.string(),
  /** Pending work the viewer may handle, each with the list that shows it. */
  pending: z.array(z.object({ key: z.enum(DASHBOARD_PENDING_KEYS), count, link: z.string() })),
  producers: countsOf(APPROVAL_STATUSES).extend({ total: count }).nullable(),
  products: countsOf(PRODUCT_STATUSES).extend({ total: count }).nullable(),
  /** The last DASHBOARD_DAYS days in Vietnam, oldest first, every day present (zeros included). */
  daily: z
    .object({
      days: z.array(z.object({ date: z.string(), batches_published: count, scans: count })),
      batches_published: count,
      scans: count,
    })
    .nullable(),
  service_requests: z
    .object({
      by_step: z.array(z.object({ step: z.enum(SERVICE_REQUEST_STATES), count })),
      /** Still moving (not done nor cancelled). */
      open: count,
      overdue: count,
      locked: count,
    })
    .nullable(),
});
export type AdminDashboard = z.infer<typeof adminDashboard>;
export const adminDashboardAnswer = envelope('dashboard', adminDashboard);
