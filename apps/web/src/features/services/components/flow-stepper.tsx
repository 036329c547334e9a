import { Steps } from 'antd';
import { groupIndex, stepperGroups } from '@agrihub/contract/service-flow';
import { useEnumLabel } from '../../../lib/enums';

/**
 * A flow's steps in the six UI groups of spec §4 (the short flow has five). With `step`, the
 * request's place: groups before it are done, a cancelled request shows the stepper in error.
 * antd turns it vertical on a phone.
 */
export function FlowStepper({ type, step }: { type: number; step?: string }) {
  const label = useEnumLabel();
  const groups = stepperGroups(type);
  const cancelled = step === 'cancelled';
  const current = step ? groupIndex(type, step) : -1;
  return (
    <Steps
      size="small"
      responsive
      data-testid="flow-stepper"
      current={step === 'done' ? groups.length : Math.max(current, 0)}
      status={cancelled ? 'error' : undefined}
      items={groups.map((g) => ({
        title: label('serviceUiGroup', g.group),
        content: g.steps.map((s) => label('serviceStep', s)).join(' · '),
        ...(step ? {} : { status: 'wait' as const }),
      }))}
    />
  );
}
