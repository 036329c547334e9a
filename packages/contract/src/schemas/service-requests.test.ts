import { describe, expect, it } from 'vitest';
import { SERVICE_REQUEST_STATES } from '../workflows.js';
import { countsAsRegistered, registedServicesOf, requestStatusOf, requestStepsOf } from './service-requests.js';

describe('service request status and registed_services', () => {
  it('derives the status from the step (DESIGN §5.2)', () => {
    const byStep = Object.fromEntries(SERVICE_REQUEST_STATES.map((s) => [s, requestStatusOf(s)]));
    expect(byStep).toEqual({
      fill_info: 'pending',
      advice: 'processing',
      contract: 'processing',
      paid: 'processing',
      profile_completed: 'processing',
      submitted_profile: 'processing',
      approved_profile: 'processing',
      inprogress: 'processing',
      done: 'approved',
      cancelled: 'cancelled',
    });
  });

  it('a free service counts once requested, a paid one from `paid` on, a cancelled one never', () => {
    expect(requestStepsOf(0)).toEqual(['done']);
    expect(countsAsRegistered(0, 'done')).toBe(true);
    expect(countsAsRegistered(0, 'cancelled')).toBe(false);
    expect(countsAsRegistered(1, 'contract')).toBe(false);
    expect(countsAsRegistered(1, 'paid')).toBe(true);
    expect(countsAsRegistered(1, 'approved_profile')).toBe(true);
    expect(countsAsRegistered(2, 'inprogress')).toBe(true);
    expect(countsAsRegistered(2, 'advice')).toBe(false);
    expect(countsAsRegistered(2, 'cancelled')).toBe(false);
    expect(
      registedServicesOf([
        { slug: 'multichannel_selling', type: 0, step: 'done' },
        { slug: 'gs1-barcode', type: 1, step: 'advice' },
        { slug: 'design', type: 2, step: 'done' },
        { slug: 'design', type: 2, step: 'paid' },
        { slug: 'video', type: 2, step: 'cancelled' },
      ]),
    ).toEqual(['multichannel_selling', 'design']);
  });
});
