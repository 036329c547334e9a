import { useState } from 'react';
import { Button, Flex, Image, Popconfirm, Typography } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { UploadButton } from '../../../components/upload-button';
import type { ImageRef } from '../lib/content-form';

interface Props {
  value?: ImageRef | null;
  onChange?: (value: ImageRef | null) => void;
  disabled?: boolean;
  /** data-testid of the field; the upload input is `${testId}-upload`. */
  testId: string;
  width?: number;
  height?: number;
  help?: string;
  /** What the image is (the field's name): its text for screen readers. */
  alt: string;
}

/** One image (a cover, a meta image): uploaded through /api/v1/images, shown, replaced or removed (asked first). */
export function ImageField({ value, onChange, disabled, testId, width = 240, height = 135, help, alt }: Props) {
  const { t } = useTranslation('content-admin');
  const [busy, setBusy] = useState(false);
  return (
    <Flex vertical gap={8} data-testid={testId}>
      {value ? (
        <Image
          src={value.thumbnail_url ?? value.url}
          preview={{ src: value.url }}
          width={width}
          height={height}
          style={{ objectFit: 'cover', borderRadius: 6 }}
          alt={alt}
          data-testid={`${testId}-preview`}
        />
      ) : (
        <Flex
          align="center"
          justify="center"
          style={{ width, height, border: '1px dashed #d9d9d9', borderRadius: 6, background: '#fafafa' }}
        >
          <Typography.Text type="secondary">{t('image.none')}</Typography.Text>
        </Flex>
      )}
      {!disabled && (
        <Flex gap={8}>
          <UploadButton
            kind="image"
            ns="content-admin"
            onBusy={setBusy}
            onUploaded={(f) => onChange?.({ id: f.id, url: f.url, thumbnail_url: f.thumbnail_url })}
            testId={`${testId}-upload`}
          >
            <Button icon={<UploadOutlined />} loading={busy}>
              {value ? t('image.replace') : t('image.choose')}
            </Button>
          </UploadButton>
          {value && (
            <Popconfirm
              title={t('image.removeConfirm')}
              okText={t('actions.remove')}
              cancelText={t('actions.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => onChange?.(null)}
            >
              <Button danger icon={<DeleteOutlined />} data-testid={`${testId}-remove`}>
                {t('image.remove')}
              </Button>
            </Popconfirm>
          )}
        </Flex>
      )}
      {help && <Typography.Text type="secondary">{help}</Typography.Text>}
    </Flex>
  );
}
