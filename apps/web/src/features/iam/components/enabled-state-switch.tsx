import { ENABLED_STATES, type EnabledState } from '@andes/contract/common/enums';
import { Switch, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../../shared/ui/status-tag.tsx';
import { enabledStateColor } from '../enabled-state.ts';

interface EnabledStateSwitchProps {
  state: EnabledState;
  /** The person may change it: a switch; else the state as a tag. */
  editable: boolean;
  /** Accessible name of the switch, like "State of ana.ops". */
  name: string;
  /** Off for a row nobody may change here (one's own), with the reason as a tooltip. */
  lockedBecause?: string | undefined;
  /** Asked to enable (true) or disable (false); the caller asks first and changes it. */
  onToggle(enable: boolean): void;
}

/** The state of a user or a role in its list: a switch for who may change it, else a tag. */
export function EnabledStateSwitch({ state, editable, name, lockedBecause, onToggle }: EnabledStateSwitchProps) {
  const { t } = useTranslation('common');
  const label = t(`state.${state}`);
  if (!editable) return <StatusTag color={enabledStateColor(state)}>{label}</StatusTag>;
  const toggle = (
    <Switch
      checked={state === ENABLED_STATES.ENABLE}
      disabled={lockedBecause !== undefined}
      aria-label={name}
      checkedChildren={label}
      unCheckedChildren={label}
      onChange={onToggle}
    />
  );
  return lockedBecause === undefined ? toggle : <Tooltip title={lockedBecause}>{toggle}</Tooltip>;
}
