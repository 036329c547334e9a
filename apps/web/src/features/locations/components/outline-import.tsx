import { useRef, useState } from 'react';
import { Alert, Button, Flex, Typography } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { LocationGeometry } from '@agrihub/contract/geometry';
import { LocationOutline } from '../../../components/location-outline';
import { currentLocale } from '../../../lib/i18n';
import { areaOf, formatHa, useContractText } from '../lib/labels';

interface Props {
  value?: LocationGeometry | null;
  onChange?: (g: LocationGeometry | null) => void;
  name: string;
}

/**
 * The location's outline (an antd form control): import a KML, GPX or GeoJSON file (the contract's
 * importOutline, loaded on demand), see the outline and its area before saving, or remove it.
 */
export function OutlineField({ value, onChange, name }: Props) {
  const { t } = useTranslation('locations');
  const text = useContractText();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const area = areaOf(value);

  const read = async (file: File) => {
    setReading(true);
    setError(null);
    try {
      const [{ importOutline }, content] = await Promise.all([import('@agrihub/contract/outline-import'), file.text()]);
      const result = importOutline(content);
      if (result.ok) onChange?.(result.geometry);
      else setError(text(result.message, result.params));
    } catch {
      setError(text('outlineFileUnreadable'));
    } finally {
      setReading(false);
    }
  };

  return (
    <Flex vertical gap={8} data-testid="outline-field">
      <Flex gap={8} wrap>
        <Button
          icon={<UploadOutlined />}
          loading={reading}
          onClick={() => input.current?.click()}
          data-testid="import-outline"
        >
          {t('form.importOutline')}
        </Button>
        {value && (
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)} data-testid="clear-outline">
            {t('form.clearOutline')}
          </Button>
        )}
        <input
          ref={input}
          type="file"
          accept=".kml,.gpx,.geojson,.json,application/vnd.google-earth.kml+xml,application/gpx+xml,application/geo+json,application/json"
          hidden
          style={{ display: 'none' }}
          data-testid="outline-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void read(file);
          }}
        />
      </Flex>
      <Typography.Text type="secondary">{t('form.importHint')}</Typography.Text>
      {error && <Alert type="error" showIcon title={error} data-testid="outline-error" />}
      {value ? (
        <Flex gap={16} align="center" wrap>
          <LocationOutline geometry={value} title={name || t('form.outline')} width={240} height={160} />
          <Typography.Text data-testid="outline-area">
            {area === null ? t('detail.point') : t('detail.area', { area: formatHa(area, currentLocale()) })}
          </Typography.Text>
        </Flex>
      ) : (
        <Typography.Text type="secondary">{t('form.noOutline')}</Typography.Text>
      )}
    </Flex>
  );
}
