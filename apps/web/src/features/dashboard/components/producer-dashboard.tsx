import type { ReactNode } from 'react';
import { Alert, Button, Card, Col, Empty, Flex, List, Progress, Row, Space, Tag, Typography } from 'antd';
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CustomerServiceOutlined,
  FormOutlined,
  PhoneOutlined,
  ShoppingOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { hasProductAccess } from '@agrihub/contract/gates';
import { menuPaths, visibleMenu } from '@agrihub/contract/menu';
import type { User } from '@agrihub/contract/schemas/auth';
import { profileCompleteness, type Producer } from '@agrihub/contract/schemas/producers';
import { useEnumLabel } from '../../../lib/enums';
import { paths } from '../../../config/paths';
import { useExistingPages } from '../../../components/existing-pages';
import { formatDate, percent } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import { platform } from '../../../lib/platform';
import { useAppDispatch } from '../../../stores/hooks';
import { accountSetupStepChanged, type AccountSetupStep } from '../../../stores/layout-slice';

const STATUS = {
  pending: { color: 'gold', icon: <ClockCircleOutlined /> },
  approved: { color: 'green', icon: <CheckCircleOutlined /> },
  closed: { color: 'red', icon: <StopOutlined /> },
} as const;

interface Step {
  key: string;
  icon: ReactNode;
  action?: { label: string; onClick: () => void };
}

export function ProducerDashboard({ user, producer }: { user: User; producer: Producer | null }) {
  const { t } = useTranslation(['dashboard', 'account', 'common']);
  const label = useEnumLabel();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const existing = useExistingPages();
  const locale = currentLocale();

  const openSetup = (step: AccountSetupStep) => {
    dispatch(accountSetupStepChanged(step));
    void navigate(paths.accountSetup);
  };

  const header = (
    <div style={{ marginBottom: 24 }}>
      <Typography.Title level={3} style={{ margin: 0 }} data-testid="dashboard-greeting">
        {t('dashboard:greeting', { name: user.name })}
      </Typography.Title>
      <Typography.Text type="secondary">{t(`common:${platform.taglineKey}`)}</Typography.Text>
    </div>
  );

  if (!producer) {
    return (
      <>
        {header}
        <Card data-testid="dashboard-no-producer">
          <Empty description={t('dashboard:noProducer')} />
        </Card>
      </>
    );
  }

  const { filled, total, missing } = profileCompleteness(producer);
  const pct = percent(filled, total);
  const productMenu = visibleMenu(platform.key, user).some((e) => e.key === 'products');
  const addProductPath = menuPaths(visibleMenu(platform.key, user)).find((p) => p === '/add-product');

  const steps: Step[] = [];
  if (missing.length > 0) {
    steps.push({
      key: 'completeProfile',
      icon: <FormOutlined />,
      action: { label: t('dashboard:actions.completeProfile'), onClick: () => openSetup('business') },
    });
  }
  if (producer.status === 'pending') steps.push({ key: 'waitApproval', icon: <ClockCircleOutlined /> });
  if (producer.status === 'closed') steps.push({ key: 'contactSupport', icon: <CustomerServiceOutlined /> });
  if (producer.status === 'approved' && productMenu) {
    steps.push({
      key: 'addProducts',
      icon: <ShoppingOutlined />,
      action:
        addProductPath && existing.has(addProductPath)
          ? { label: t('dashboard:actions.addProduct'), onClick: () => void navigate(addProductPath) }
          : undefined,
    });
  }
  if (!hasProductAccess(platform.key, user)) steps.push({ key: 'registerMultichannel', icon: <ShoppingOutlined /> });
  if (!user.phone) {
    steps.push({
      key: 'addPhone',
      icon: <PhoneOutlined />,
      action: { label: t('dashboard:actions.openAccount'), onClick: () => openSetup('account') },
    });
  }

  return (
    <>
      {header}
      <Row gutter={[24, 24]}>
        <Col span={12}>
          <Card title={t('dashboard:status.title')} style={{ height: '100%' }}>
            <div data-testid="producer-status" data-status={producer.status}>
              <Space align="center" style={{ marginBottom: 12 }}>
                <Typography.Text strong style={{ fontSize: 16 }}>
                  {producer.name}
                </Typography.Text>
                <Tag color={STATUS[producer.status].color} icon={STATUS[producer.status].icon}>
                  {label('producerStatus', producer.status)}
                </Tag>
              </Space>
              <Typography.Paragraph>{t(`dashboard:status.${producer.status}`)}</Typography.Paragraph>
              <Typography.Text type="secondary">
                {t('dashboard:status.since', { date: formatDate(producer.created_at, locale) })}
              </Typography.Text>
            </div>
          </Card>
        </Col>
        <Col span={12}>
          <Card title={t('dashboard:completeness.title')} style={{ height: '100%' }}>
            <Flex gap={24} align="center" data-testid="profile-completeness" data-percent={pct}>
              <Progress type="circle" percent={pct} size={96} aria-label={t('dashboard:completeness.title')} />
              <div style={{ flex: 1 }}>
                <Typography.Paragraph style={{ marginBottom: 8 }}>
                  {t('dashboard:completeness.filled', { filled, total })}
                </Typography.Paragraph>
                {missing.length > 0 ? (
                  <>
                    <Typography.Text type="secondary">{t('dashboard:completeness.missing')}</Typography.Text>
                    <Flex wrap gap={6} style={{ margin: '8px 0 12px' }} data-testid="missing-fields">
                      {missing.map((f) => (
                        <Tag key={f}>{t(`account:fields.${f}`)}</Tag>
                      ))}
                    </Flex>
                    <Button type="primary" onClick={() => openSetup('business')} data-testid="complete-profile">
                      {t('dashboard:actions.completeProfile')}
                    </Button>
                  </>
                ) : (
                  <Typography.Text type="success">{t('dashboard:completeness.complete')}</Typography.Text>
                )}
              </div>
            </Flex>
          </Card>
        </Col>
        <Col span={24}>
          <Card title={t('dashboard:next.title')}>
            {steps.length === 0 ? (
              <Alert type="success" showIcon title={t('dashboard:next.allDone')} data-testid="next-steps-done" />
            ) : (
              <List
                data-testid="next-steps"
                dataSource={steps}
                renderItem={(step) => (
                  <List.Item
                    data-testid={`next-step-${step.key}`}
                    actions={
                      step.action
                        ? [
                            <Button key="go" onClick={step.action.onClick}>
                              {step.action.label}
                            </Button>,
                          ]
                        : []
                    }
                  >
                    <List.Item.Meta
                      avatar={<span style={{ fontSize: 20, color: platform.primaryColor }}>{step.icon}</span>}
                      title={t(`dashboard:next.${step.key}.title`)}
                      description={t(`dashboard:next.${step.key}.body`)}
                    />
                  </List.Item>
                )}
              />
            )}
          </Card>
        </Col>
      </Row>
    </>
  );
}
