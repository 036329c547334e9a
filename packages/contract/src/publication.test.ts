import { describe, expect, it } from 'vitest';
import { canPublish, isStale, producerWriteRefusal, publicVisibility, publishRefusal } from './publication.js';

describe('publication rules (ADR 007)', () => {
  const approved = { approved_at: '2025-07-01T00:00:00.000Z' };
  const never = { approved_at: null };

  it('only an approved producer publishes, and only batches of a product with an approved version', () => {
    expect(publishRefusal('approved', approved)).toBeNull();
    expect(canPublish('approved', approved)).toBe(true);
    expect(publishRefusal('approved', never)).toBe('publish_product_not_approved');
    expect(publishRefusal('pending', approved)).toBe('publish_producer_not_approved');
    expect(publishRefusal('closed', approved)).toBe('producer_closed_readonly');
    expect(canPublish('pending', approved)).toBe(false);
  });

  it('a closed producer writes nothing; pending and approved ones may', () => {
    expect(producerWriteRefusal('closed')).toBe('producer_closed_readonly');
    expect(producerWriteRefusal('pending')).toBeNull();
    expect(producerWriteRefusal('approved')).toBeNull();
  });

  it('public pages: visible, gone with a closed producer, hidden otherwise', () => {
    expect(publicVisibility('approved', true)).toBe('visible');
    expect(publicVisibility('approved', false)).toBe('hidden');
    expect(publicVisibility('pending', true)).toBe('hidden');
    expect(publicVisibility('closed', true)).toBe('gone');
    expect(publicVisibility('closed', false)).toBe('gone');
  });

  it('isStale compares instants, and skips the check when the client sent none', () => {
    const at = new Date('2025-07-01T01:02:03.456Z');
    expect(isStale(at, undefined)).toBe(false);
    expect(isStale(at, '2025-07-01T01:02:03.456Z')).toBe(false);
    expect(isStale(at, '2025-07-01T08:02:03.456+07:00')).toBe(false);
    expect(isStale(at, '2025-07-01T01:02:03.455Z')).toBe(true);
  });
});
