import { Descriptions, Drawer, Flex, Image, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageMeta } from '@agrihub/contract/schemas/content';
import { QueryError } from '../../../components/query-error';
import { RichTextView } from '../../../components/rich-text-view';
import { useEnumLabel } from '../../../lib/enums';
import { formatDateTime } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import { platform } from '../../../lib/platform';
import { useGetPageViewQuery, useGetPostQuery } from '../api/content-admin-api';
import { ShareCard } from './seo-panel';

/** The resolved SEO metadata (what the server puts in the page's HTML) and its card. */
function ResolvedMeta({ meta }: { meta: PageMeta }) {
  const { t } = useTranslation('content-admin');
  return (
    <Flex vertical gap={8} data-testid="preview-meta">
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('preview.seo')}
      </Typography.Title>
      <Descriptions size="small" column={1} bordered styles={{ label: { width: 140 } }}>
        <Descriptions.Item label={t('seo.metaTitle')}>
          <span data-testid="preview-meta-title">{meta.title}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('seo.metaDescription')}>
          <span data-testid="preview-meta-description">{meta.description}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('seo.metaImage')}>{meta.image_url ?? t('preview.shareImage')}</Descriptions.Item>
      </Descriptions>
      <ShareCard
        preview={{ title: meta.title, description: meta.description, image: meta.image_url ?? platform.shareImage }}
        testId="preview-share-card"
      />
    </Flex>
  );
}

function PostPreviewBody({ id }: { id: number }) {
  const { t } = useTranslation('content-admin');
  const label = useEnumLabel();
  const locale = currentLocale();
  const post = useGetPostQuery(id);
  if (post.isError) return <QueryError error={post.error} onRetry={() => void post.refetch()} />;
  if (!post.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const p = post.data;
  return (
    <Flex vertical gap={16} data-testid="post-preview-body">
      <Flex gap={8} wrap align="center">
        <Tag data-testid="preview-status">{label('postStatus', p.status)}</Tag>
        <Typography.Text type="secondary">{p.category.path}</Typography.Text>
        {p.status === 'scheduled' && p.publish_at && (
          <Typography.Text type="secondary">
            {t('list.scheduledFor', { time: formatDateTime(p.publish_at, locale) })}
          </Typography.Text>
        )}
        {p.published_at && (
          <Typography.Text type="secondary">
            {t('list.publishedAt', { time: formatDateTime(p.published_at, locale) })}
          </Typography.Text>
        )}
      </Flex>
      <Typography.Title level={2} style={{ margin: 0 }} data-testid="preview-title">
        {p.title}
      </Typography.Title>
      {p.summary && (
        <Typography.Paragraph strong style={{ margin: 0 }}>
          {p.summary}
        </Typography.Paragraph>
      )}
      {p.cover && <Image src={p.cover.url} alt={p.title} style={{ maxHeight: 360, objectFit: 'cover' }} />}
      <RichTextView html={p.body} testId="preview-body" />
      <ResolvedMeta meta={p.meta} />
    </Flex>
  );
}

function PageViewPreviewBody({ id }: { id: number }) {
  const label = useEnumLabel();
  const page = useGetPageViewQuery(id);
  if (page.isError) return <QueryError error={page.error} onRetry={() => void page.refetch()} />;
  if (!page.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const p = page.data;
  return (
    <Flex vertical gap={16} data-testid="page-view-preview-body">
      <Flex gap={8} align="center">
        <Tag data-testid="preview-status">{label('pageViewStatus', p.status)}</Tag>
        <Typography.Text type="secondary" code>
          /{p.slug}
        </Typography.Text>
      </Flex>
      <Typography.Title level={2} style={{ margin: 0 }} data-testid="preview-title">
        {p.title}
      </Typography.Title>
      <RichTextView html={p.body} testId="preview-body" />
      <ResolvedMeta meta={p.meta} />
    </Flex>
  );
}

interface Props {
  kind: 'post' | 'page_view';
  /** The record shown; null closes the drawer. */
  id: number | null;
  onClose: () => void;
}

/** A post or a page view as readers will see it (the stored, cleaned HTML) and its resolved SEO metadata. */
export function ContentPreview({ kind, id, onClose }: Props) {
  const { t } = useTranslation('content-admin');
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size="large"
      title={t('preview.title')}
      destroyOnHidden
      data-testid="content-preview"
    >
      {id !== null && (kind === 'post' ? <PostPreviewBody id={id} /> : <PageViewPreviewBody id={id} />)}
    </Drawer>
  );
}
