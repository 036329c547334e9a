import { useRef } from 'react';
import { Button, Flex, Image } from 'antd';
import { CloseOutlined, LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TRACE_EVENTS_MAX_PHOTOS } from '@agrihub/contract/trace-steps';
import type { PhotoValue } from '../lib/batch-form';
import { UploadButton } from '../../../components/upload-button';

/** An event's photos: upload several at once (/api/v1/images), thumbnails with preview, remove. */
export function PhotosField({ value = [], onChange }: { value?: PhotoValue[]; onChange?: (v: PhotoValue[]) => void }) {
  const { t } = useTranslation('batches');
  // Several uploads finish one after another: always add to the latest list.
  const latest = useRef(value);
  latest.current = value;
  const set = (next: PhotoValue[]) => {
    latest.current = next;
    onChange?.(next);
  };
  const room = TRACE_EVENTS_MAX_PHOTOS - value.length;

  return (
    <Flex wrap gap={8} data-testid="event-photo-list">
      <Image.PreviewGroup>
        {value.map((photo, i) => (
          <div key={photo.id} style={{ position: 'relative' }} data-testid="event-photo">
            <Image
              src={photo.thumbnail_url ?? photo.url}
              alt={t('events.photoNumber', { n: i + 1 })}
              preview={{ src: photo.url }}
              width={88}
              height={88}
              style={{ objectFit: 'cover', borderRadius: 6 }}
            />
            <Button
              size="small"
              shape="circle"
              icon={<CloseOutlined />}
              aria-label={t('events.removePhoto')}
              style={{ position: 'absolute', top: 2, right: 2 }}
              onClick={() => set(latest.current.filter((p) => p.id !== photo.id))}
            />
          </div>
        ))}
      </Image.PreviewGroup>
      {room > 0 && (
        <UploadButton
          ns="batches"
          kind="image"
          multiple
          room={room}
          testId="event-photos"
          onUploaded={(f) =>
            set(
              [...latest.current, { id: f.id, url: f.url, thumbnail_url: f.thumbnail_url }].slice(
                0,
                TRACE_EVENTS_MAX_PHOTOS,
              ),
            )
          }
        >
          {(busy) => (
            <Button
              type="dashed"
              style={{ width: 88, height: 88, flexDirection: 'column', whiteSpace: 'normal', fontSize: 12 }}
              icon={busy ? <LoadingOutlined /> : <PlusOutlined />}
            >
              {t('events.uploadPhotos')}
            </Button>
          )}
        </UploadButton>
      )}
    </Flex>
  );
}
