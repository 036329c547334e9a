import { DatePicker, Descriptions, Form, Input, InputNumber, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  answerText,
  fieldLabel,
  fieldMaxLength,
  validateServiceForm,
  type ServiceFormField,
} from '@agrihub/contract/schemas/service-form';
import type { Locale } from '@agrihub/contract/platforms';
import { currentLocale } from '../../../lib/i18n';

/** Form values of the service's fields (dates as dayjs) → the answers the API takes (`form.fields`). */
export function answersOf(fields: readonly ServiceFormField[], values: Record<string, unknown> | undefined) {
  const out: Record<string, string | number> = {};
  for (const f of fields) {
    const v = values?.[f.key];
    if (v == null || v === '') continue;
    if (dayjs.isDayjs(v)) out[f.key] = v.format('YYYY-MM-DD');
    else if (typeof v === 'string' || typeof v === 'number') out[f.key] = v;
  }
  return out;
}

/** Stored answers → form values (dates as dayjs). */
export function formValuesOf(fields: readonly ServiceFormField[], answers: Record<string, unknown> | undefined) {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = answers?.[f.key];
    if (v == null) continue;
    out[f.key] = f.type === 'date' && typeof v === 'string' ? dayjs(v) : v;
  }
  return out;
}

/**
 * The inputs of a service's own fields (under `fields.<key>` of an antd form), each checked by
 * the contract's validateServiceForm — the same check the server makes.
 */
export function ServiceFieldInputs({ fields }: { fields: readonly ServiceFormField[] }) {
  const { t } = useTranslation('services');
  const locale: Locale = currentLocale();
  return (
    <>
      {fields.map((f) => {
        const help = locale === 'en' ? f.help_en : f.help_vi;
        const rule = () => ({
          validator: async (_: unknown, value: unknown) => {
            const message = validateServiceForm([f], answersOf([f], { [f.key]: value }), locale)[f.key];
            if (message) throw new Error(message);
          },
        });
        const testId = `service-field-${f.key}`;
        let input;
        if (f.type === 'textarea') input = <Input.TextArea rows={4} maxLength={fieldMaxLength(f)} showCount data-testid={testId} />;
        else if (f.type === 'number')
          input = <InputNumber style={{ width: '100%', maxWidth: 240 }} min={f.min ?? undefined} max={f.max ?? undefined} data-testid={testId} />;
        else if (f.type === 'date') input = <DatePicker format="DD/MM/YYYY" data-testid={testId} />;
        else if (f.type === 'select')
          input = (
            <Select
              allowClear
              placeholder={t('fields.choose')}
              data-testid={testId}
              options={(f.options ?? []).map((o) => ({ value: o.value, label: locale === 'en' ? o.label_en : o.label_vi }))}
            />
          );
        else input = <Input inputMode={f.type === 'email' ? 'email' : f.type === 'phone' ? 'tel' : 'text'} data-testid={testId} />;
        return (
          <Form.Item
            key={f.key}
            name={['fields', f.key]}
            label={fieldLabel(f, locale)}
            required={f.required}
            extra={help ?? undefined}
            rules={[rule]}
            validateFirst
          >
            {input}
          </Form.Item>
        );
      })}
    </>
  );
}

/** The answers of a request, labelled by the service's fields (answers to fields since removed show by key). */
export function ServiceAnswers({
  fields,
  answers,
}: {
  fields: readonly ServiceFormField[];
  answers: Record<string, unknown> | undefined;
}) {
  const locale = currentLocale();
  const known = new Set(fields.map((f) => f.key));
  const items = [
    ...fields
      .filter((f) => answers?.[f.key] != null && answers[f.key] !== '')
      .map((f) => ({ key: f.key, label: fieldLabel(f, locale), text: answerText(f, answers?.[f.key], locale) })),
    ...Object.entries(answers ?? {})
      .filter(([k]) => !known.has(k))
      .map(([k, v]) => ({ key: k, label: k, text: String(v) })),
  ];
  if (!items.length) return null;
  return (
    <Descriptions column={{ xs: 1, sm: 2 }} size="small" data-testid="service-answers">
      {items.map((i) => (
        <Descriptions.Item key={i.key} label={i.label}>
          <span style={{ whiteSpace: 'pre-line', wordBreak: 'break-word' }} data-testid={`service-answer-${i.key}`}>
            {i.text}
          </span>
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}
