import { useCallback, useEffect, useRef } from 'react';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * Asks before leaving a form with unsaved changes: an in-app navigation to another page opens a
 * confirmation, closing or reloading the tab gets the browser's own warning. `release()` lets the
 * next navigation through (after a save that moves to the saved record's page).
 */
export function useLeaveGuard(dirty: boolean) {
  const { t } = useTranslation('common');
  const guarded = useRef(dirty);
  useEffect(() => {
    guarded.current = dirty;
  }, [dirty]);
  const blocker = useBlocker(
    useCallback(
      ({ currentLocation, nextLocation }) => guarded.current && currentLocation.pathname !== nextLocation.pathname,
      [],
    ),
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const release = useCallback(() => {
    guarded.current = false;
  }, []);

  const prompt = (
    <Modal
      open={blocker.state === 'blocked'}
      title={t('unsaved.title')}
      okText={t('unsaved.leave')}
      cancelText={t('unsaved.stay')}
      okButtonProps={{ danger: true, 'data-testid': 'leave-confirm' }}
      cancelButtonProps={{ 'data-testid': 'leave-cancel' }}
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
      data-testid="leave-prompt"
    >
      {t('unsaved.body')}
    </Modal>
  );
  return { prompt, release };
}
