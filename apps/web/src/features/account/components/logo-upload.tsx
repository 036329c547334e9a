import { useState } from 'react';
import { App, Avatar, Button, Flex, Popconfirm, Typography, Upload } from 'antd';
import { DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { IMAGE_MAX_BYTES, IMAGE_MIME_TYPES } from '@agrihub/contract/constants';
import { isApiError } from '../../../lib/api-error';
import { formatBytes } from '../../../lib/formatters';
import { useUploadImageMutation } from '../../../lib/session-api';

/**
 * Form control for `logo_url`: uploads through POST /api/v1/images and keeps the answered URL. `id`
 * (from Form.Item) goes on the file input, which the field's label points to.
 */
export function LogoUpload({
  value,
  onChange,
  id,
}: {
  value?: string | null;
  onChange?: (url: string | null) => void;
  id?: string;
}) {
  const { t } = useTranslation(['account', 'validation', 'common']);
  const { message } = App.useApp();
  const [upload] = useUploadImageMutation();
  const [busy, setBusy] = useState(false);

  const check = (file: File): boolean => {
    if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) {
      void message.error(t('validation:unsupported_file_type', { types: 'JPEG, PNG, WebP' }));
      return false;
    }
    if (file.size > IMAGE_MAX_BYTES) {
      void message.error(t('validation:file_too_large', { max: formatBytes(IMAGE_MAX_BYTES) }));
      return false;
    }
    return true;
  };

  return (
    <Flex align="center" gap={16}>
      <Avatar
        shape="square"
        size={88}
        src={value || undefined}
        icon={<PictureOutlined />}
        alt={t('account:fields.logo_url')}
        data-testid="logo-preview"
      />
      <Flex vertical gap={8}>
        <Flex gap={8}>
          <Upload
            id={id}
            accept={IMAGE_MIME_TYPES.join(',')}
            showUploadList={false}
            beforeUpload={(file) => (check(file) ? true : Upload.LIST_IGNORE)}
            customRequest={({ file, onSuccess, onError }) => {
              setBusy(true);
              upload(file as File)
                .unwrap()
                .then((image) => {
                  onChange?.(image.url);
                  onSuccess?.(image);
                  void message.success(t('account:business.logoUploaded'));
                })
                .catch((error: unknown) => {
                  onError?.(new Error('upload failed'));
                  void message.error(isApiError(error) ? error.message : t('common:errors.generic'));
                })
                .finally(() => setBusy(false));
            }}
          >
            <Button icon={<UploadOutlined />} loading={busy} data-testid="logo-upload">
              {value ? t('account:business.changeLogo') : t('account:business.uploadLogo')}
            </Button>
          </Upload>
          {value && (
            <Popconfirm
              title={t('account:business.removeLogoConfirm')}
              okText={t('common:actions.remove')}
              cancelText={t('common:actions.cancel')}
              onConfirm={() => onChange?.(null)}
            >
              <Button icon={<DeleteOutlined />} danger data-testid="logo-remove">
                {t('common:actions.remove')}
              </Button>
            </Popconfirm>
          )}
        </Flex>
        <Typography.Text type="secondary">
          {t('account:business.logoHint', { max: formatBytes(IMAGE_MAX_BYTES) })}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
