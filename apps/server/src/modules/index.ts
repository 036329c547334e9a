import type { FastifyInstance } from 'fastify';
import authRoutes from './auth/routes.js';
import userRoutes from './users/routes.js';
import accountRoutes from './users/account.js';
import passwordRoutes from './users/password.js';
import passwordResetRoutes from './users/password-reset.js';
import registrationRoutes from './registrations/routes.js';
import producerRoutes from './producers/routes.js';
import adminProducerRoutes from './producers/admin-routes.js';
import adminProducerStatusRoutes from './producers/admin-status-routes.js';
import adminProducerExportRoutes from './producers/admin-export-routes.js';
import adminUserRoutes from './admin-users/routes.js';
import uploadRoutes from './uploads/routes.js';
import traceState from './trace-public/state.js';
import traceabilityRoutes from './traceabilities/routes.js';
import tracePublicRoutes from './trace-public/routes.js';
import voteRoutes from './votes/routes.js';
import catalogRoutes from './catalog/routes.js';
import productRoutes from './products/routes.js';
import productActionRoutes from './products/actions.js';
import adminProductRoutes from './products/admin-routes.js';
import notificationRoutes from './notifications/routes.js';
import notificationSubscribers from './notifications/subscribers.js';

/** Each resource registers its own routes; add new modules here. */
export async function registerModules(app: FastifyInstance) {
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(accountRoutes);
  await app.register(passwordRoutes);
  await app.register(passwordResetRoutes);
  await app.register(registrationRoutes);
  await app.register(producerRoutes);
  await app.register(adminProducerRoutes);
  await app.register(adminProducerStatusRoutes);
  await app.register(adminProducerExportRoutes);
  await app.register(adminUserRoutes);
  await app.register(uploadRoutes);
  await app.register(traceState);
  await app.register(traceabilityRoutes);
  await app.register(tracePublicRoutes);
  await app.register(voteRoutes);
  await app.register(catalogRoutes);
  await app.register(productRoutes);
  await app.register(productActionRoutes);
  await app.register(adminProductRoutes);
  await app.register(notificationRoutes);
  await app.register(notificationSubscribers);
}
