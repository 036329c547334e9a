import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { batchState, type BatchState } from '@agrihub/contract';
import { products, traceabilities } from '../../db/schema/index.js';
import { as, createTestApp, type TestApp } from '../../../test/helper.js';
import { buildBatch, type Built } from '../../../test/factories.js';
import { buildActors, checkMachine, type ActorKind, type Actors } from '../../../test/machine-table.js';
import { catalogFixture, createProduct, productBody } from '../products/test-support.js';
import { stateOf } from './presenter.js';

let t: TestApp;
let actors: Actors;
let batchId: number;
beforeAll(async () => {
  t = await createTestApp();
  actors = await buildActors(t, { action: 'update', subject: 'product' });
  const { leaf } = await catalogFixture(t.db);
  const product = await createProduct(t.app, actors.owner, productBody(leaf));
  // Publishing needs an approved producer, a product with an approved version and an event.
  await t.db.update(products).set({ status: 'approved', approvedAt: new Date() }).where(eq(products.id, product.id));
  batchId = (await buildBatch(t.db, { productId: product.id, status: 'draft', events: ['planting'] })).id;
});
afterAll(() => t.close());

/** A batch is its producer's: other producers do not find it, back-office users have no batches. */
const refusedBefore = (kind: ActorKind) => (kind === 'owner' ? null : kind === 'other_producer' ? 404 : 403);

const COLUMNS: Record<BatchState, Partial<typeof traceabilities.$inferInsert>> = {
  draft: { status: 'draft', heldAt: null, recalledAt: null },
  published: { status: 'published', heldAt: null, recalledAt: null },
  on_hold: { status: 'published', heldAt: new Date(), holdReason: 'Kiểm nghiệm', recalledAt: null },
  recalled: { status: 'published', heldAt: null, recalledAt: new Date(), recallReason: 'Thu hồi' },
};

describe('batch state follows its table', () => {
  it('every (from → to) by every kind of actor through publish, release, hold and recall', async () => {
    const post = (action: string) => ({
      send: (u: Built, reason: string | undefined) =>
        t.app.inject({
          method: 'POST',
          url: `/api/v1/traceabilities/${batchId}/${action}`,
          headers: as(u),
          payload: reason ? { reason } : {},
        }),
      refusedBefore,
    });
    const cases = await checkMachine({
      t,
      machine: batchState,
      subject: 'traceability',
      subjectId: batchId,
      actors,
      // Publish and release both lead to `published` (from draft a publication, from on hold a release).
      routes: { published: [post('publish'), post('release')], on_hold: post('hold'), recalled: post('recall') },
      reset: async (state) => {
        await t.db.update(traceabilities).set(COLUMNS[state]).where(eq(traceabilities.id, batchId));
      },
      stateOf: async () => stateOf((await t.db.select().from(traceabilities).where(eq(traceabilities.id, batchId)))[0]),
      eventOf: { recalled: 'batch.recalled' },
    });
    expect(cases).toBeGreaterThanOrEqual(80);
  });
});
