import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Flex, List, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { Link, generatePath } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QueryError } from './query-error';
import { paths } from '../config/paths';
import { isApiError } from '../lib/api-error';
import { eudrPath, useEudrStatementQuery, type EudrSubjectKind } from '../lib/eudr-api';
import { currentLocale } from '../lib/i18n';
import { fetchPrivateFile, saveBlob } from '../lib/private-file';
import { formatDay, formatQuantity } from '../lib/shipment-format';
import { useAppSelector } from '../stores/hooks';

/**
 * The EUDR card of a lot or a shipment (ADR 042): whether its due diligence statement is ready
 * (else each reason, with links to the producer's own plots to fix), the statement's data, and the
 * plots' GeoJSON to download. Shows nothing for a product outside the EUDR commodities.
 */
export function EudrCard({ kind, id }: { kind: EudrSubjectKind; id: number }) {
  const { t } = useTranslation('chain');
  const { message } = App.useApp();
  const locale = currentLocale();
  const token = useAppSelector((s) => s.user.token);
  const query = useEudrStatementQuery({ kind, id }, { refetchOnMountOrArgChange: true });
  const [downloading, setDownloading] = useState(false);

  if (isApiError(query.error) && query.error.code === 'eudr_not_relevant') return null;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  const s = query.data;
  if (!s) return null;

  const download = async () => {
    setDownloading(true);
    try {
      const file = await fetchPrivateFile(token, `${eudrPath(kind, id)}/geojson`, `eudr-${kind}-${id}.geojson`);
      saveBlob(file.blob, file.filename);
    } catch (error) {
      void message.error((error as Error).message || t('eudr.downloadFailed'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card
      title={
        <Flex gap={8} align="center">
          <span>{t('eudr.title')}</span>
          <Tag color={s.ready ? 'green' : 'red'} data-testid="eudr-readiness">
            {s.ready ? t('eudr.ready') : t('eudr.notReady')}
          </Tag>
        </Flex>
      }
      data-testid="eudr-card"
    >
      <Flex vertical gap={12}>
        {/* In the body, not the header: beside the title in the page's side column it hid the readiness. */}
        <Button
          icon={<DownloadOutlined />}
          disabled={!s.ready}
          loading={downloading}
          onClick={() => void download()}
          data-testid="eudr-geojson"
          style={{ alignSelf: 'flex-start' }}
        >
          {t('eudr.downloadGeojson')}
        </Button>
        {!s.ready && (
          <Alert
            type="warning"
            showIcon
            title={t('eudr.notReadyHint')}
            description={
              <ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid="eudr-reasons">
                {s.reasons.map((r) => (
                  <li key={r.vi}>{locale === 'en' ? r.en : r.vi}</li>
                ))}
              </ul>
            }
          />
        )}
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('eudr.operator')}>
            {s.operator.name}
            {s.operator.tax_code && ` — ${t('eudr.taxCode')} ${s.operator.tax_code}`}
            {s.operator.address && <div>{s.operator.address}</div>}
          </Descriptions.Item>
          <Descriptions.Item label={t('eudr.activity')}>{t(`eudr.activities.${s.activity}`)}</Descriptions.Item>
          <Descriptions.Item label={t('eudr.hsCode')}>
            {s.hs_code} ({t(`eudr.commodities.${s.commodity}`)})
          </Descriptions.Item>
          <Descriptions.Item label={t('eudr.description')}>{s.description}</Descriptions.Item>
          <Descriptions.Item label={t('eudr.netMass')}>
            {s.net_mass_kg === null
              ? t('eudr.massMissing', { quantity: `${formatQuantity(s.quantity, locale)} ${s.unit}` })
              : `${formatQuantity(s.net_mass_kg, locale)} kg`}
          </Descriptions.Item>
          <Descriptions.Item label={t('eudr.country')}>{t('eudr.vietnam')}</Descriptions.Item>
          <Descriptions.Item label={t('eudr.period')}>
            {formatDay(s.production_period.from)} – {formatDay(s.production_period.to)}
          </Descriptions.Item>
          <Descriptions.Item label={t('eudr.producers')}>
            {s.producers.map((p) => (
              <div key={p.name}>
                {p.name}
                {p.address && <Typography.Text type="secondary"> — {p.address}</Typography.Text>}
              </div>
            ))}
          </Descriptions.Item>
          <Descriptions.Item label={t('eudr.lots')}>{s.lots.map((l) => l.lot_code).join(', ')}</Descriptions.Item>
        </Descriptions>
        <List
          size="small"
          header={<Typography.Text strong>{t('eudr.plots', { count: s.plots.length })}</Typography.Text>}
          dataSource={s.plots}
          data-testid="eudr-plots"
          renderItem={(p) => (
            <List.Item
              extra={
                p.problem && p.own ? (
                  <Link to={generatePath(paths.editLocation, { id: String(p.location_id) })}>{t('eudr.fixPlot')}</Link>
                ) : undefined
              }
            >
              <Flex vertical>
                <span>
                  {p.name}{' '}
                  {p.problem ? (
                    <Tag color="red">{t(`eudr.problems.${p.problem}`)}</Tag>
                  ) : (
                    <Tag>{p.geometry_type === 'Polygon' ? t('eudr.polygon') : t('eudr.point')}</Tag>
                  )}
                </span>
                <Typography.Text type="secondary">
                  {p.producer_name}
                  {p.area_ha !== null && ` — ${formatQuantity(p.area_ha, locale)} ha`}
                </Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      </Flex>
    </Card>
  );
}
