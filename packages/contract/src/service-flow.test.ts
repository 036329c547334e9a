import { describe, expect, it } from 'vitest';
import { flowSteps, groupIndex, progressPercent, stepperGroups } from './service-flow.js';

describe('service flow display', () => {
  it('groups the full flow in the six UI groups of spec §4', () => {
    expect(stepperGroups(1)).toEqual([
      { group: 'register', steps: ['fill_info'] },
      { group: 'advice', steps: ['advice'] },
      { group: 'contract_paid', steps: ['contract', 'paid'] },
      { group: 'prepare', steps: ['profile_completed', 'submitted_profile'] },
      { group: 'approve', steps: ['approved_profile'] },
      { group: 'finish', steps: ['done'] },
    ]);
  });

  it('the short flow has no approval group and does its work in "prepare"', () => {
    expect(stepperGroups(2).map((g) => g.group)).toEqual(['register', 'advice', 'contract_paid', 'prepare', 'finish']);
    expect(stepperGroups(2)[3].steps).toEqual(['inprogress']);
  });

  it('a free service has no steps; the short flow has six', () => {
    expect(flowSteps(0)).toEqual([]);
    expect(flowSteps(2)).toHaveLength(6);
    expect(stepperGroups(0)).toEqual([]);
  });

  it('finds the group of a step; cancelled is in none', () => {
    expect(groupIndex(1, 'paid')).toBe(2);
    expect(groupIndex(1, 'approved_profile')).toBe(4);
    expect(groupIndex(2, 'inprogress')).toBe(3);
    expect(groupIndex(2, 'done')).toBe(4);
    expect(groupIndex(1, 'cancelled')).toBe(-1);
  });

  it('progress runs from 0 at fill_info to 100 at done', () => {
    expect(progressPercent(1, 'fill_info')).toBe(0);
    expect(progressPercent(1, 'paid')).toBe(43);
    expect(progressPercent(1, 'done')).toBe(100);
    expect(progressPercent(2, 'paid')).toBe(60);
    expect(progressPercent(2, 'inprogress')).toBe(80);
    expect(progressPercent(2, 'done')).toBe(100);
    expect(progressPercent(1, 'cancelled')).toBe(0);
    expect(progressPercent(0, 'done')).toBe(100);
  });
});
