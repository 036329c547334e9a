import type { OemCertificate, ProducerOem } from '@agrihub/contract/schemas/oems';

export interface CertificateSummary {
  /** The certificate the list's tag speaks of: the soonest of those in the OEM's worst state. */
  worst: OemCertificate;
  /**
   * The date shown under the tag, matching its state: the day an expired certificate ended, else
   * the nearest future expiry (null when no certificate has a date ahead).
   */
  date: { kind: 'expiredOn' | 'nextExpiry'; date: string } | null;
}

/** What the OEM list shows of an OEM's certificates; null without certificates. */
export function certificateSummary(
  o: Pick<ProducerOem, 'certificates' | 'certificate_status' | 'next_expiry'>,
): CertificateSummary | null {
  if (!o.certificate_status) return null;
  const worst = o.certificates
    .filter((c) => c.validity === o.certificate_status)
    .sort((a, b) => (a.valid_until ?? '9999').localeCompare(b.valid_until ?? '9999'))[0];
  if (!worst) return null;
  if (o.certificate_status === 'expired')
    return { worst, date: worst.valid_until ? { kind: 'expiredOn', date: worst.valid_until } : null };
  return { worst, date: o.next_expiry ? { kind: 'nextExpiry', date: o.next_expiry } : null };
}
