import { useRef } from 'react';
import { Button, Flex } from 'antd';
import { CloseOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TRACE_EVENTS_MAX_DOCUMENTS } from '@agrihub/contract/trace-steps';
import type { FileValue } from '../lib/batch-form';
import { UploadButton } from '../../../components/upload-button';
import { FileLink } from '../../../components/file-link';

/** An event's documents (PDF, images, office files) uploaded to /api/v1/attachments. */
export function DocumentsField({ value = [], onChange }: { value?: FileValue[]; onChange?: (v: FileValue[]) => void }) {
  const { t } = useTranslation('batches');
  const latest = useRef(value);
  latest.current = value;
  const set = (next: FileValue[]) => {
    latest.current = next;
    onChange?.(next);
  };
  const room = TRACE_EVENTS_MAX_DOCUMENTS - value.length;
  return (
    <Flex vertical gap={4} align="flex-start">
      {value.map((doc) => (
        <Flex key={doc.id} align="center" gap={4} data-testid="event-document">
          <PaperClipOutlined />
          <FileLink url={doc.url} filename={doc.filename} ellipsis style={{ maxWidth: 360 }}>
            {doc.filename}
          </FileLink>
          <Button
            size="small"
            type="text"
            icon={<CloseOutlined />}
            aria-label={t('events.removeDocument')}
            onClick={() => set(latest.current.filter((d) => d.id !== doc.id))}
          />
        </Flex>
      ))}
      {room > 0 && (
        <UploadButton
          ns="batches"
          kind="attachment"
          multiple
          room={room}
          testId="event-documents"
          onUploaded={(f) =>
            set(
              [...latest.current, { id: f.id, url: f.url, filename: f.filename }].slice(0, TRACE_EVENTS_MAX_DOCUMENTS),
            )
          }
        >
          {(busy) => (
            <Button icon={<UploadOutlined />} loading={busy}>
              {t('events.uploadDocuments')}
            </Button>
          )}
        </UploadButton>
      )}
    </Flex>
  );
}
