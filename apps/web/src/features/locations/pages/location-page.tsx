import { App, Button, Card, Descriptions, Empty, Flex, Popconfirm, Result, Table, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { generatePath, useNavigate, useParams } from 'react-router';
import { provinceName } from '@agrihub/contract/geo';
import type { LocationCertification } from '@agrihub/contract/schemas/locations';
import { LinkButton } from '../../../components/link-button';
import { LocationOutline } from '../../../components/location-outline';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { formatDate } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import { COL, fittedTable } from '../../../lib/table-layout';
import { useDeleteLocationMutation, useGetLocationQuery } from '../api/locations-api';
import { LocationEvents } from '../components/location-events';
import { LocationDiary } from '../components/location-diary';
import { formatHa, useContractText } from '../lib/labels';

const VALIDITY_COLOR = { valid: 'green', expiring: 'gold', expired: 'red' } as const;

/** /locations/{id}: the location, its outline drawn from the geometry, area, certifications, the events there; edit, delete. */
export function LocationPage() {
  const { t } = useTranslation('locations');
  const text = useContractText();
  const locale = currentLocale();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useGetLocationQuery(id, { skip: !valid, refetchOnMountOrArgChange: true });
  const [remove, removing] = useDeleteLocationMutation();

  if (!valid || (isApiError(query.error) && query.error.status === 404))
    return (
      <Result
        status="404"
        title={t('detail.notFound')}
        extra={
          <LinkButton to={paths.locations} type="primary">
            {t('detail.backToList')}
          </LinkButton>
        }
        data-testid="location-not-found"
      />
    );
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  const l = query.data;
  if (!l) return <PageLoader />;

  const onDelete = async () => {
    try {
      const out = await remove(l.id).unwrap();
      void message.success(out.message ?? t('detail.deleted'));
      void navigate(paths.locations, { replace: true });
    } catch (e) {
      void message.error(isApiError(e) ? e.message : t('errors.generic'));
    }
  };

  const certColumns = [
    {
      key: 'scheme',
      title: t('fields.scheme'),
      width: 120,
      render: (_: unknown, c: LocationCertification) => text(`certification_scheme.${c.scheme}`),
    },
    { key: 'number', title: t('fields.number'), render: (_: unknown, c: LocationCertification) => c.number ?? '—' },
    { key: 'issuer', title: t('fields.issuer'), render: (_: unknown, c: LocationCertification) => c.issuer ?? '—' },
    {
      key: 'dates',
      title: t('fields.validity'),
      // "25/10/2025 – 24/10/2028" on one line.
      width: 200,
      render: (_: unknown, c: LocationCertification) =>
        [c.valid_from && formatDate(c.valid_from, locale), c.valid_until && formatDate(c.valid_until, locale)]
          .map((d) => d || '…')
          .join(' – '),
    },
    {
      key: 'validity',
      title: '',
      width: COL.status,
      render: (_: unknown, c: LocationCertification) => (
        <Tag color={VALIDITY_COLOR[c.validity]} data-testid="certification-validity" data-validity={c.validity}>
          {t(`validity.${c.validity}`)}
        </Tag>
      ),
    },
  ];

  return (
    <Flex vertical gap={16} data-testid="location-page">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Flex align="center" gap={8}>
          <LinkButton
            to={paths.locations}
            aria-label={t('detail.backToList')}
            type="text"
            icon={<ArrowLeftOutlined />}
          />
          <Typography.Title level={3} style={{ margin: 0 }} data-testid="location-title">
            {l.name}
          </Typography.Title>
          <Tag>{text(`location_kind.${l.kind}`)}</Tag>
        </Flex>
        <Flex gap={8}>
          <LinkButton
            to={generatePath(paths.editLocation, { id: String(l.id) })}
            icon={<EditOutlined />}
            data-testid="edit-location"
          >
            {t('actions.edit')}
          </LinkButton>
          <Popconfirm
            title={t('detail.deleteConfirm', { name: l.name })}
            description={t('detail.deleteHint')}
            okText={t('actions.delete')}
            okButtonProps={{ danger: true, 'data-testid': 'confirm-delete-location' }}
            cancelText={t('actions.cancel')}
            onConfirm={() => onDelete()}
          >
            <Button danger icon={<DeleteOutlined />} loading={removing.isLoading} data-testid="delete-location">
              {t('actions.delete')}
            </Button>
          </Popconfirm>
        </Flex>
      </Flex>
      <Flex gap={16} wrap align="stretch">
        <Card title={t('form.outline')} style={{ flex: '1 1 360px' }}>
          {l.geometry ? (
            <Flex vertical gap={8} align="center">
              <LocationOutline geometry={l.geometry} title={l.name} width={420} height={300} />
              <Typography.Text strong data-testid="location-area">
                {l.area_ha === null ? t('detail.point') : t('detail.area', { area: formatHa(l.area_ha, locale) })}
              </Typography.Text>
            </Flex>
          ) : (
            <Empty description={t('form.noOutline')} />
          )}
        </Card>
        <Card title={t('form.general')} style={{ flex: '1 1 360px' }}>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('fields.kind')}>{text(`location_kind.${l.kind}`)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.address')}>
              {[l.address, l.commune, provinceName(l.province_code)].filter(Boolean).join(', ')}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.gln')}>{l.gln ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('fields.crop')}>{l.crop_or_species ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('fields.area')}>
              {l.area_ha === null ? '—' : t('detail.area', { area: formatHa(l.area_ha, locale) })}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.createdAt')}>{formatDate(l.created_at, locale)}</Descriptions.Item>
          </Descriptions>
        </Card>
      </Flex>
      <Card title={t('form.certifications')}>
        <Table<LocationCertification>
          rowKey={(_c, i) => String(i)}
          columns={certColumns}
          dataSource={l.certifications}
          pagination={false}
          locale={{ emptyText: t('detail.noCertifications') }}
          {...fittedTable(certColumns, { flexMin: 180 })}
          data-testid="location-certifications"
        />
      </Card>
      <LocationDiary locationId={l.id} />
      <LocationEvents locationId={l.id} />
    </Flex>
  );
}
