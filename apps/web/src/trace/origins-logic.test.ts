import { describe, expect, it } from 'vitest';
import { originDay, originSteps } from './origins-logic';

describe('public trace page: origins', () => {
  it('dates a step by its day in Vietnam', () => {
    expect(originDay('2025-04-01T01:00:00.000Z')).toBe('2025-04-01');
    expect(originDay('2025-04-01T18:30:00.000Z')).toBe('2025-04-02');
  });

  it('lists steps oldest first, one line for the same step, producer, place and day', () => {
    const s = (step: 'harvesting' | 'shipping', at: string, place = 'Lô 3') => ({
      step,
      by: 'Nông trại',
      place,
      occurred_at: at,
    });
    expect(
      originSteps([
        s('shipping', '2025-04-05T01:00:00.000Z'),
        s('harvesting', '2025-04-01T01:00:00.000Z'),
        s('harvesting', '2025-04-01T03:00:00.000Z'),
        s('harvesting', '2025-04-01T03:00:00.000Z', 'Lô 4'),
      ]).map((x) => [x.step, x.place, originDay(x.occurred_at)]),
    ).toEqual([
      ['harvesting', 'Lô 3', '2025-04-01'],
      ['harvesting', 'Lô 4', '2025-04-01'],
      ['shipping', 'Lô 3', '2025-04-05'],
    ]);
  });
});
