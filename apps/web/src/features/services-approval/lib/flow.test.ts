import { describe, expect, it } from 'vitest';
import { flowSteps, groupIndex, progressPercent, stepperGroups } from '@agrihub/contract/service-flow';
import { moveKind, staffMoves } from './flow';

const admin = { roles: ['admin'], abilities: [] };
const support = { roles: ['customer_support'], abilities: [] };
const approver = { roles: ['approver'], abilities: [] };

describe('service request flow (web)', () => {
  it('the full flow shows the six UI groups of spec §4 in order', () => {
    expect(stepperGroups(1)).toEqual([
      { group: 'register', steps: ['fill_info'] },
      { group: 'advice', steps: ['advice'] },
      { group: 'contract_paid', steps: ['contract', 'paid'] },
      { group: 'prepare', steps: ['profile_completed', 'submitted_profile'] },
      { group: 'approve', steps: ['approved_profile'] },
      { group: 'finish', steps: ['done'] },
    ]);
  });

  it('the short flow has no approve group and a free service no stepper', () => {
    expect(stepperGroups(2).map((g) => g.group)).toEqual(['register', 'advice', 'contract_paid', 'prepare', 'finish']);
    expect(stepperGroups(0)).toEqual([]);
    expect(groupIndex(2, 'inprogress')).toBe(3);
    expect(groupIndex(1, 'cancelled')).toBe(-1);
  });

  it('progress runs from 0 at fill_info to 100 at done', () => {
    expect(progressPercent(1, 'fill_info')).toBe(0);
    expect(progressPercent(1, 'done')).toBe(100);
    expect(progressPercent(2, 'paid')).toBe(60);
    expect(progressPercent(1, 'cancelled')).toBe(0);
    expect(flowSteps(2)).toHaveLength(6);
  });

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
