import { formatDate, t } from '../i18n';
import { batchPath } from '../route';
import type { PublicProductBatch } from '../types';

function BatchBadge({ batch }: { batch: PublicProductBatch }) {
  if (batch.recalled)
    return (
      <span className="badge badge-bad" data-testid="trace-batch-recalled">
        ⚠ {t('batchRecalled')}
      </span>
    );
  if (batch.on_hold) return <span className="badge badge-warn">{t('batchOnHold')}</span>;
  if (batch.expired) return <span className="badge badge-muted">{t('batchExpired')}</span>;
  return null;
}

/** A product's published batches, newest first; each opens its own traceability page. */
export function BatchList({ batches }: { batches: PublicProductBatch[] }) {
  return (
    <section className="card" aria-labelledby="batches-title" data-testid="trace-batches">
      <h2 id="batches-title">{t('batches')}</h2>
      {batches.length === 0 ? (
        <p className="muted">{t('noBatches')}</p>
      ) : (
        <ul className="batches">
          {batches.map((batch) => (
            <li key={batch.code}>
              <a
                href={batchPath(batch.code)}
                className={batch.recalled ? 'batch-link recalled' : 'batch-link'}
                data-testid="trace-batch"
                data-recalled={batch.recalled}
              >
                <span className="batch-head">
                  <strong>
                    {t('lot')} {batch.lot_code}
                  </strong>
                  <BatchBadge batch={batch} />
                </span>
                <span className="muted small">
                  {[
                    batch.variant && batch.variant.label !== '--' ? batch.variant.label : null,
                    `${t('productionDate')}: ${formatDate(batch.production_date)}`,
                    batch.expiry_date ? `${t('expiryDate')}: ${formatDate(batch.expiry_date)}` : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
                <span className="batch-more" aria-hidden="true">
                  ›
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
