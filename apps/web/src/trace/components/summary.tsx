import type { ReactNode } from 'react';
import { COUNTRIES, provinceName } from '@agrihub/contract/geo';
import { COVER_SIZES, coverSrcSet } from '@agrihub/contract/cover-image';
import { formatDate, formatNumber, locale, t } from '../i18n';
import type { PublicTrace, TraceRecord } from '../types';

type Product = PublicTrace['product'];
type Producer = PublicTrace['producer'];
type Image = Product['images'][number];

function countryName(code: string | null | undefined): string | null {
  const country = COUNTRIES.find((c) => c.code === code);
  return country ? country[locale] : null;
}

export function Row({ label, value, testId }: { label: string; value: string | null | undefined; testId?: string }) {
  if (!value) return null;
  return (
    <div className="row">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

/** The name in the reader's language (English when there is one), else the Vietnamese name. */
export function localName(p: { name: string; name_en: string | null }): string {
  return (locale === 'en' && p.name_en) || p.name;
}

/**
 * The product card both public pages open with: cover, name, description, producer and origin,
 * then the page's own facts (`children`, a list of Row).
 */
export function ProductCard({
  product,
  producer,
  cover,
  variantLabel,
  children,
}: {
  product: Pick<
    Product,
    'name' | 'name_en' | 'description' | 'description_en' | 'origin_province_code' | 'origin_country'
  >;
  producer: Producer;
  cover: Image | null;
  variantLabel?: string | null;
  children?: ReactNode;
}) {
  const name = localName(product);
  const origin = [provinceName(product.origin_province_code), countryName(product.origin_country)]
    .filter(Boolean)
    .join(', ');
  const description = (locale === 'en' && product.description_en) || product.description;
  return (
    <section className="card product" data-testid="trace-product">
      {cover && (
        <img
          className="cover"
          src={cover.url}
          srcSet={coverSrcSet(cover)}
          sizes={COVER_SIZES}
          alt={name}
          decoding="async"
          fetchPriority="high"
        />
      )}
      <div className="product-body">
        <p className="eyebrow">{t('verified')}</p>
        <h1 className="product-name" data-testid="trace-product-name">
          {name}
          {variantLabel && variantLabel !== '--' && <span className="variant"> · {variantLabel}</span>}
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
          <Row label={t('producerAddress')} value={producer.address} testId="trace-producer-address" />
          <Row label={t('origin')} value={origin} />
          {children}
        </dl>
      </div>
    </section>
  );
}

/** Product, producer, origin and the batch facts. */
export function Summary({ trace }: { trace: TraceRecord }) {
  const { product, production_base: base } = trace;
  const baseText = base
    ? [base.name, base.address, provinceName(base.province_code)].filter(Boolean).join(' — ')
    : null;
  return (
    <ProductCard
      product={product}
      producer={trace.producer}
      cover={product.images[0] ?? null}
      variantLabel={trace.variant?.label}
    >
      <Row label={t('traceCode')} value={trace.code} testId="trace-code" />
      <Row label={t('lot')} value={trace.lot_code} testId="trace-lot" />
      <Row label={t('productionDate')} value={formatDate(trace.production_date)} testId="trace-production-date" />
      <Row label={t('expiryDate')} value={formatDate(trace.expiry_date)} testId="trace-expiry-date" />
      {/* Circular 02/2024 (ADR 043): each shows only where the producer gave it. */}
      <Row
        label={t('shelfLife')}
        value={product.shelf_life_days ? t('shelfLifeDays', { count: product.shelf_life_days }) : null}
        testId="trace-shelf-life"
      />
      <Row label={t('quantity')} value={`${formatNumber(trace.quantity)} ${trace.unit}`} />
      <Row label={t('base')} value={baseText} />
      <Row label={t('brand')} value={product.brand} testId="trace-brand" />
      <Row label={t('trademark')} value={product.trademark} testId="trace-trademark" />
      <Row label={t('productCode')} value={product.sku} testId="trace-sku" />
      <Row label={t('gtin')} value={product.gtin} testId="trace-gtin" />
      <Row label={t('standards')} value={trace.standards.join(' · ')} testId="trace-standards" />
      <Row label={t('publishedAt')} value={formatDate(trace.published_at)} />
    </ProductCard>
  );
}
