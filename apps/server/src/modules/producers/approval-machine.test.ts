import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { producerApproval, type ApprovalStatus } from '@agrihub/contract';
import { producers } from '../../db/schema/index.js';
import { as, createTestApp, type TestApp } from '../../../test/helper.js';
import { buildActors, checkMachine, type Actors } from '../../../test/machine-table.js';

let t: TestApp;
let actors: Actors;
beforeAll(async () => {
  t = await createTestApp();
  actors = await buildActors(t, { action: 'update', subject: 'producer' });
});
afterAll(() => t.close());

describe('producer approval follows its table (PUT /api/v1/admin/producers/{id}/status)', () => {
  it('every (from → to) by every kind of actor: allowed moves succeed with one history row and their event', async () => {
    const id = actors.owner.producerId!;
    const route = (to: ApprovalStatus) =>
      ({
        send: (u: (typeof actors)['owner'], reason: string | undefined) =>
          t.app.inject({
            method: 'PUT',
            url: `/api/v1/admin/producers/${id}/status`,
            headers: as(u),
            payload: { status: to, ...(reason ? { reason } : {}) },
          }),
        // Producers are refused by the admin area, support without `update producer` by the route's ability.
        refusedBefore: (kind: string) =>
          kind === 'owner' || kind === 'other_producer' || kind === 'support_without' ? 403 : null,
        sameIsNoop: true,
      }) as const;
    const cases = await checkMachine({
      t,
      machine: producerApproval,
      subject: 'producer',
      subjectId: id,
      actors,
      routes: { pending: route('pending'), approved: route('approved'), closed: route('closed') },
      reset: async (state) => {
        await t.db.update(producers).set({ status: state }).where(eq(producers.id, id));
      },
      stateOf: async () =>
        (await t.db.select({ s: producers.status }).from(producers).where(eq(producers.id, id)))[0].s,
      eventOf: { approved: 'producer.approved', closed: 'producer.closed' },
    });
    expect(cases).toBeGreaterThanOrEqual(45);
  });
});
