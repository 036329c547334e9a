import { Button, List } from 'antd';
import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Upload } from '@agrihub/contract/schemas/uploads';
import { UploadButton } from '../../../components/upload-button';

interface Props {
  value?: Upload[];
  onChange?: (files: Upload[]) => void;
  max: number;
  disabled?: boolean;
  testId: string;
}

/** Attachments of a request or a reply: upload (checked by the contract limits), list, remove. An antd form field. */
export function FilesField({ value = [], onChange, max, disabled, testId }: Props) {
  const { t } = useTranslation('services');
  return (
    <div>
      <UploadButton
        kind="attachment"
        ns="services"
        multiple
        disabled={disabled || value.length >= max}
        room={max - value.length}
        testId={testId}
        onUploaded={(file) => onChange?.([...value, file])}
      >
        {(busy) => (
          <Button icon={<UploadOutlined />} loading={busy} disabled={disabled || value.length >= max}>
            {t('files.add', { max })}
          </Button>
        )}
      </UploadButton>
      {value.length > 0 && (
        <List
          size="small"
          dataSource={value}
          renderItem={(f) => (
            <List.Item
              key={f.id}
              actions={[
                <Button
                  key="remove"
                  type="text"
                  size="small"
                  icon={<DeleteOutlined />}
                  aria-label={t('files.remove', { name: f.filename })}
                  onClick={() => onChange?.(value.filter((x) => x.id !== f.id))}
                />,
              ]}
            >
              <span style={{ wordBreak: 'break-all' }}>
                <PaperClipOutlined /> {f.filename}
              </span>
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
