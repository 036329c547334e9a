import { App, Button, Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error';
import { useAppSelector } from '../../../stores/hooks';
import {
  useStaffUsersQuery,
  useUpdateServiceRequestMutation,
  type AdminServiceRequest,
} from '../api/services-approval-api';

/**
 * Who handles the request: any back-office user (when the user may list users), "me", or nobody.
 * Read-only while the request is locked.
 */
export function AssigneeSelect({ request }: { request: AdminServiceRequest }) {
  const { t } = useTranslation('services-approval');
  const { message } = App.useApp();
  const me = useAppSelector((s) => s.user.user);
  const staff = useStaffUsersQuery();
  const [update, state] = useUpdateServiceRequestMutation();
  const current = request.assignee;
  const options = [
    ...(staff.data ?? []).map((u) => ({ value: u.id, label: u.name || u.email || `#${u.id}` })),
    ...(current && !staff.data?.some((u) => u.id === current.id) ? [{ value: current.id, label: current.name }] : []),
  ];
  const assign = (assignee_id: number | null) =>
    update({ id: request.id, body: { assign: { assignee_id } } })
      .unwrap()
      .then((a) => void message.success(a.message ?? t('assign.done')))
      .catch((e: unknown) => void message.error(isApiError(e) ? e.message : t('errors.generic')));

  return (
    <Flex gap={8} align="center" data-testid="request-assignee">
      <Select
        allowClear
        showSearch
        optionFilterProp="label"
        style={{ width: 240 }}
        value={current?.id}
        placeholder={t('fields.unassigned')}
        aria-label={t('fields.assignee')}
        options={options}
        loading={staff.isFetching || state.isLoading}
        disabled={request.locked || state.isLoading}
        onChange={(v?: number) => void assign(v ?? null)}
        data-testid="assignee-select"
      />
      {me && current?.id !== me.id && !request.locked && (
        <Button onClick={() => void assign(me.id)} loading={state.isLoading} data-testid="assign-me">
          {t('assign.me')}
        </Button>
      )}
    </Flex>
  );
}
