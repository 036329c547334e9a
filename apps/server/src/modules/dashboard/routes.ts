import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DASHBOARD_DAILY,
  DASHBOARD_PENDING,
  DASHBOARD_PENDING_KEYS,
  PLATFORMS,
  adminDashboardAnswer,
  allows,
  errorEnvelope,
  type AdminDashboard,
  type DashboardPendingKey,
  type PlatformKey,
} from '@agrihub/contract';
import { currentUser, type UserRow } from '../../plugins/auth.js';
import {
  dailyFigures,
  newLeads,
  pendingSales,
  producerCounts,
  productCounts,
  serviceRequestFigures,
} from './queries.js';
import { purchaseOrdersToApprove } from './purchase-orders.js';

/** Whether the viewer may see a pending count: the area is on the platform and its read ability (or role) allows it. */
function mayRead(user: UserRow, platform: PlatformKey, key: DashboardPendingKey): boolean {
  const spec = DASHBOARD_PENDING[key];
  if (spec.feature && !PLATFORMS[platform].features[spec.feature]) return false;
  return allows(user, 'read', spec.subject) || !!spec.roles?.some((r) => user.roles.includes(r));
}

/**
 * GET /api/v1/admin/dashboard (DESIGN §5.5): the platform's figures for an administrator, only the
 * blocks its abilities open (a block it may not read is null, its pending counts left out). Each
 * figure is one aggregate query; the queries run side by side.
 */
export default async function dashboardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/admin/dashboard',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['dashboard'],
        summary:
          "The platform's pending work, status counts, 30-day series and service requests (per the viewer's abilities)",
        response: { 200: adminDashboardAnswer, 401: errorEnvelope, 403: errorEnvelope },
      },
    },
    async (req) => {
      const me = currentUser(req);
      const platform = req.platform;
      const now = new Date();
      const may = (key: DashboardPendingKey) => mayRead(me, platform, key);
      const dailyOpen =
        PLATFORMS[platform].features[DASHBOARD_DAILY.feature] && allows(me, 'read', DASHBOARD_DAILY.subject);

      const [producers, products, daily, requests, sales, purchaseOrders, leads] = await Promise.all([
        may('producers') ? producerCounts(app.db, platform) : null,
        may('products') ? productCounts(app.db, platform) : null,
        dailyOpen ? dailyFigures(app.db, platform, now) : null,
        may('service_requests') ? serviceRequestFigures(app.db, platform, now) : null,
        may('producer_sales') ? pendingSales(app.db, platform) : null,
        may('purchase_orders') ? purchaseOrdersToApprove(app.db, platform) : null,
        may('leads') ? newLeads(app.db, platform) : null,
      ]);

      const counts: Partial<Record<DashboardPendingKey, number | null>> = {
        producers: producers?.pending,
        products: products?.pending,
        service_requests: requests?.awaiting_advice,
        service_requests_overdue: requests?.overdue,
        producer_sales: sales?.producer,
        product_sales: sales?.product,
        purchase_orders: purchaseOrders,
        leads,
      };
      const pending = DASHBOARD_PENDING_KEYS.flatMap((key) => {
        const n = counts[key];
        return typeof n === 'number' ? [{ key, count: n, link: DASHBOARD_PENDING[key].link }] : [];
      });
      // eslint-disable-next-line @typescript-eslint/no-unused-vars
      const { awaiting_advice, ...serviceRequests } = requests ?? { awaiting_advice: 0 };
      const dashboard: AdminDashboard = {
        generated_at: now.toISOString(),
        pending,
        producers,
        products,
        daily,
        service_requests: requests ? (serviceRequests as NonNullable<AdminDashboard['service_requests']>) : null,
      };
      return { data: { dashboard } };
    },
  );
}
