import { useEffect, useState } from 'react';
import { Alert, App, AutoComplete, Button, Drawer, Flex, Form, Input, InputNumber, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  FAQ_GROUP_MAX,
  FAQ_POSITION_MAX,
  FAQ_QUESTION_MAX,
  faqInput,
  type Faq,
  type FaqInput,
} from '@agrihub/contract/schemas/content';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { isApiError } from '../../../lib/api-error';
import { contractRule, serverFieldErrors, showFieldErrors } from '../../../lib/form-rules';
import { useCreateFaqMutation, useUpdateFaqMutation } from '../api/content-admin-api';

interface FaqValues {
  question: string;
  answer: string;
  group: string;
  position: number | null;
  published: boolean;
}

const FIELDS = ['question', 'answer', 'group', 'position', 'published'];

const valuesOf = (faq: Faq | null, group?: string): FaqValues => ({
  question: faq?.question ?? '',
  answer: faq?.answer ?? '',
  group: faq?.group ?? group ?? '',
  position: faq?.position ?? 0,
  published: faq?.published ?? true,
});

const inputOf = (v: FaqValues): FaqInput => ({
  question: v.question,
  answer: v.answer,
  group: v.group,
  position: v.position ?? 0,
  published: v.published,
});

interface Props {
  /** null: closed; 'new': a new FAQ; otherwise the FAQ edited. */
  editing: Faq | 'new' | null;
  /** The platform's groups, offered while typing the group. */
  groups: readonly string[];
  /** A new FAQ starts in this group (the list's group filter). */
  defaultGroup?: string;
  onClose: () => void;
}

/** Create or edit a FAQ in a drawer: question, answer (rich text), group (existing ones offered), order, published. */
export function FaqDrawer({ editing, groups, defaultGroup, onClose }: Props) {
  const { t } = useTranslation('content-admin');
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<FaqValues>();
  const [create, creating] = useCreateFaqMutation();
  const [update, updating] = useUpdateFaqMutation();
  const [dirty, setDirty] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const faq = editing && editing !== 'new' ? editing : null;
  const open = editing !== null;
  const rule = (field: string) => contractRule(faqInput, field, t, (v) => inputOf(v as unknown as FaqValues));

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(valuesOf(faq, defaultGroup));
    setDirty(false);
    setFailure(null);
  }, [open, faq, defaultGroup, form]);

  const close = () => {
    if (!dirty) return onClose();
    modal.confirm({
      title: t('common:unsaved.title'),
      content: t('common:unsaved.body'),
      okText: t('common:unsaved.leave'),
      cancelText: t('common:unsaved.stay'),
      okButtonProps: { danger: true, 'data-testid': 'leave-confirm' },
      onOk: onClose,
    });
  };

  const submit = async () => {
    setFailure(null);
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const body = inputOf(form.getFieldsValue(true) as FaqValues);
    try {
      const answer = faq ? await update({ id: faq.id, body }).unwrap() : await create(body).unwrap();
      void message.success(answer.message ?? t(faq ? 'faqs.saved' : 'faqs.created'));
      setDirty(false);
      onClose();
    } catch (e) {
      if (!isApiError(e)) return setFailure(t('errors.generic'));
      const fields = serverFieldErrors(e.errors, FIELDS);
      showFieldErrors(form, fields);
      if (!fields.length) setFailure(e.message);
      void message.error(e.message);
    }
  };

  const options = groups.map((g) => ({ value: g }));

  return (
    <Drawer
      open={open}
      onClose={close}
      size="large"
      title={faq ? t('faqs.editTitle') : t('faqs.createTitle')}
      data-testid="faq-drawer"
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={close}>{t('actions.cancel')}</Button>
          <Button
            type="primary"
            loading={creating.isLoading || updating.isLoading}
            onClick={() => void submit()}
            data-testid="faq-save"
          >
            {t('actions.save')}
          </Button>
        </Flex>
      }
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} data-testid="faq-error" />}
      <Form<FaqValues>
        name="faq"
        noValidate
        form={form}
        layout="vertical"
        initialValues={valuesOf(faq, defaultGroup)}
        onValuesChange={() => setDirty(true)}
        data-testid="faq-form"
      >
        <Form.Item name="question" label={t('faqs.question')} required rules={[rule('question')]}>
          <Input maxLength={FAQ_QUESTION_MAX} showCount data-testid="faq-question" />
        </Form.Item>
        <Form.Item name="answer" label={t('faqs.answer')} required rules={[rule('answer')]}>
          {open ? <RichTextEditor testId="faq-answer" ariaLabel={t('faqs.answer')} minHeight={200} /> : <span />}
        </Form.Item>
        <Flex gap={16}>
          <Form.Item
            name="group"
            label={t('faqs.group')}
            required
            rules={[rule('group')]}
            extra={t('faqs.groupHelp')}
            style={{ flex: 1 }}
          >
            <AutoComplete
              options={options}
              maxLength={FAQ_GROUP_MAX}
              showSearch={{
                filterOption: (input, option) =>
                  (option?.value ?? '').toLocaleLowerCase('vi').includes(input.toLocaleLowerCase('vi')),
              }}
              data-testid="faq-group"
            />
          </Form.Item>
          <Form.Item
            name="position"
            label={t('faqs.position')}
            rules={[rule('position')]}
            extra={t('faqs.positionHelp')}
            style={{ width: 160 }}
          >
            <InputNumber
              min={0}
              max={FAQ_POSITION_MAX}
              precision={0}
              style={{ width: '100%' }}
              data-testid="faq-position"
            />
          </Form.Item>
          <Form.Item name="published" label={t('faqs.published')} valuePropName="checked">
            <Switch data-testid="faq-published" />
          </Form.Item>
        </Flex>
      </Form>
    </Drawer>
  );
}
