import { useState } from 'react';
import { App, Button, Card, Empty, Flex, Form, Input, List, Switch, Tag, Typography } from 'antd';
import { EyeInvisibleOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Upload } from '@agrihub/contract/schemas/uploads';
import {
  SERVICE_REQUEST_NOTE_FILES_MAX,
  SERVICE_REQUEST_NOTE_MAX,
} from '@agrihub/contract/schemas/admin-service-requests';
import { AccentTag } from '../../../components/accent-tag';
import { UploadButton } from '../../../components/upload-button';
import { isApiError } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import { useUpdateServiceRequestMutation, type AdminServiceRequestDetail } from '../api/services-approval-api';
import { FileLinks } from './file-links';

interface NoteValues {
  body: string;
  internal: boolean;
}

/**
 * The request's notes, newest last: internal ones are marked and tinted (the producer never sees
 * them). Staff add a note for the producer or an internal one, with files; what was typed stays
 * when the server refuses. Read-only while the request is locked.
 */
export function NotesPanel({ request }: { request: AdminServiceRequestDetail }) {
  const { t } = useTranslation('services-approval');
  const { message } = App.useApp();
  const locale = currentLocale();
  const [form] = Form.useForm<NoteValues>();
  const [files, setFiles] = useState<Upload[]>([]);
  const [uploading, setUploading] = useState(false);
  const [update, state] = useUpdateServiceRequestMutation();
  const internal = Form.useWatch('internal', form);

  const submit = async (v: NoteValues) => {
    try {
      const a = await update({
        id: request.id,
        body: { note: { body: v.body.trim(), internal: !!v.internal, attachments: files.map((f) => f.id) } },
      }).unwrap();
      void message.success(a.message ?? t('notes.added'));
      form.resetFields();
      setFiles([]);
    } catch (e) {
      void message.error(isApiError(e) ? e.message : t('errors.generic'));
    }
  };

  return (
    <Card title={t('notes.title')} size="small" data-testid="request-notes">
      <List
        dataSource={request.notes}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notes.empty')} /> }}
        renderItem={(n) => (
          <List.Item
            data-testid="request-note"
            data-internal={n.internal}
            style={n.internal ? { background: '#fffbe6', paddingInline: 8 } : { paddingInline: 8 }}
          >
            <Flex vertical gap={4} style={{ width: '100%' }}>
              <Flex gap={8} align="center" wrap>
                <Typography.Text strong>{n.author?.name ?? t('notes.system')}</Typography.Text>
                {n.author && !n.author.staff && <AccentTag>{t('notes.fromProducer')}</AccentTag>}
                {n.internal && (
                  <Tag color="gold" icon={<EyeInvisibleOutlined />} data-testid="note-internal">
                    {t('notes.internal')}
                  </Tag>
                )}
                <Typography.Text type="secondary">{formatDateTime(n.created_at, locale)}</Typography.Text>
              </Flex>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{n.body}</Typography.Paragraph>
              <FileLinks files={n.attachments} />
            </Flex>
          </List.Item>
        )}
      />
      {!request.locked && (
        <Form
          name="admin-notes"
          noValidate
          form={form}
          layout="vertical"
          initialValues={{ internal: false }}
          onFinish={(v) => void submit(v)}
          style={{ marginTop: 16 }}
        >
          <Form.Item
            name="body"
            label={t('notes.new')}
            rules={[{ required: true, whitespace: true, message: t('notes.bodyRequired') }]}
          >
            <Input.TextArea rows={3} maxLength={SERVICE_REQUEST_NOTE_MAX} showCount data-testid="note-body" />
          </Form.Item>
          <FileLinks files={files} testId="note-files" />
          <Flex justify="space-between" align="center" gap={8} wrap style={{ marginTop: 8 }}>
            <Flex gap={16} align="center">
              <Form.Item name="internal" valuePropName="checked" noStyle>
                <Switch aria-label={t('notes.internal')} data-testid="note-internal-switch" />
              </Form.Item>
              <Typography.Text type={internal ? 'warning' : 'secondary'}>
                {internal ? t('notes.internalHint') : t('notes.visibleHint')}
              </Typography.Text>
            </Flex>
            <Flex gap={8}>
              <UploadButton
                kind="attachment"
                ns="services-approval"
                multiple
                room={SERVICE_REQUEST_NOTE_FILES_MAX - files.length}
                disabled={files.length >= SERVICE_REQUEST_NOTE_FILES_MAX}
                onBusy={setUploading}
                onUploaded={(f) => setFiles((fs) => [...fs, f])}
                testId="note-upload"
              >
                <Button icon={<UploadOutlined />} loading={uploading}>
                  {t('notes.attach')}
                </Button>
              </UploadButton>
              <Button
                type="primary"
                htmlType="submit"
                loading={state.isLoading}
                disabled={uploading}
                data-testid="note-submit"
              >
                {t('notes.submit')}
              </Button>
            </Flex>
          </Flex>
        </Form>
      )}
    </Card>
  );
}
