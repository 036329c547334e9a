import { COUNTRIES, provinceName } from '@agrihub/contract/geo';
import { formatDate, formatNumber, locale, t } from '../i18n';
import type { PublicTrace } from '../types';

function countryName(code: string | null | undefined): string | null {
  const country = COUNTRIES.find((c) => c.code === code);
  return country ? country[locale] : null;
}

function Row({ label, value, testId }: { label: string; value: string | null | undefined; testId?: string }) {
  if (!value) return null;
  return (
    <div className="row">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

/** Product, producer, origin and the batch facts. */
export function Summary({ trace }: { trace: PublicTrace }) {
  const { product, producer, production_base: base } = trace;
  const name = (locale === 'en' && product.name_en) || product.name;
  const origin = [provinceName(product.origin_province_code), countryName(product.origin_country)]
    .filter(Boolean)
    .join(', ');
  const baseText = base
    ? [base.name, base.address, provinceName(base.province_code)].filter(Boolean).join(' — ')
    : null;
  const cover = product.images[0] ?? null;
  const description = (locale === 'en' && product.description_en) || product.description;
  return (
    <section className="card product" data-testid="trace-product">
      {cover && (
        <img
          className="cover"
          src={cover.url}
          srcSet={cover.thumbnail_url ? `${cover.thumbnail_url} 320w, ${cover.url} 1200w` : undefined}
          sizes="(max-width: 640px) 100vw, 600px"
          alt={name}
          decoding="async"
          fetchPriority="high"
        />
      )}
      <div className="product-body">
        <p className="eyebrow">{t('verified')}</p>
        <h1 className="product-name" data-testid="trace-product-name">
          {name}
          {trace.variant && trace.variant.label !== '--' && <span className="variant"> · {trace.variant.label}</span>}
        </h1>
        {description && <p className="description">{description}</p>}
        <dl className="facts">
          <Row
            label={t('producer')}
            value={[producer.name, producer.province ?? provinceName(producer.province_code)]
              .filter(Boolean)
              .join(', ')}
            testId="trace-producer"
          />
          <Row label={t('origin')} value={origin} />
          <Row label={t('lot')} value={trace.lot_code} testId="trace-lot" />
          <Row label={t('productionDate')} value={formatDate(trace.production_date)} />
          <Row label={t('expiryDate')} value={formatDate(trace.expiry_date)} />
          <Row label={t('quantity')} value={`${formatNumber(trace.quantity)} ${trace.unit}`} />
          <Row label={t('base')} value={baseText} />
          <Row label={t('gtin')} value={product.gtin} />
          <Row label={t('publishedAt')} value={formatDate(trace.published_at)} />
        </dl>
      </div>
    </section>
  );
}
