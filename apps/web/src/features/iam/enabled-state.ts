import type { EnabledState, StatusColor } from '@andes/contract/common/enums';
import { ENABLED_STATE_VALUES, ENABLED_STATES } from '@andes/contract/common/enums';

/** Colour of a user's or role's state: enabled is a good state, disabled a neutral one. */
export function enabledStateColor(state: EnabledState): StatusColor {
  return state === ENABLED_STATES.ENABLE ? 'success' : 'default';
}

/** The state filter's options, labelled by `label`. */
export function enabledStateOptions(label: (state: EnabledState) => string): { value: EnabledState; label: string }[] {
  return ENABLED_STATE_VALUES.map((value) => ({ value, label: label(value) }));
}
