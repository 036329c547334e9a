import { useState } from 'react';
import { platform } from '../../light/platform';
import { SiteContact } from '../../light/site-contact';
import { contactLabels, t } from '../i18n';
import type { Photo, TraceRecord } from '../types';
import { Banners } from './banners';
import { Certificates } from './certificates';
import { Lightbox } from './lightbox';
import { OriginsSection } from './origins';
import { Rating } from './rating';
import { Summary } from './summary';
import { Timeline } from './timeline';

export interface Gallery {
  photos: Photo[];
  index: number;
}

export function TraceView({ trace, code }: { trace: TraceRecord; code: string }) {
  const [gallery, setGallery] = useState<Gallery | null>(null);
  return (
    <>
      <Banners trace={trace} />
      <Summary trace={trace} />
      <section className="card" aria-labelledby="events-title">
        <h2 id="events-title">{t('events')}</h2>
        <Timeline events={trace.events} onOpen={(photos, index) => setGallery({ photos, index })} />
      </section>
      {trace.origins && <OriginsSection origins={trace.origins} />}
      {trace.certificates.length > 0 && <Certificates certificates={trace.certificates} />}
      {trace.scan_count !== undefined && (
        <section className="card scans" data-testid="trace-scan-count" data-count={trace.scan_count}>
          <span className="scans-number">{trace.scan_count}</span>
          <span>{t('scanCount', { count: trace.scan_count })}</span>
        </section>
      )}
      <Rating code={code} summary={trace.rating} />
      <footer className="footer">
        <div>{t('poweredBy', { name: platform.name })}</div>
        <SiteContact labels={contactLabels()} />
      </footer>
      {gallery && <Lightbox gallery={gallery} onChange={setGallery} />}
    </>
  );
}
