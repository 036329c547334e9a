import { Button, Flex, Popconfirm, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

interface RowActionsProps {
  /** What the row is called: the buttons' accessible names and the delete confirmation name it. */
  name: string;
  /** Prefix of the buttons' test ids: `${testId}-edit`, `-preview`, `-delete`, `-delete-confirm`. */
  testId: string;
  /** Edit as a link to the row's page, or as an action (a drawer). */
  editTo?: string;
  onEdit?: () => void;
  onPreview?: () => void;
  /** Delete after a confirmation; pass it only when the user may delete (the caller checks the ability). */
  onDelete?: () => void;
  /** The confirmation's question ("Xóa bài viết này?"). */
  deleteConfirm?: string;
}

/** A list row's icon buttons (edit, preview, delete confirmed), each named for screen readers. */
export function RowActions({ name, testId, editTo, onEdit, onPreview, onDelete, deleteConfirm }: RowActionsProps) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  // Edit to a page is a link (one element: a button inside a link is two nested controls), opened
  // in the app; a new tab or window (modifier keys) is left to the browser.
  const edit = (
    <Button
      type="text"
      size="small"
      icon={<EditOutlined />}
      href={editTo}
      aria-label={t('actions.editNamed', { name })}
      onClick={(e) => {
        if (!editTo) return onEdit?.();
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        void navigate(editTo);
      }}
      data-testid={`${testId}-edit`}
    />
  );
  return (
    <Flex gap={4}>
      {(editTo || onEdit) && <Tooltip title={t('actions.edit')}>{edit}</Tooltip>}
      {onPreview && (
        <Tooltip title={t('actions.preview')}>
          <Button
            type="text"
            size="small"
            icon={<EyeOutlined />}
            aria-label={t('actions.previewNamed', { name })}
            onClick={onPreview}
            data-testid={`${testId}-preview`}
          />
        </Tooltip>
      )}
      {onDelete && (
        <Popconfirm
          title={deleteConfirm ?? t('actions.deleteNamed', { name })}
          description={name}
          okText={t('actions.delete')}
          cancelText={t('actions.cancel')}
          okButtonProps={{ danger: true, 'data-testid': `${testId}-delete-confirm` }}
          onConfirm={onDelete}
        >
          <Tooltip title={t('actions.delete')}>
            <Button
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('actions.deleteNamed', { name })}
              data-testid={`${testId}-delete`}
            />
          </Tooltip>
        </Popconfirm>
      )}
    </Flex>
  );
}
