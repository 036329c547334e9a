import { Card, Flex, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { META_DESCRIPTION_MAX, META_TITLE_MAX } from '@agrihub/contract/schemas/content';
import { platform } from '../../../lib/platform';
import { sharePreview, type ImageRef, type MetaValues, type SharePreview } from '../lib/content-form';
import { ImageField } from './image-field';

type Watched = Partial<MetaValues> & { title?: string; summary?: string; body?: string; cover?: ImageRef | null };

/** How a link to the page will look when pasted into Zalo or Facebook. */
export function ShareCard({ preview, testId = 'share-card' }: { preview: SharePreview; testId?: string }) {
  const { t } = useTranslation('content-admin');
  return (
    <div
      data-testid={testId}
      style={{ border: '1px solid #e5e6eb', borderRadius: 8, overflow: 'hidden', background: '#f0f2f5', maxWidth: 420 }}
    >
      {preview.image && (
        <img
          src={preview.image}
          alt=""
          style={{
            display: 'block',
            width: '100%',
            aspectRatio: '1.91 / 1',
            background: '#fff',
            objectFit: 'cover',
          }}
          data-testid={`${testId}-image`}
        />
      )}
      <Flex vertical gap={2} style={{ padding: '8px 12px' }}>
        <Typography.Text type="secondary" style={{ fontSize: 12, textTransform: 'uppercase' }}>
          {window.location.host}
        </Typography.Text>
        <Typography.Text strong ellipsis={{ tooltip: preview.title }} data-testid={`${testId}-title`}>
          {preview.title || t('seo.untitled')}
        </Typography.Text>
        <Typography.Paragraph
          type="secondary"
          style={{ margin: 0, fontSize: 13 }}
          ellipsis={{ rows: 2 }}
          data-testid={`${testId}-description`}
        >
          {preview.description}
        </Typography.Paragraph>
      </Flex>
    </div>
  );
}

/**
 * The SEO metadata of a post or a page view (meta title and description with counters, meta image)
 * and, live, the card a shared link shows with the fallbacks filled in.
 */
export function SeoPanel() {
  const { t } = useTranslation('content-admin');
  const form = Form.useFormInstance();
  const watched = Form.useWatch((v: Watched) => v, form) ?? {};
  const preview = sharePreview(watched, platform.shareImage);
  return (
    <Card title={t('seo.title')} size="small" data-testid="seo-panel">
      <Form.Item name="meta_title" label={t('seo.metaTitle')} extra={t('seo.metaTitleHelp')}>
        <Input
          maxLength={META_TITLE_MAX}
          showCount
          placeholder={t('seo.metaTitlePlaceholder')}
          data-testid="meta-title"
        />
      </Form.Item>
      <Form.Item name="meta_description" label={t('seo.metaDescription')} extra={t('seo.metaDescriptionHelp')}>
        <Input.TextArea
          rows={3}
          maxLength={META_DESCRIPTION_MAX}
          showCount
          // The counter sits under the box: room for it above the help text.
          style={{ marginBottom: 20 }}
          placeholder={t('seo.metaDescriptionPlaceholder')}
          data-testid="meta-description"
        />
      </Form.Item>
      <Form.Item name="meta_image" label={t('seo.metaImage')}>
        <ImageField
          testId="meta-image"
          width={200}
          height={105}
          help={t('seo.metaImageHelp')}
          alt={t('fields.meta_image_id')}
        />
      </Form.Item>
      <Typography.Text strong>{t('seo.previewTitle')}</Typography.Text>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('seo.previewHelp')}
      </Typography.Paragraph>
      <ShareCard preview={preview} />
    </Card>
  );
}
