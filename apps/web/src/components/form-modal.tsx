import type { ReactNode } from 'react';
import { Alert, Modal, type ModalProps } from 'antd';

type Props = Omit<ModalProps, 'onOk' | 'confirmLoading' | 'okButtonProps' | 'forceRender'> & {
  busy: boolean;
  /** The OK button's data-testid. */
  okTestId: string;
  /** The refusal of the last save (see submitForm), shown above the form. */
  failure: string | null;
  /** What the modal says before the failure and the form. */
  intro?: ReactNode;
  onSave: () => Promise<void>;
};

/** A modal around a form saved by its OK button (busy while saving), with the refusal above the form. */
export function FormModal({ busy, okTestId, failure, intro, onSave, children, ...modal }: Props) {
  return (
    <Modal
      {...modal}
      confirmLoading={busy}
      onOk={() => void onSave()}
      okButtonProps={{ 'data-testid': okTestId }}
      // Rendered while closed: the form instance stays connected for the opening's reset.
      forceRender
    >
      {intro}
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      {children}
    </Modal>
  );
}
