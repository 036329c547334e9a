import type { Role, Subject } from './permissions.js';
import type { PlatformFeatures } from './platforms.js';

/**
 * The admin dashboard (DESIGN §5.5): what each block needs and where each pending count links to.
 * The server answers only the blocks the viewer's abilities open (read on the subject); the links
 * are the back office's lists with the filter that shows exactly the counted rows.
 */

/** How many days the per-day series covers (today in Vietnam included). */
export const DASHBOARD_DAYS = 30;

export const DASHBOARD_PENDING_KEYS = [
  'producers',
  'products',
  'service_requests',
  'service_requests_overdue',
  'producer_sales',
  'product_sales',
  'purchase_orders',
  'leads',
] as const;
export type DashboardPendingKey = (typeof DASHBOARD_PENDING_KEYS)[number];

export interface DashboardPendingSpec {
  subject: Subject;
  /** Roles that see the count without the read ability (the approvers of purchase orders). */
  roles?: readonly Role[];
  /** Only on platforms with this feature. */
  feature?: keyof PlatformFeatures;
  link: string;
}

/**
 * Pending work per area. Service requests "to handle" are the new ones waiting for the back
 * office's advice (the producer submitted its information); overdue ones passed their step's due date.
 * Purchase orders "to approve" are those in processing (approval needs approve_purchase_order or admin).
 */
export const DASHBOARD_PENDING: Record<DashboardPendingKey, DashboardPendingSpec> = {
  producers: { subject: 'producer', link: '/admin/producers?status=pending' },
  products: { subject: 'product', link: '/admin/products?status=pending' },
  service_requests: { subject: 'user_register_service', link: '/admin/services-approval?step=advice' },
  service_requests_overdue: { subject: 'user_register_service', link: '/admin/services-approval?overdue=true' },
  producer_sales: { subject: 'sale_channel_reference', link: '/admin/sales-approval?register_status=pending' },
  product_sales: {
    subject: 'sale_channel_reference',
    link: '/admin/product-sales-approval?register_status=pending',
  },
  purchase_orders: {
    subject: 'purchase_order',
    roles: ['approve_purchase_order'],
    feature: 'purchaseOrders',
    link: '/admin/purchase-orders?status=processing',
  },
  leads: { subject: 'message', link: '/admin/client-messages?status=pending' },
};

/** The per-day chart (batches published, scans): batches exist where the platform tracks them. */
export const DASHBOARD_DAILY: { subject: Subject; feature: keyof PlatformFeatures } = {
  subject: 'product',
  feature: 'tracking',
};
