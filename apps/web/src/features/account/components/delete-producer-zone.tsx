import { useState } from 'react';
import { Alert, Button, Card, Input, Modal, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Producer } from '@agrihub/contract/schemas/producers';
import { clearSession } from '../../../lib/api';
import { isApiError } from '../../../lib/api-error';
import { useAppDispatch } from '../../../stores/hooks';
import { useDeleteOwnProducerMutation } from '../api/delete-producer-api';

/** The typed name matches the producer's (spaces around and case aside). */
export const nameMatches = (typed: string, name: string) =>
  typed.trim().toLocaleLowerCase('vi') === name.trim().toLocaleLowerCase('vi');

/**
 * The business information page's danger zone: deleting the own producer, asked twice (what it
 * does, then the producer's name typed in). The server refuses while something public or open
 * keeps it and names it; a deleted producer's accounts are deactivated, so the session ends.
 */
export function DeleteProducerZone({ producer }: { producer: Producer }) {
  const { t } = useTranslation(['account', 'common']);
  const dispatch = useAppDispatch();
  const [step, setStep] = useState<'closed' | 'explain' | 'type'>('closed');
  const [typed, setTyped] = useState('');
  const [refusal, setRefusal] = useState<{ message: string; reasons: string[] } | null>(null);
  const [remove, { isLoading }] = useDeleteOwnProducerMutation();

  const close = () => {
    setStep('closed');
    setTyped('');
    setRefusal(null);
  };
  const confirm = async () => {
    try {
      const answer = await remove(producer.id).unwrap();
      // Its accounts, this one included, are deactivated: the session is over.
      await clearSession(dispatch, { notice: answer.message ?? t('account:deleteProducer.done') });
    } catch (e) {
      setRefusal({
        message: isApiError(e) ? e.message : t('common:errors.generic'),
        reasons: isApiError(e) ? e.errors.map((x) => x.message) : [],
      });
    }
  };

  return (
    <Card
      title={t('account:deleteProducer.title')}
      style={{ marginTop: 32, maxWidth: 880, borderColor: '#ffccc7' }}
      styles={{ header: { color: '#cf1322' } }}
      data-testid="delete-producer-zone"
    >
      <Typography.Paragraph>{t('account:deleteProducer.intro')}</Typography.Paragraph>
      <ul style={{ marginTop: 0 }}>
        <li>{t('account:deleteProducer.whatGoes')}</li>
        <li>{t('account:deleteProducer.whatStays')}</li>
        <li>{t('account:deleteProducer.accounts')}</li>
        <li>{t('account:deleteProducer.blockers')}</li>
      </ul>
      <Button danger icon={<DeleteOutlined />} onClick={() => setStep('explain')} data-testid="delete-producer">
        {t('account:deleteProducer.button')}
      </Button>

      <Modal
        open={step === 'explain'}
        title={t('account:deleteProducer.firstTitle', { name: producer.name })}
        okText={t('account:deleteProducer.continue')}
        okButtonProps={{ danger: true, 'data-testid': 'delete-producer-continue' }}
        cancelText={t('common:actions.cancel')}
        onOk={() => setStep('type')}
        onCancel={close}
        data-testid="delete-producer-first"
      >
        <Typography.Paragraph>{t('account:deleteProducer.firstBody')}</Typography.Paragraph>
      </Modal>

      <Modal
        open={step === 'type'}
        title={t('account:deleteProducer.secondTitle')}
        okText={t('account:deleteProducer.confirm')}
        okButtonProps={{
          danger: true,
          disabled: !nameMatches(typed, producer.name),
          loading: isLoading,
          'data-testid': 'delete-producer-confirm',
        }}
        cancelText={t('common:actions.cancel')}
        onOk={() => void confirm()}
        onCancel={close}
        destroyOnHidden
        data-testid="delete-producer-second"
      >
        <Typography.Paragraph>
          {t('account:deleteProducer.typeName')} <Typography.Text strong>{producer.name}</Typography.Text>
        </Typography.Paragraph>
        <Input
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
          aria-label={t('account:deleteProducer.typeNameLabel')}
          data-testid="delete-producer-name"
        />
        {refusal && (
          <Alert
            type="error"
            showIcon
            style={{ marginTop: 16 }}
            title={refusal.message}
            description={
              refusal.reasons.length > 1 ? (
                <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                  {refusal.reasons.map((r) => (
                    <li key={r}>{r}</li>
                  ))}
                </ul>
              ) : undefined
            }
            data-testid="delete-producer-refused"
          />
        )}
      </Modal>
    </Card>
  );
}
