import { useState } from 'react';
import { platform } from '../../light/platform';
import { SiteContact } from '../../light/site-contact';
import { contactLabels, t } from '../i18n';
import type { PublicProduct } from '../types';
import { BatchList } from './batch-list';
import { Certificates } from './certificates';
import { Lightbox } from './lightbox';
import { ProductCard, Row, localName } from './summary';
import type { Gallery } from './trace-view';

/** `/trace/p/{code}`: what a product's QR code shows: the product, its certificates and batches. */
export function ProductView({ product }: { product: PublicProduct }) {
  const [gallery, setGallery] = useState<Gallery | null>(null);
  const variants = product.variants.map((v) => v.label).filter((label) => label !== '--');
  const photos = product.images;
  return (
    <>
      <ProductCard product={product} producer={product.producer} cover={product.cover}>
        <Row label={t('variants')} value={variants.join(', ')} testId="trace-variants" />
        <Row label={t('gtin')} value={product.gtin} />
      </ProductCard>
      {photos.length > 1 && (
        <section className="card" aria-labelledby="photos-title">
          <h2 id="photos-title">{t('photos')}</h2>
          <div className="photos">
            {photos.map((photo, index) => (
              <button
                key={photo.url}
                type="button"
                className="thumb"
                onClick={() => setGallery({ photos, index })}
                aria-label={t('openPhoto', { n: index + 1 })}
              >
                <img
                  src={photo.thumbnail_url ?? photo.url}
                  alt={t('productPhoto', { n: index + 1, name: localName(product) })}
                  loading="lazy"
                  decoding="async"
                  width={88}
                  height={88}
                />
              </button>
            ))}
          </div>
        </section>
      )}
      {product.certificates.length > 0 && <Certificates certificates={product.certificates} />}
      <BatchList batches={product.batches} />
      <footer className="footer">
        <div>{t('poweredBy', { name: platform.name })}</div>
        <SiteContact labels={contactLabels()} />
      </footer>
      {gallery && <Lightbox gallery={gallery} onChange={setGallery} />}
    </>
  );
}
