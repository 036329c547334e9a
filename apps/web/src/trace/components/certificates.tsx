import { formatDate, t } from '../i18n';
import type { PublicCertificate } from '../types';
import { FileIcon } from './icons';

export function Certificates({ certificates }: { certificates: PublicCertificate[] }) {
  return (
    <section className="card" aria-labelledby="certs-title" data-testid="trace-certificates">
      <h2 id="certs-title">{t('certificates')}</h2>
      <ul className="certs">
        {certificates.map((cert, i) => {
          const expired = !cert.valid;
          return (
            <li key={`${cert.name}-${i}`} className="cert">
              <div className="cert-head">
                <strong>{cert.name}</strong>
                <span className={`badge ${expired ? 'badge-bad' : 'badge-good'}`} data-testid="trace-cert-validity">
                  {expired ? t('certExpired') : t('valid')}
                </span>
              </div>
              <p className="muted small">
                {[
                  cert.issuer && `${t('issuer')}: ${cert.issuer}`,
                  cert.number && `${t('number')}: ${cert.number}`,
                  `${t('validUntil')}: ${cert.valid_until ? formatDate(cert.valid_until) : t('noExpiry')}`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
              {cert.file && (
                <a href={cert.file.url} target="_blank" rel="noopener noreferrer" className="small">
                  <FileIcon /> {t('viewFile')}
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
