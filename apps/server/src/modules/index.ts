import type { FastifyInstance } from 'fastify';
import authRoutes from './auth/routes.js';
import userRoutes from './users/routes.js';

/** Each resource registers its own routes; add new modules here. */
export async function registerModules(app: FastifyInstance) {
  await app.register(authRoutes);
  await app.register(userRoutes);
}
