import { Checkbox, Flex, Table, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AbilityRule, Action, Role, Subject } from '@agrihub/contract/permissions';
import {
  STAFF_ROLES,
  abilityToggleRefusal,
  roleToggleRefusal,
  type UserAdminActor,
  type UserAdminTarget,
} from '@agrihub/contract/user-admin';
import { useEnumLabel } from '../../../lib/enums';
import { GRID_ACTIONS, GRID_SUBJECTS, cellState, toggleAbility } from '../lib/user-form';

interface RolesProps {
  value?: Role[];
  onChange?: (roles: Role[]) => void;
  /** Who edits and whose account (id 0 when new): a role the rules refuse is disabled with the reason. */
  actor: UserAdminActor;
  target: Pick<UserAdminTarget, 'id' | 'roles'>;
  disabled?: boolean;
}

/** The staff roles of spec §6 as checkboxes, each with what it is for. */
export function RoleCheckboxes({ value = [], onChange, actor, target, disabled }: RolesProps) {
  const { t } = useTranslation(['admin', 'validation']);
  const label = useEnumLabel();
  return (
    <Flex vertical gap={6} data-testid="user-roles">
      {STAFF_ROLES.map((role) => {
        const refusal = roleToggleRefusal(actor, target, role);
        const box = (
          <Checkbox
            checked={value.includes(role)}
            disabled={disabled || !!refusal}
            onChange={(e) => onChange?.(e.target.checked ? [...value, role] : value.filter((r) => r !== role))}
            data-testid={`role-${role}`}
          >
            <Typography.Text strong>{label('role', role)}</Typography.Text>{' '}
            <Typography.Text type="secondary">— {t(`admin:user.roleHints.${role}`)}</Typography.Text>
          </Checkbox>
        );
        return refusal ? (
          <Tooltip key={role} title={t(`validation:${refusal}`)}>
            <span data-testid={`role-${role}-locked`}>{box}</span>
          </Tooltip>
        ) : (
          <span key={role}>{box}</span>
        );
      })}
    </Flex>
  );
}

interface GridProps {
  value?: AbilityRule[];
  onChange?: (rules: AbilityRule[]) => void;
  actor: UserAdminActor;
  disabled?: boolean;
}

interface Row {
  subject: Subject;
}

/**
 * The ability grid: the contract's subjects as rows, read / create / update / manage as columns.
 * Manage covers the row (its other boxes show checked and locked); a box the editor may not grant
 * (an ability it lacks itself) is disabled with the reason.
 */
export function AbilityGrid({ value = [], onChange, actor, disabled }: GridProps) {
  const { t } = useTranslation(['admin', 'validation']);
  const label = useEnumLabel();
  const cell = (subject: Subject, action: Action) => {
    const state = cellState(value, subject, action);
    const refusal = abilityToggleRefusal(actor, { subject, action });
    const box = (
      <Checkbox
        checked={state.checked}
        disabled={disabled || state.implied || !!refusal}
        onChange={(e) => onChange?.(toggleAbility(value, subject, action, e.target.checked))}
        aria-label={`${label('abilitySubject', subject)}: ${label('abilityAction', action)}`}
        data-testid={`ability-${subject}-${action}`}
      />
    );
    const tip = refusal ? t(`validation:${refusal}`) : state.implied ? t('admin:user.impliedByManage') : null;
    // A disabled box fires no mouse events: the tooltip sits on a wrapper.
    return tip ? (
      <Tooltip title={tip}>
        <span>{box}</span>
      </Tooltip>
    ) : (
      box
    );
  };
  return (
    <Table<Row>
      rowKey="subject"
      size="small"
      pagination={false}
      dataSource={GRID_SUBJECTS.map((subject) => ({ subject }))}
      data-testid="ability-grid"
      columns={[
        {
          key: 'subject',
          title: t('admin:user.gridSubject'),
          render: (_, r) => label('abilitySubject', r.subject),
        },
        ...GRID_ACTIONS.map((action) => ({
          key: action,
          title: label('abilityAction', action),
          width: 110,
          align: 'center' as const,
          render: (_: unknown, r: Row) => cell(r.subject, action),
        })),
      ]}
    />
  );
}
