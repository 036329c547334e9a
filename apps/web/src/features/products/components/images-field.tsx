import { useEffect, useRef, useState } from 'react';
import { Button, Card, Flex, Image, Popconfirm, Tooltip, Typography } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined, DeleteOutlined, PlusOutlined, StarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PRODUCT_MAX_IMAGES } from '@agrihub/contract/schemas/products';
import type { ImageValue } from '../lib/product-form';
import { AccentTag } from '../../../components/accent-tag';
import { UploadButton } from '../../../components/upload-button';

interface Props {
  value?: ImageValue[];
  onChange?: (value: ImageValue[]) => void;
  disabled?: boolean;
}

function move<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/**
 * Product images in display order; the first one is the cover. Order by dragging or with the
 * arrow buttons; "set as cover" moves an image first; removing asks for confirmation.
 */
export function ImagesField({ value = [], onChange, disabled }: Props) {
  const { t } = useTranslation('products');
  const [busy, setBusy] = useState(false);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  // Several files may finish uploading before the next render: append to the latest list.
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);
  const set = (next: ImageValue[]) => {
    latest.current = next;
    onChange?.(next);
  };
  const full = value.length >= PRODUCT_MAX_IMAGES;

  return (
    <Flex vertical gap={8}>
      <Flex wrap gap={12} data-testid="product-images">
        {value.map((img, i) => (
          <Card
            key={img.id}
            size="small"
            styles={{ body: { padding: 6 } }}
            style={{ width: 148, opacity: dragFrom === i ? 0.5 : 1 }}
            draggable={!disabled}
            onDragStart={() => setDragFrom(i)}
            onDragEnd={() => setDragFrom(null)}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => {
              e.preventDefault();
              if (dragFrom !== null) set(move(value, dragFrom, i));
              setDragFrom(null);
            }}
            data-testid="product-image"
          >
            <Image
              src={img.thumbnail_url ?? img.url}
              preview={{ src: img.url }}
              width={134}
              height={100}
              style={{ objectFit: 'cover' }}
              alt={t('images.alt', { n: i + 1 })}
            />
            <Flex justify="space-between" align="center" style={{ marginTop: 4 }}>
              {i === 0 ? (
                <AccentTag style={{ marginInlineEnd: 0 }} data-testid="product-image-cover">
                  {t('images.cover')}
                </AccentTag>
              ) : (
                <Tooltip title={t('images.setCover')}>
                  <Button
                    size="small"
                    type="text"
                    icon={<StarOutlined />}
                    disabled={disabled}
                    onClick={() => set(move(value, i, 0))}
                    aria-label={t('images.setCover')}
                  />
                </Tooltip>
              )}
              <Flex>
                <Tooltip title={t('images.moveLeft')}>
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowLeftOutlined />}
                    disabled={disabled || i === 0}
                    onClick={() => set(move(value, i, i - 1))}
                    aria-label={t('images.moveLeft')}
                  />
                </Tooltip>
                <Tooltip title={t('images.moveRight')}>
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowRightOutlined />}
                    disabled={disabled || i === value.length - 1}
                    onClick={() => set(move(value, i, i + 1))}
                    aria-label={t('images.moveRight')}
                  />
                </Tooltip>
                <Popconfirm
                  title={t('images.removeConfirm')}
                  okText={t('actions.remove')}
                  cancelText={t('actions.cancel')}
                  okButtonProps={{ danger: true }}
                  disabled={disabled}
                  onConfirm={() => set(value.filter((x) => x.id !== img.id))}
                >
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    disabled={disabled}
                    aria-label={t('images.remove')}
                  />
                </Popconfirm>
              </Flex>
            </Flex>
          </Card>
        ))}
        {!disabled && !full && (
          <UploadButton
            ns="products"
            kind="image"
            multiple
            onBusy={setBusy}
            onUploaded={(f) => set([...latest.current, { id: f.id, url: f.url, thumbnail_url: f.thumbnail_url }])}
            testId="product-image-upload"
          >
            <Button icon={<PlusOutlined />} loading={busy} style={{ width: 148, height: 148 }}>
              {t('images.add')}
            </Button>
          </UploadButton>
        )}
      </Flex>
      <Typography.Text type="secondary">{t('images.help', { max: PRODUCT_MAX_IMAGES })}</Typography.Text>
    </Flex>
  );
}
