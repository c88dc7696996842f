import { type StatusColor, type StatusSet, statusColor } from '@andes/contract/common/enums';
import { Tag } from 'antd';
import type { ReactNode } from 'react';

type StatusTagProps = { children: ReactNode } & ({ color: StatusColor } | { set: StatusSet; status: string });

/**
 * A status as a coloured tag. With `set` and `status` the colour is the contract's
 * (STATUS_COLORS, spec §9); with `color` the caller picks one of the same preset colours.
 */
export function StatusTag(props: StatusTagProps) {
  const color = 'color' in props ? props.color : statusColor(props.set, props.status);
  return (
    <Tag color={color} data-status-color={color} style={{ marginInlineEnd: 0 }}>
      {props.children}
    </Tag>
  );
}
