import { useEffect, useState } from 'react';
import { App, Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { partnerInput, type Partner, type PartnerInput } from '@agrihub/contract/schemas/partners';
import { provinceName } from '@agrihub/contract/geo';
import { blankToNull, contractRule, submitForm } from '../../../lib/form-rules';
import { FormModal } from '../../../components/form-modal';
import { useFormName } from '../../../lib/form-name';
import { useCreatePartnerMutation, useSearchProducersQuery, useUpdatePartnerMutation } from '../api/partners-api';

type Values = {
  kind: 'platform' | 'outside';
  linked_producer_id?: number | null;
  name?: string;
  tax_code?: string;
  address?: string;
  gln?: string;
  note?: string;
};

const FIELDS = ['linked_producer_id', 'name', 'tax_code', 'address', 'gln', 'note'];

function toRequest(v: Values): PartnerInput {
  const body = blankToNull({ ...v });
  if (v.kind === 'platform') return { linked_producer_id: body.linked_producer_id ?? null, note: body.note ?? null };
  return {
    linked_producer_id: null,
    name: body.name ?? null,
    tax_code: body.tax_code ?? null,
    address: body.address ?? null,
    gln: body.gln ?? null,
    note: body.note ?? null,
  };
}

/**
 * Adds or edits a partner: a producer of the platform, found by name or tax code, or an outside
 * party (name, tax code, address, optional GLN). The note stays the producer's own.
 */
export function PartnerModal({ open, partner, onClose }: { open: boolean; partner: Partner | null; onClose: () => void }) {
  const { t } = useTranslation('partners');
  const { message } = App.useApp();
  const formName = useFormName('partner');
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? 'platform';
  const [q, setQ] = useState('');
  const search = useSearchProducersQuery(q, { skip: q.trim().length < 2 });
  const [create, creating] = useCreatePartnerMutation();
  const [update, updating] = useUpdatePartnerMutation();
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setFailure(null);
    form.setFieldsValue(
      partner
        ? {
            kind: partner.kind,
            linked_producer_id: partner.linked_producer?.id ?? null,
            name: partner.name,
            tax_code: partner.tax_code ?? '',
            address: partner.address ?? '',
            gln: partner.gln ?? '',
            note: partner.note ?? '',
          }
        : { kind: 'platform' },
    );
  }, [open, partner, form]);

  const options = [
    ...(partner?.linked_producer && !(search.data ?? []).some((p) => p.id === partner.linked_producer?.id)
      ? [{ value: partner.linked_producer.id, label: partner.linked_producer.name }]
      : []),
    ...(search.data ?? []).map((p) => ({
      value: p.id,
      label: p.province_code ? `${p.name} — ${provinceName(p.province_code) ?? ''}` : p.name,
    })),
  ];
  const rule = (field: string) => contractRule(partnerInput, field, t, (v) => toRequest(v as unknown as Values));

  const submit = () =>
    submitForm(form, async (v) => {
        const body = toRequest(v);
        if (partner) await update({ id: partner.id, body }).unwrap();
        else await create(body).unwrap();
      }, FIELDS, {
      message,
      done: t('saved'),
      failed: t('saveFailed'),
      setFailure,
      onDone: onClose,
    });

  return (
    <FormModal
      open={open}
      title={partner ? t('editTitle') : t('addTitle')}
      okText={t('save')}
      cancelText={t('cancel')}
      busy={creating.isLoading || updating.isLoading}
      onCancel={onClose}
      okTestId="partner-save"
      failure={failure}
      onSave={submit}
    >
      <Form name={formName} noValidate form={form} layout="vertical" initialValues={{ kind: 'platform' }}>
        <Form.Item name="kind" label={t('fields.kind')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'platform', label: t('kind.platform') },
              { value: 'outside', label: t('kind.outside') },
            ]}
            data-testid="partner-kind"
          />
        </Form.Item>
        {kind === 'platform' ? (
          <Form.Item
            name="linked_producer_id"
            label={t('fields.producer')}
            required
            rules={[{ required: true, message: t('producerRequired') }]}
            extra={t('producerHint')}
          >
            <Select
              showSearch={{ filterOption: false, onSearch: setQ }}
              placeholder={t('producerPlaceholder')}
              loading={search.isFetching}
              notFoundContent={q.trim().length < 2 ? t('typeToSearch') : search.isFetching ? undefined : t('noProducer')}
              options={options}
              data-testid="partner-producer"
            />
          </Form.Item>
        ) : (
          <>
            <Form.Item name="name" label={t('fields.name')} required rules={[rule('name')]}>
              <Input maxLength={200} data-testid="partner-name" />
            </Form.Item>
            <Form.Item name="tax_code" label={t('fields.taxCode')} rules={[rule('tax_code')]}>
              <Input maxLength={20} />
            </Form.Item>
            <Form.Item name="address" label={t('fields.address')} rules={[rule('address')]}>
              <Input maxLength={300} />
            </Form.Item>
            <Form.Item name="gln" label={t('fields.gln')} rules={[rule('gln')]} extra={t('glnHint')}>
              <Input maxLength={13} inputMode="numeric" />
            </Form.Item>
          </>
        )}
        <Form.Item name="note" label={t('fields.note')} extra={t('noteHint')} rules={[rule('note')]}>
          <Input.TextArea rows={2} maxLength={2000} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
