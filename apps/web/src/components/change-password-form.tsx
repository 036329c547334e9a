import { useState } from 'react';
import { App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { changePasswordForm } from '@agrihub/contract/schemas/auth';
import { isApiError } from '../lib/api-error';
import { contractRule, formIssues, serverFieldErrors, showFieldErrors } from '../lib/form-rules';
import { useChangePasswordMutation } from '../lib/session-api';

export type ChangePasswordState = 'idle' | 'submitting' | 'success' | 'failure';

interface Values {
  old_password: string;
  password: string;
  password_confirmation: string;
}

/**
 * Spec §5 change-password form (account setup tab and the forced-change modal).
 * Rules are the contract's `changePasswordForm`: each field 6–18, the three "please input"
 * messages, and passwordNotMatches — in which case nothing is sent.
 * States: idle → submitting (button loading) → success (message) | failure (message, loading stops).
 */
export function ChangePasswordForm({ onSuccess, submitText }: { onSuccess?: () => void; submitText?: string }) {
  const { t } = useTranslation(['account', 'validation']);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [changePassword] = useChangePasswordMutation();
  const [state, setState] = useState<ChangePasswordState>('idle');

  const onFinish = async (values: Values) => {
    const issues = formIssues(changePasswordForm, values, t);
    if (issues.length) {
      showFieldErrors(form, issues);
      return;
    }
    setState('submitting');
    try {
      await changePassword({ old_password: values.old_password, password: values.password }).unwrap();
      setState('success');
      form.resetFields();
      void message.success(t('account:changePasswordSuccess'));
      onSuccess?.();
    } catch (error) {
      setState('failure');
      void message.error(t('account:changePasswordFailure'));
      if (isApiError(error)) showFieldErrors(form, serverFieldErrors(error.errors));
    }
  };

  return (
    <Form<Values>
      name="change-password"
      noValidate
      form={form}
      layout="vertical"
      requiredMark
      onFinish={onFinish}
      style={{ maxWidth: 440 }}
      data-testid="change-password-form"
      data-state={state}
    >
      <Form.Item
        name="old_password"
        label={t('account:password.current')}
        required
        rules={[contractRule(changePasswordForm, 'old_password', t)]}
      >
        <Input.Password autoComplete="current-password" data-testid="old-password" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('account:password.new')}
        required
        rules={[contractRule(changePasswordForm, 'password', t)]}
      >
        <Input.Password autoComplete="new-password" data-testid="new-password" />
      </Form.Item>
      <Form.Item
        name="password_confirmation"
        label={t('account:password.confirm')}
        required
        dependencies={['password']}
        rules={[contractRule(changePasswordForm, 'password_confirmation', t)]}
      >
        <Input.Password autoComplete="new-password" data-testid="confirm-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={state === 'submitting'} data-testid="change-password-submit">
        {submitText ?? t('account:password.submit')}
      </Button>
    </Form>
  );
}
