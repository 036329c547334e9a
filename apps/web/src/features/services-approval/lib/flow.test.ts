import { describe, expect, it } from 'vitest';
import { moveKind, staffMoves } from './flow';

const admin = { roles: ['admin'], abilities: [] };
const support = { roles: ['customer_support'], abilities: [] };
const approver = { roles: ['approver'], abilities: [] };

// The stepper groups and progress are the contract's (packages/contract/src/service-flow.test.ts);
// here only what the web adds: the back office's moves and how each is named.
describe('service request flow (web)', () => {
  it('offers exactly the moves of the table: support cannot approve the dossier, the approver can', () => {
    const toOf = (u: typeof admin, step: string) => staffMoves(1, step, u).map((m) => m.to);
    expect(toOf(support, 'advice')).toEqual(['contract', 'fill_info', 'cancelled']);
    expect(toOf(support, 'submitted_profile')).toEqual(['profile_completed', 'cancelled']);
    expect(toOf(approver, 'submitted_profile')).toEqual(['approved_profile']);
    expect(toOf(admin, 'submitted_profile')).toEqual(['approved_profile', 'profile_completed', 'cancelled']);
    // The producer's own steps are never the back office's.
    expect(toOf(admin, 'fill_info')).toEqual(['cancelled']);
    expect(toOf(admin, 'done')).toEqual([]);
  });

  it('a locked request or a free service offers no move', () => {
    expect(staffMoves(1, 'advice', admin, true)).toEqual([]);
    expect(staffMoves(0, 'advice', admin)).toEqual([]);
    expect(staffMoves(1, 'advice', null)).toEqual([]);
  });

  it('names each move forward, back or cancel', () => {
    expect(moveKind(1, { from: 'advice', to: 'contract' })).toBe('forward');
    expect(moveKind(1, { from: 'advice', to: 'fill_info' })).toBe('back');
    expect(moveKind(2, { from: 'paid', to: 'cancelled' })).toBe('cancel');
  });
});
