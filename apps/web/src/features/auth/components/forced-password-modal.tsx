import { Alert, Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from '../../../components/change-password-form';
import { clearSession } from '../../../lib/api';
import { useLogoutMutation } from '../../../lib/session-api';
import { useAppDispatch, useAppSelector } from '../../../stores/hooks';

/**
 * Spec §4: while the account must change its password, a blocking modal covers the page
 * (no close button, mask and Esc do nothing). The form's states are idle → submitting →
 * success (message, flag cleared in the store, the modal goes away) | failure (message, retry).
 * Logging out is the only other way off the page.
 */
export function ForcedPasswordModal() {
  const { t } = useTranslation(['account', 'common']);
  const required = useAppSelector((s) => s.user.required_change_password);
  const dispatch = useAppDispatch();
  const [logout] = useLogoutMutation();

  return (
    <Modal
      open={required}
      title={t('account:forced.title')}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={null}
      destroyOnHidden
      width={520}
    >
      {/* The test id sits on the visible content (antd puts extra props on a zero-size root). */}
      <div data-testid="forced-password-modal">
        <Alert type="warning" showIcon title={t('account:forced.explanation')} style={{ marginBottom: 16 }} />
        <ChangePasswordForm submitText={t('account:forced.submit')} />
        <Button
          type="link"
          style={{ paddingInline: 0, marginTop: 8 }}
          onClick={() => {
            void logout()
              .unwrap()
              .catch(() => undefined)
              .then(() => clearSession(dispatch));
          }}
          data-testid="forced-password-logout"
        >
          {t('common:logout.button')}
        </Button>
      </div>
    </Modal>
  );
}
