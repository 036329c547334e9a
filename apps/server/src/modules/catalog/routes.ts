import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { productCategory, productType } from '@agrihub/contract';
import { loadCategories, loadProductTypes } from './queries.js';

/** Reference data of the product form: global (not per platform) and public. */
export default async function catalogRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/product_types',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalog'],
        summary: 'Product types; the type named "Khác" is last',
        response: { 200: z.object({ data: z.object({ product_types: z.array(productType) }) }) },
      },
    },
    async () => ({ data: { product_types: await loadProductTypes(app.db) } }),
  );

  r.get(
    '/api/v1/categories',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalog'],
        summary: 'Product categories (flat list with parent_id, path and is_leaf; only leaves are selectable)',
        response: { 200: z.object({ data: z.object({ categories: z.array(productCategory) }) }) },
      },
    },
    async () => ({ data: { categories: await loadCategories(app.db) } }),
  );
}
