import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Product, ProductRequest } from '@agrihub/contract';
import type { Db } from '../../db/client.js';
import { categories, productTypes } from '../../db/schema/index.js';
import { seedCatalog } from '../../db/seed/catalog.js';
import { as, json } from '../../../test/helper.js';
import type { Built } from '../../../test/factories.js';

/** Seeds the catalogue and returns ids tests use: a leaf (101 Rau ăn lá), its group (100), a product type. */
export async function catalogFixture(db: Db) {
  await seedCatalog(db);
  const byCode = async (code: string) => (await db.select().from(categories).where(eq(categories.code, code)))[0].id;
  const [type] = await db.select().from(productTypes).where(eq(productTypes.name, 'Nông sản'));
  return { leaf: await byCode('101'), leaf2: await byCode('301'), group: await byCode('100'), typeId: type.id };
}

export function productBody(categoryId: number, overrides: Partial<ProductRequest> = {}): ProductRequest {
  return { name: 'Rau cải ngọt hữu cơ', category_id: categoryId, unit: 'Kg', price: { cents: 35000 }, ...overrides };
}

/** Creates a product through the API and returns its JSON. */
export async function createProduct(app: FastifyInstance, u: Built, body: ProductRequest): Promise<Product> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/products', headers: as(u), payload: body });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return json<{ data: { product: Product } }>(res).data.product;
}
