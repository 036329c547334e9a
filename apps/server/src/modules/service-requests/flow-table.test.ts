import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  requestStatusOf,
  serviceRequestFull,
  serviceRequestShort,
  type Machine,
  type ServiceRequestState,
} from '@agrihub/contract';
import { userRegisterServices } from '../../db/schema/index.js';
import { as, createTestApp, json, type Built, type TestApp } from '../../../test/helper.js';
import { buildActors, checkMachine, type ActorKind, type MoveRoute } from '../../../test/machine-table.js';
import { buildService, register, setStep, uploadPdf } from './test-support.js';

/**
 * Each flow's table through the producer's routes (DESIGN §5.2): the owner submits its
 * information (fill_info → advice), its dossier (→ submitted_profile, with a file) and cancels
 * with a reason before the contract; every other (from → to) is refused as the table says; an
 * account without a producer gets 403, another producer 404. Staff moves are the admin routes'.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The table as the producer's routes see it: only the moves an owner may make. */
const ownerMoves = (m: Machine<ServiceRequestState>): Machine<ServiceRequestState> => ({
  ...m,
  moves: m.moves.filter((mv) => mv.by.owner),
});

const refusedBefore = (kind: ActorKind) =>
  kind === 'owner' ? null : kind === 'other_producer' ? 404 : (403 as const);

for (const [type, machine] of [
  [1, serviceRequestFull],
  [2, serviceRequestShort],
] as const) {
  describe(`${machine.key} through the producer routes`, () => {
    it('every move by every actor answers as the table says, with one history row and its event', async () => {
      const actors = await buildActors(t, { action: 'update', subject: 'user_register_service' });
      const service = await buildService(t.db, { platform: 'dtrack', type, targetDays: { advice: 3 } });
      const created = await register(t, actors.owner, service.slug);
      expect(created.statusCode, created.body).toBe(201);
      const id = json(created).data.urs.id as number;
      const dossier = await uploadPdf(t, actors.owner);
      const move =
        (to: ServiceRequestState, attachments: number[] = []) =>
        (u: Built, reason: string | undefined) =>
          t.app.inject({
            method: 'POST',
            url: `/api/v1/user_register_services/${id}/move`,
            headers: as(u),
            payload: { to, ...(reason ? { reason } : {}), attachments: u === actors.owner ? attachments : [] },
          });
      const cancel: MoveRoute = {
        send: (u, reason) =>
          t.app.inject({
            method: 'DELETE',
            url: `/api/v1/user_register_services/${id}`,
            headers: as(u),
            ...(reason ? { payload: { reason } } : {}),
          }),
        refusedBefore,
      };
      const cases = await checkMachine({
        t,
        machine: ownerMoves(machine),
        subject: 'service_request',
        subjectId: id,
        actors,
        routes: {
          advice: { send: move('advice'), refusedBefore },
          submitted_profile: { send: move('submitted_profile', [dossier]), refusedBefore },
          cancelled: [cancel, { send: move('cancelled'), refusedBefore }],
          // Staff's moves are never the producer's: refused by the table (409).
          contract: { send: move('contract'), refusedBefore },
          done: { send: move('done'), refusedBefore },
        },
        reset: (state) => setStep(t.db, id, state),
        stateOf: async () => {
          const [row] = await t.db.select().from(userRegisterServices).where(eq(userRegisterServices.id, id));
          // The stored status always follows the step (DESIGN §5.2).
          expect(row.status, row.step).toBe(requestStatusOf(row.step));
          return row.step;
        },
        eventOf: {
          advice: 'service_request.step_changed',
          submitted_profile: 'service_request.step_changed',
          cancelled: 'service_request.step_changed',
        },
      });
      expect(cases).toBeGreaterThan(100);
    });
  });
}
