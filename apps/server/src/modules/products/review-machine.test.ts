import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { productReview, type ProductStatus } from '@agrihub/contract';
import { products } from '../../db/schema/index.js';
import { as, createTestApp, type TestApp } from '../../../test/helper.js';
import type { Built } from '../../../test/factories.js';
import { buildActors, checkMachine, type ActorKind, type Actors, type MoveRoute } from '../../../test/machine-table.js';
import { catalogFixture, createProduct, productBody } from './test-support.js';

let t: TestApp;
let actors: Actors;
let category: number;
beforeAll(async () => {
  t = await createTestApp();
  actors = await buildActors(t, { action: 'update', subject: 'product' });
  category = (await catalogFixture(t.db)).leaf;
});
afterAll(() => t.close());

/** The producer's own routes: other producers do not find the product, back-office users have none. */
const ownSide = (kind: ActorKind) => (kind === 'owner' ? null : kind === 'other_producer' ? 404 : 403);
/** The review routes: producers are refused by the admin area, support without `update product` by the ability. */
const adminSide = (kind: ActorKind) => (kind === 'admin' || kind === 'support_with' ? null : 403);

describe('product review follows its table', () => {
  it('every (from → to) by every kind of actor through submit, approve, reject and edit', async () => {
    const { id } = await createProduct(t.app, actors.owner, productBody(category));
    const post = (path: string) => (u: Built, reason: string | undefined) =>
      t.app.inject({ method: 'POST', url: path, headers: as(u), payload: reason ? { reason } : {} });
    const routes: Partial<Record<ProductStatus, MoveRoute>> = {
      pending: { send: post(`/api/v1/products/${id}/register`), refusedBefore: ownSide },
      approved: { send: post(`/api/v1/admin/products/${id}/approve`), refusedBefore: adminSide },
      rejected: { send: post(`/api/v1/admin/products/${id}/reject`), refusedBefore: adminSide },
      // An edit of a reviewed product sends it back to draft (ADR 005); a draft's edit is no move;
      // a pending product cannot be edited (409 product_under_review).
      draft: {
        send: (u) =>
          t.app.inject({
            method: 'PUT',
            url: `/api/v1/products/${id}`,
            headers: as(u),
            payload: productBody(category),
          }),
        refusedBefore: ownSide,
        sameIsNoop: true,
        ownConflict: (from) => from === 'pending',
      },
    };
    const cases = await checkMachine({
      t,
      machine: productReview,
      subject: 'product',
      subjectId: id,
      actors,
      routes,
      reset: async (state) => {
        await t.db.update(products).set({ status: state }).where(eq(products.id, id));
      },
      stateOf: async () =>
        (await t.db.select({ s: products.status }).from(products).where(eq(products.id, id)))[0].s,
      eventOf: { approved: 'product.approved', rejected: 'product.rejected' },
    });
    expect(cases).toBeGreaterThanOrEqual(80);
  });
});
