import { useState } from 'react';
import { App, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RegisterService } from '@agrihub/contract/schemas/services';
import { QueryError } from '../../../components/query-error';
import { isApiError } from '../../../lib/api-error';
import { useAdminServiceCatalogueQuery, useUpdateCatalogueServiceMutation } from '../api/services-setting-api';
import { CatalogueTable } from '../components/catalogue-table';
import { ServiceDrawer } from '../components/service-drawer';

/** /admin/services-setting: the platform's service catalogue, its availability, prices, target days and pricing. */
export function ServicesSettingPage() {
  const { t } = useTranslation('services-setting');
  const { message } = App.useApp();
  const catalogue = useAdminServiceCatalogueQuery();
  const [update] = useUpdateCatalogueServiceMutation();
  const [editingId, setEditingId] = useState<number | null>(null);
  const [toggling, setToggling] = useState<number | null>(null);
  // The drawer follows the list: after a save or an import it shows the fresh service.
  const editing = catalogue.data?.find((s) => s.id === editingId) ?? null;

  const toggle = async (service: RegisterService, available: boolean) => {
    setToggling(service.id);
    try {
      await update({ id: service.id, body: { available } }).unwrap();
      void message.success(t(available ? 'table.nowAvailable' : 'table.nowUnavailable', { name: service.title }));
    } catch (error) {
      void message.error(isApiError(error) ? error.message : t('drawer.failed'));
    } finally {
      setToggling(null);
    }
  };

  return (
    <Flex vertical gap={16} data-testid="services-setting-page">
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('subtitle')}</Typography.Text>
      </div>
      <Card>
        {catalogue.isError ? (
          <QueryError error={catalogue.error} onRetry={() => void catalogue.refetch()} />
        ) : (
          <CatalogueTable
            services={catalogue.data ?? []}
            loading={catalogue.isFetching}
            toggling={toggling}
            onToggle={(s, on) => void toggle(s, on)}
            onEdit={(s) => setEditingId(s.id)}
          />
        )}
      </Card>
      <ServiceDrawer key={editingId ?? 'closed'} service={editing} onClose={() => setEditingId(null)} />
    </Flex>
  );
}
