import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PublicContact } from '@agrihub/contract/schemas/settings';
import { api } from '../lib/api';
import type { Envelope } from '../lib/session-api';

/** The platform's public contact details (GET /api/v1/client/platform_settings), for the public frame's footer. */
const contactApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPublicContact: build.query<PublicContact, void>({
      query: () => 'api/v1/client/platform_settings',
      transformResponse: (answer: Envelope<{ contact: PublicContact }>) => answer.data.contact,
      keepUnusedDataFor: 600,
    }),
  }),
});

const tel = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** Hotline, e-mail, address and working hours when the administrator set them; nothing otherwise (or while loading, or on failure). */
export function PublicContactLine() {
  const { t } = useTranslation('common');
  const { data } = contactApi.useGetPublicContactQuery();
  if (!data || !Object.values(data).some(Boolean)) return null;
  return (
    <Flex
      component="address"
      gap="4px 16px"
      wrap
      justify="center"
      style={{ fontStyle: 'normal', width: '100%' }}
      data-testid="public-contact"
    >
      {data.hotline && (
        <Typography.Text type="secondary">
          {t('footer.hotline')}: <a href={tel(data.hotline)}>{data.hotline_display ?? data.hotline}</a>
        </Typography.Text>
      )}
      {data.email && (
        <Typography.Text type="secondary">
          {t('footer.email')}: <a href={`mailto:${data.email}`}>{data.email}</a>
        </Typography.Text>
      )}
      {data.address && (
        <Typography.Text type="secondary">
          {t('footer.address')}: {data.address}
        </Typography.Text>
      )}
      {data.working_hours && (
        <Typography.Text type="secondary">
          {t('footer.workingHours')}: {data.working_hours}
        </Typography.Text>
      )}
    </Flex>
  );
}
