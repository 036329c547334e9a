import { useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Card, Col, DatePicker, Flex, Form, Input, Popconfirm, Radio, Row, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, generatePath, useNavigate } from 'react-router';
import {
  CONTENT_SLUG_MAX,
  CONTENT_TITLE_MAX,
  POST_STATUSES,
  POST_SUMMARY_MAX,
  postInput,
  slugify,
  type AdminPost,
  type PostStatus,
} from '@agrihub/contract/schemas/content';
import { CategorySelect } from '../../../components/category-select';
import { useLeaveGuard } from '../../../components/leave-guard';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { paths } from '../../../config/paths';
import { useAppAbility } from '../../../lib/ability';
import { useEnumLabel } from '../../../lib/enums';
import { contractRule } from '../../../lib/form-rules';
import { formatDateTime } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import { useCreatePostMutation, useListPostCategoriesQuery, useUpdatePostMutation } from '../api/content-admin-api';
import {
  showSaveError,
  fromVietnamPicker,
  postInputOf,
  postToValues,
  vietnamToday,
  type PostFormValues,
} from '../lib/content-form';
import { ImageField } from './image-field';
import { SeoPanel } from './seo-panel';

const FIELDS = [
  'title',
  'slug',
  'summary',
  'category_id',
  'cover',
  'body',
  'status',
  'publish_at',
  'meta_title',
  'meta_description',
  'meta_image',
];

/**
 * A post's form (/admin/add-post, /admin/posts/{id}): title, slug (made from the title until
 * edited), summary, leaf category, cover, body (rich text), status with the publication time when
 * scheduled (Vietnam time), SEO metadata with the card a shared link shows. Save draft / Publish /
 * Schedule; the server's field errors go under the fields and what was typed stays; leaving with
 * unsaved changes asks first.
 */
export function PostEditor({ post }: { post: AdminPost | null }) {
  const { t } = useTranslation('content-admin');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const label = useEnumLabel();
  const locale = currentLocale();
  const ability = useAppAbility();
  const canSave = ability.can(post ? 'update' : 'create', 'post');
  const [form] = Form.useForm<PostFormValues>();
  const initial = useMemo(() => postToValues(post), [post]);
  const categories = useListPostCategoriesQuery();
  const [create, creating] = useCreatePostMutation();
  const [update, updating] = useUpdatePostMutation();
  const [dirty, setDirty] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [pressed, setPressed] = useState<PostStatus | null>(null);
  // A new post's slug follows its title until the slug is edited by hand.
  const slugFollows = useRef(!post);
  const status = Form.useWatch('status', form) ?? initial.status;
  const { prompt, release } = useLeaveGuard(dirty);
  const saving = creating.isLoading || updating.isLoading;

  const rule = (field: string) => contractRule(postInput, field, t, (v) => postInputOf(v as unknown as PostFormValues));
  /** A scheduled time already past is refused here as the server would (422 publishAtPast). */
  const futureOnly = (v: Dayjs | null) => {
    const at = fromVietnamPicker(v);
    if (at && Date.parse(at) <= Date.now()) throw new Error(t('validation:publishAtPast'));
  };

  const save = async (target: PostStatus) => {
    setFailure(null);
    setPressed(target);
    form.setFieldValue('status', target);
    try {
      await form.validateFields();
    } catch {
      void message.error(t('form.invalid'));
      return;
    }
    const body = postInputOf(form.getFieldsValue(true) as PostFormValues, target);
    try {
      const answer = post ? await update({ id: post.id, body }).unwrap() : await create(body).unwrap();
      void message.success(answer.message ?? t(`post.saved.${answer.item.status}`));
      setDirty(false);
      if (!post) {
        release();
        void navigate(generatePath(paths.adminPost, { id: String(answer.item.id) }), { replace: true });
      } else {
        // What the server stored (a generated slug, the cleaned body) becomes the form's state.
        form.setFieldsValue(postToValues(answer.item));
      }
    } catch (e) {
      showSaveError(form, e, FIELDS, {
        failure: setFailure,
        toast: (text) => void message.error(text),
        generic: t('errors.generic'),
      });
    } finally {
      setPressed(null);
    }
  };

  const stored = post?.status;
  const draftButton = (onClick?: () => void) => (
    <Button loading={saving && pressed === 'draft'} disabled={saving} onClick={onClick} data-testid="save-draft">
      {stored && stored !== 'draft' ? t('post.unpublish') : t('post.saveDraft')}
    </Button>
  );

  return (
    <Flex vertical gap={16} data-testid="post-editor">
      {prompt}
      <Flex justify="space-between" align="center">
        <Flex vertical gap={4}>
          <Link to={paths.adminPosts}>
            <ArrowLeftOutlined /> {t('posts.backToList')}
          </Link>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {post ? t('post.editTitle') : t('post.createTitle')}
          </Typography.Title>
        </Flex>
        {post && (
          <Typography.Text type="secondary" data-testid="post-state">
            {label('postStatus', post.status)}
            {post.status === 'scheduled' && post.publish_at
              ? ` · ${t('list.scheduledFor', { time: formatDateTime(post.publish_at, locale) })}`
              : ''}
            {post.published_at
              ? ` · ${t('list.publishedAt', { time: formatDateTime(post.published_at, locale) })}`
              : ''}
            {` · ${t('post.views', { count: post.view_count })}`}
          </Typography.Text>
        )}
      </Flex>
      {failure && <Alert type="error" showIcon title={failure} data-testid="post-error" />}
      <Form<PostFormValues>
        name="post"
        noValidate
        form={form}
        layout="vertical"
        initialValues={initial}
        disabled={!canSave}
        onValuesChange={(changed: Partial<PostFormValues>) => {
          setDirty(true);
          if ('slug' in changed) slugFollows.current = false;
          if ('title' in changed && slugFollows.current) form.setFieldValue('slug', slugify(changed.title ?? ''));
        }}
        data-testid="post-form"
      >
        <Row gutter={16} wrap={false}>
          <Col flex="auto" style={{ minWidth: 0 }}>
            <Card>
              <Form.Item name="title" label={t('fields.title')} required rules={[rule('title')]}>
                <Input
                  maxLength={CONTENT_TITLE_MAX}
                  showCount
                  placeholder={t('post.titlePlaceholder')}
                  data-testid="post-title-input"
                />
              </Form.Item>
              <Form.Item
                name="slug"
                label={t('fields.slug')}
                extra={t('post.slugHelp')}
                rules={[rule('slug')]}
                normalize={(v: string) => v.toLowerCase().replace(/\s+/g, '-')}
              >
                <Input maxLength={CONTENT_SLUG_MAX} addonBefore="/news/" data-testid="post-slug" />
              </Form.Item>
              <Form.Item name="summary" label={t('fields.summary')} rules={[rule('summary')]}>
                <Input.TextArea
                  rows={3}
                  maxLength={POST_SUMMARY_MAX}
                  showCount
                  placeholder={t('post.summaryPlaceholder')}
                  data-testid="post-summary"
                />
              </Form.Item>
              <Form.Item name="body" label={t('fields.body')} required rules={[rule('body')]}>
                <RichTextEditor testId="post-body" ariaLabel={t('fields.body')} minHeight={360} />
              </Form.Item>
            </Card>
          </Col>
          <Col flex="340px">
            <Flex vertical gap={16}>
              <Card title={t('post.publishing')} size="small" data-testid="publish-panel">
                <Form.Item name="status" label={t('fields.status')}>
                  <Radio.Group
                    optionType="button"
                    options={POST_STATUSES.map((s) => ({ value: s, label: label('postStatus', s) }))}
                    data-testid="post-status-choice"
                  />
                </Form.Item>
                {status === 'scheduled' && (
                  <Form.Item
                    name="publish_at"
                    label={t('fields.publishAt')}
                    extra={t('post.publishAtHelp')}
                    required
                    rules={[rule('publish_at'), { validator: async (_, v: Dayjs | null) => futureOnly(v) }]}
                  >
                    <DatePicker
                      showTime={{ format: 'HH:mm' }}
                      format="DD/MM/YYYY HH:mm"
                      placeholder={t('post.publishAtPlaceholder')}
                      disabledDate={(d) => d.isBefore(vietnamToday(), 'day')}
                      style={{ width: '100%' }}
                      data-testid="post-publish-at"
                    />
                  </Form.Item>
                )}
                {canSave && (
                  <Flex gap={8} wrap>
                    {stored === 'published' || stored === 'scheduled' ? (
                      <Popconfirm
                        title={t('post.unpublishConfirm')}
                        okText={t('post.unpublish')}
                        cancelText={t('actions.cancel')}
                        onConfirm={() => save('draft')}
                      >
                        {draftButton()}
                      </Popconfirm>
                    ) : (
                      draftButton(() => void save('draft'))
                    )}
                    <Button
                      type={status === 'scheduled' ? 'default' : 'primary'}
                      loading={saving && pressed === 'published'}
                      disabled={saving}
                      onClick={() => void save('published')}
                      data-testid="publish"
                    >
                      {stored === 'published' ? t('post.update') : t('post.publish')}
                    </Button>
                    <Button
                      type={status === 'scheduled' ? 'primary' : 'default'}
                      loading={saving && pressed === 'scheduled'}
                      disabled={saving}
                      onClick={() => void save('scheduled')}
                      data-testid="schedule"
                    >
                      {t('post.schedule')}
                    </Button>
                  </Flex>
                )}
              </Card>
              <Card title={t('fields.category')} size="small">
                <Form.Item
                  name="category_id"
                  required
                  // The contract's key reads "product category": a post's own wording here.
                  rules={[{ required: true, message: t('post.categoryRequired') }]}
                  extra={t('post.categoryHelp')}
                >
                  <CategorySelect
                    categories={categories.data ?? []}
                    loading={categories.isLoading}
                    placeholder={t('post.categoryPlaceholder')}
                    aria-label={t('fields.category')}
                    testId="post-category"
                  />
                </Form.Item>
                {categories.isError && <Alert type="warning" title={t('post.categoriesFailed')} showIcon />}
              </Card>
              <Card title={t('fields.cover')} size="small">
                <Form.Item name="cover" style={{ marginBottom: 0 }}>
                  <ImageField
                    testId="post-cover"
                    width={300}
                    height={169}
                    help={t('post.coverHelp')}
                    alt={t('fields.cover')}
                  />
                </Form.Item>
              </Card>
              <SeoPanel />
            </Flex>
          </Col>
        </Row>
      </Form>
    </Flex>
  );
}
