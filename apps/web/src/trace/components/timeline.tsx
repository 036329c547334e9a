import { formatDateTime, stepLabel, t } from '../i18n';
import type { PublicEvent, TraceFile } from '../types';
import { FileIcon, PinIcon } from './icons';

/** Events oldest first, as the producer recorded the journey. */
export function Timeline({
  events,
  onOpen,
}: {
  events: PublicEvent[];
  onOpen: (photos: TraceFile[], index: number) => void;
}) {
  if (events.length === 0) return <p className="muted">{t('noEvents')}</p>;
  return (
    <ol className="timeline" data-testid="trace-timeline">
      {events.map((event) => (
        <li key={event.id} className="event" data-testid="trace-event" data-step={event.step}>
          <span className="dot" aria-hidden="true" />
          <div className="event-head">
            <strong className="event-step">{stepLabel(event.step)}</strong>
            <time dateTime={event.occurred_at}>{formatDateTime(event.occurred_at)}</time>
          </div>
          {event.origin === 'captured' && (
            <p className="event-partner" data-testid="trace-event-partner">
              {t('partnerEvent', { name: event.captured_by ?? '' })}
            </p>
          )}
          {event.place && (
            <p className="event-place">
              <PinIcon /> {event.place}
            </p>
          )}
          {event.description && <p className="event-text">{event.description}</p>}
          {event.photos.length > 0 && (
            <div className="photos">
              {event.photos.map((photo, index) => (
                <button
                  key={photo.id}
                  type="button"
                  className="thumb"
                  onClick={() => onOpen(event.photos, index)}
                  aria-label={t('openStepPhoto', { n: index + 1, step: stepLabel(event.step) })}
                >
                  <img
                    src={photo.thumbnail_url ?? photo.url}
                    alt={t('stepPhoto', { n: index + 1, step: stepLabel(event.step) })}
                    loading="lazy"
                    decoding="async"
                    width={88}
                    height={88}
                  />
                </button>
              ))}
            </div>
          )}
          {event.documents.length > 0 && (
            <ul className="docs" aria-label={t('documents')}>
              {event.documents.map((doc) => (
                <li key={doc.id}>
                  <a href={doc.url} target="_blank" rel="noopener noreferrer">
                    <FileIcon /> {doc.filename}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
