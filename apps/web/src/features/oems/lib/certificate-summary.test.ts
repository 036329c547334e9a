import { describe, expect, it } from 'vitest';
import type { OemCertificate } from '@agrihub/contract/schemas/oems';
import { certificateSummary } from './certificate-summary';

const cert = (valid_until: string | null, validity: OemCertificate['validity'], days_left: number | null) => ({
  name: 'HACCP',
  issuer: 'Quacert',
  number: `N-${valid_until}`,
  valid_until,
  file: null,
  validity,
  days_left,
});

describe('certificateSummary: the OEM list’s certificate cell', () => {
  it('dates an expired OEM by its expired certificate, not by a valid one further ahead', () => {
    // As Hợp tác xã Chè Tân Cương Xanh: one certificate expired, another valid until 2028.
    const s = certificateSummary({
      certificate_status: 'expired',
      next_expiry: '2028-04-19',
      certificates: [cert('2028-04-19', 'valid', 900), cert('2026-11-06', 'expired', -3)],
    });
    expect(s?.worst.valid_until).toBe('2026-11-06');
    expect(s?.date).toEqual({ kind: 'expiredOn', date: '2026-11-06' });
  });

  it('dates an expiring or valid OEM by its nearest future expiry', () => {
    const expiring = certificateSummary({
      certificate_status: 'expiring',
      next_expiry: '2026-12-01',
      certificates: [cert('2027-06-30', 'valid', 200), cert('2026-12-01', 'expiring', 20)],
    });
    expect(expiring?.worst.valid_until).toBe('2026-12-01');
    expect(expiring?.date).toEqual({ kind: 'nextExpiry', date: '2026-12-01' });
    const valid = certificateSummary({
      certificate_status: 'valid',
      next_expiry: '2027-06-30',
      certificates: [cert(null, 'valid', null), cert('2027-06-30', 'valid', 200)],
    });
    expect(valid?.date).toEqual({ kind: 'nextExpiry', date: '2027-06-30' });
  });

  it('shows no date when none applies, and nothing without certificates', () => {
    expect(
      certificateSummary({ certificate_status: 'valid', next_expiry: null, certificates: [cert(null, 'valid', null)] })
        ?.date,
    ).toBeNull();
    expect(certificateSummary({ certificate_status: null, next_expiry: null, certificates: [] })).toBeNull();
  });
});
