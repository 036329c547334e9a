import { describe, expect, it } from 'vitest';
import { readListQuery } from '../../../lib/use-server-table';
import { REQUEST_TABLE, lockAllFilters, readRequestFilters } from './list-params';

describe('service request list params (URL)', () => {
  it('reads every filter the admin list takes, and drops what the contract would refuse', () => {
    const ok = readRequestFilters(
      new URLSearchParams(
        'slug=gs1-barcode&step=advice&status=processing&assignee_id=7&overdue=true&created_from=2026-01-01&created_to=2026-02-28',
      ),
    );
    expect(ok).toEqual({
      slug: 'gs1-barcode',
      step: 'advice',
      status: 'processing',
      assignee_id: 7,
      overdue: 'true',
      created_from: '2026-01-01',
      created_to: '2026-02-28',
    });
    const bad = readRequestFilters(
      new URLSearchParams('slug=Bad Slug!&step=shipped&status=open&assignee_id=-1&overdue=yes&created_from=2026-02-30'),
    );
    expect(Object.values(bad).every((v) => v === undefined)).toBe(true);
    expect(readRequestFilters(new URLSearchParams('assignee_id=none')).assignee_id).toBe('none');
  });

  it('sorts by the contract whitelist, newest first by default', () => {
    expect(readListQuery(new URLSearchParams('sort=-due_at'), REQUEST_TABLE).sort).toBe('-due_at');
    expect(readListQuery(new URLSearchParams('sort=price'), REQUEST_TABLE).sort).toBe('-created_at');
  });

  it('lock_all sends the filters only (no paging nor sort), and only unlocked requests', () => {
    const q = readListQuery(new URLSearchParams('page=3&sort=step&step=paid&q=dak lak'), REQUEST_TABLE);
    const sent = lockAllFilters(q);
    expect(sent).toMatchObject({ step: 'paid', q: 'dak lak', locked: 'false' });
    expect(sent).not.toHaveProperty('page');
    expect(sent).not.toHaveProperty('sort');
  });
});
