import { useTranslation } from 'react-i18next';
import { geometryAreaHa, type LocationGeometry } from '@agrihub/contract/geometry';

/**
 * The contract's messages (namespace `validation`, bundled): their keys are flat, some with a dot
 * (`location_kind.farm_plot`), so they are read without the key separator.
 */
export function useContractText() {
  const { t } = useTranslation('validation');
  return (key: string, params: Record<string, unknown> = {}) => t(key, { keySeparator: false, ...params });
}

/** An area in ha the Vietnamese way (1.234,56) or the English way, up to 2 decimals. */
export function formatHa(ha: number, locale: string): string {
  return ha.toLocaleString(locale === 'en' ? 'en-US' : 'vi-VN', { maximumFractionDigits: 2 });
}

/** The area of a polygon (null for a point or none), as the server will compute and store it. */
export const areaOf = (g: LocationGeometry | null | undefined): number | null =>
  g && g.type === 'Polygon' ? geometryAreaHa(g) : null;
