import type { FastifyInstance } from 'fastify';
import { GATES } from '@agrihub/contract';
import { gatedRoutes } from '../plugins/auth.js';
import authRoutes from './auth/routes.js';
import userRoutes from './users/routes.js';
import accountRoutes from './users/account.js';
import passwordRoutes from './users/password.js';
import passwordResetRoutes from './users/password-reset.js';
import registrationRoutes from './registrations/routes.js';
import registerDepartmentRoutes from './register-department/routes.js';
import adminBookingRoomRoutes from './register-department/admin-rooms.js';
import producerRoutes from './producers/routes.js';
import adminProducerRoutes from './producers/admin-routes.js';
import adminProducerStatusRoutes from './producers/admin-status-routes.js';
import adminProducerExportRoutes from './producers/admin-export-routes.js';
import adminUserRoutes from './admin-users/routes.js';
import producerDeleteRoutes from './producers/delete-routes.js';
import uploadRoutes from './uploads/routes.js';
import traceState from './trace-public/state.js';
import traceabilityRoutes from './traceabilities/routes.js';
import transformationRoutes from './transformations/routes.js';
import tracePublicRoutes from './trace-public/routes.js';
import voteRoutes from './votes/routes.js';
import catalogRoutes from './catalog/routes.js';
import productRoutes from './products/routes.js';
import productActionRoutes from './products/actions.js';
import adminProductRoutes from './products/admin-routes.js';
import notificationRoutes from './notifications/routes.js';
import notificationSubscribers from './notifications/subscribers.js';
import serviceRoutes from './services/routes.js';
import adminServiceRoutes from './services/admin-routes.js';
import serviceRequestRoutes from './service-requests/routes.js';
import adminServiceRequestRoutes from './service-requests/admin-routes.js';
import adminServiceRequestLockRoutes from './service-requests/admin-lock-routes.js';
import adminServiceRequestExportRoutes from './service-requests/admin-export-routes.js';
import saleChannelRoutes from './sale-channels/routes.js';
import adminSaleChannelReferenceRoutes from './sale-channels/admin-routes.js';
import adminSaleChannelRoutes from './sale-channels/admin-channel-routes.js';
import adminSaleChannelExportRoutes from './sale-channels/admin-export-routes.js';
import saleChannelSyncRoutes from './sale-channels/sync/routes.js';
import saleChannelFeedRoutes from './sale-channels/sync/feed-routes.js';
import clientMessageRoutes from './client-messages/routes.js';
import clientMessageSubscribers from './client-messages/subscribers.js';
import postPublisher from './posts/publisher.js';
import postCategoryRoutes from './post-categories/routes.js';
import adminPostRoutes from './posts/admin-routes.js';
import clientPostRoutes from './posts/routes.js';
import faqRoutes from './faqs/routes.js';
import pageViewRoutes from './page-views/routes.js';
import purchaseOrderRoutes from './purchase-orders/routes.js';
import purchaseOrderExportRoutes from './purchase-orders/export.js';
import purchaseOrderSubscribers from './purchase-orders/subscribers.js';
import producerOemRoutes from './producer-oems/routes.js';
import oemCertificateExpiry from './producer-oems/expiry.js';
import seoRoutes from './seo/routes.js';
import settingRoutes from './settings/routes.js';
import dashboardRoutes from './dashboard/routes.js';
import locationRoutes from './locations/routes.js';
import adminLocationRoutes from './locations/admin-routes.js';
import partnerRoutes from './partners/routes.js';
import shipmentRoutes from './shipments/routes.js';
import shipmentSubscribers from './shipments/subscribers.js';
import { adminChainRoutes, chainRoutes } from './chain/routes.js';
import epcisRoutes from './epcis/routes.js';
import apiKeyRoutes from './api-keys/routes.js';
import nationalPortalRoutes from './national-portal/routes.js';
import { adminEudrRoutes, eudrRoutes } from './eudr/routes.js';
import diaryRoutes from './diary/routes.js';

/**
 * Each resource registers its own routes; add new modules here. A module behind a gate (contract
 * `GATES`: a platform feature, a producer entitlement) is registered through `gatedRoutes`, so each
 * of its routes, present and future, declares it.
 */
export async function registerModules(app: FastifyInstance) {
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(accountRoutes);
  await app.register(passwordRoutes);
  await app.register(passwordResetRoutes);
  await app.register(registrationRoutes);
  await app.register(registerDepartmentRoutes);
  await app.register(adminBookingRoomRoutes);
  await app.register(producerRoutes);
  await app.register(adminProducerRoutes);
  await app.register(adminProducerStatusRoutes);
  await app.register(adminProducerExportRoutes);
  await app.register(adminUserRoutes);
  await app.register(producerDeleteRoutes);
  await app.register(uploadRoutes);
  await app.register(traceState);
  await app.register(gatedRoutes(GATES.batches, traceabilityRoutes));
  await app.register(gatedRoutes(GATES.batches, transformationRoutes));
  await app.register(gatedRoutes(GATES.batches, chainRoutes));
  await app.register(adminChainRoutes);
  // EUDR due diligence data of a lot or shipment (ADR 042), beside the chain it walks.
  await app.register(gatedRoutes(GATES.batches, eudrRoutes));
  await app.register(adminEudrRoutes);
  await app.register(tracePublicRoutes);
  await app.register(voteRoutes);
  await app.register(catalogRoutes);
  await app.register(gatedRoutes(GATES.products, productRoutes));
  await app.register(gatedRoutes(GATES.products, productActionRoutes));
  await app.register(adminProductRoutes);
  await app.register(notificationRoutes);
  await app.register(notificationSubscribers);
  await app.register(serviceRoutes);
  await app.register(adminServiceRoutes);
  await app.register(serviceRequestRoutes);
  await app.register(adminServiceRequestRoutes);
  await app.register(adminServiceRequestLockRoutes);
  await app.register(adminServiceRequestExportRoutes);
  await app.register(saleChannelRoutes);
  await app.register(adminSaleChannelReferenceRoutes);
  await app.register(adminSaleChannelRoutes);
  await app.register(adminSaleChannelExportRoutes);
  await app.register(saleChannelSyncRoutes);
  await app.register(saleChannelFeedRoutes);
  await app.register(clientMessageRoutes);
  await app.register(clientMessageSubscribers);
  await app.register(postPublisher);
  await app.register(postCategoryRoutes);
  await app.register(adminPostRoutes);
  await app.register(clientPostRoutes);
  await app.register(faqRoutes);
  await app.register(pageViewRoutes);
  await app.register(gatedRoutes(GATES.purchaseOrders, purchaseOrderRoutes));
  await app.register(gatedRoutes(GATES.purchaseOrders, purchaseOrderExportRoutes));
  await app.register(purchaseOrderSubscribers);
  await app.register(gatedRoutes(GATES.oems, producerOemRoutes));
  await app.register(oemCertificateExpiry);
  await app.register(seoRoutes);
  await app.register(settingRoutes);
  await app.register(dashboardRoutes);
  // Supply chain (ADR 036): locations where the batches' events happen, behind the batches gate.
  await app.register(gatedRoutes(GATES.batches, locationRoutes));
  await app.register(adminLocationRoutes);
  // The supply chain (ADR 036): a producer's trading partners and shipments, beside its batches.
  await app.register(gatedRoutes(GATES.batches, partnerRoutes));
  await app.register(gatedRoutes(GATES.batches, shipmentRoutes));
  // Circular 02/2024 (ADR 043): the producer's records for the national traceability portal.
  await app.register(gatedRoutes(GATES.batches, nationalPortalRoutes));
  await app.register(gatedRoutes(GATES.batches, epcisRoutes));
  await app.register(shipmentSubscribers);
  // Machine clients' API keys (ADR 039), for the chain's EPCIS REST partners: behind the batches gate.
  await app.register(gatedRoutes(GATES.batches, apiKeyRoutes));
  // The farm diary in the field (ADR 044): entries on plots and lots, behind the batches gate.
  await app.register(gatedRoutes(GATES.batches, diaryRoutes));
}
