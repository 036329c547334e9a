import { describe, expect, it } from 'vitest';
import { decisionsOf, needsReason } from './moves';
import { exportSearch, readReferenceFilters } from './list-params';

describe('sales approval moves', () => {
  it('asks a reason to reject and to close, not to approve', () => {
    expect(needsReason('rejected')).toBe(true);
    expect(needsReason('closed')).toBe(true);
    expect(needsReason('approved')).toBe(false);
  });

  it('offers only the admin decisions the reference allows, in order', () => {
    expect(decisionsOf(['rejected', 'approved'])).toEqual(['approved', 'rejected']);
    expect(decisionsOf(['pending'])).toEqual([]);
    expect(decisionsOf(['closed'])).toEqual(['closed']);
  });
});

describe('sales approval list params', () => {
  it('drops unknown filter values from the URL', () => {
    const f = readReferenceFilters(new URLSearchParams('channel_id=3&register_status=nope&sync_status=error'));
    expect(f).toEqual({ channel_id: 3, register_status: undefined, sync_status: 'error' });
  });

  it('exports all without filters, as filtered with the page type and filters (no paging)', () => {
    const filters = { page: 2, per_page: 20, sort: '-created_at' as const, q: 'cà phê', channel_id: 4 };
    expect(exportSearch(filters, 'product', 'exportAllData')).toBe('mode=exportAllData');
    const filtered = new URLSearchParams(exportSearch(filters, 'product', 'exportAsFilter'));
    expect(Object.fromEntries(filtered)).toEqual({
      mode: 'exportAsFilter',
      q: 'cà phê',
      channel_id: '4',
      referenceable_type: 'product',
    });
  });
});
