import { Card, Col, Flex, Row, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { visibleMenu } from '@agrihub/contract/menu';
import type { User } from '@agrihub/contract/schemas/auth';
import { useEnumLabel } from '../../../lib/enums';
import { useExistingPages } from '../../../components/existing-pages';
import { MenuIcon } from '../../../components/menu-icon';
import { menuLinks } from '../../../lib/menu';
import { platform } from '../../../lib/platform';

/** A short welcome for administrators, with links to the menu entries they can open. */
export function AdminDashboard({ user }: { user: User }) {
  const { t } = useTranslation(['dashboard', 'menu', 'common']);
  const label = useEnumLabel();
  const existing = useExistingPages();
  const entries = menuLinks(visibleMenu(platform.key, user));
  const ready = entries.filter((e) => e.path && existing.has(e.path));
  const upcoming = entries.filter((e) => !e.path || !existing.has(e.path));

  return (
    <>
      <div style={{ marginBottom: 24 }}>
        <Typography.Title level={3} style={{ margin: 0 }} data-testid="dashboard-greeting">
          {t('dashboard:admin.greeting', { name: user.name })}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {t('dashboard:admin.intro', { platform: platform.name })}
        </Typography.Paragraph>
        <Flex gap={6} wrap data-testid="admin-roles">
          {user.roles.map((role) => (
            <Tag key={role} color="volcano">
              {label('role', role)}
            </Tag>
          ))}
        </Flex>
      </div>
      <Card title={t('dashboard:admin.shortcuts')}>
        {ready.length === 0 ? (
          <Typography.Text type="secondary">{t('dashboard:admin.noShortcuts')}</Typography.Text>
        ) : (
          <Row gutter={[16, 16]} data-testid="admin-shortcuts">
            {ready.map((e) => (
              <Col span={6} key={e.key}>
                <Link to={e.path!} data-testid={`shortcut-${e.key}`}>
                  <Card hoverable size="small">
                    <Flex gap={8} align="center">
                      <MenuIcon name={e.icon ?? 'AppstoreOutlined'} />
                      <span>{t(`menu:${e.labelKey}`)}</span>
                    </Flex>
                  </Card>
                </Link>
              </Col>
            ))}
          </Row>
        )}
        {upcoming.length > 0 && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
            {t('dashboard:admin.upcoming', { list: upcoming.map((e) => t(`menu:${e.labelKey}`)).join(', ') })}
          </Typography.Paragraph>
        )}
      </Card>
    </>
  );
}
