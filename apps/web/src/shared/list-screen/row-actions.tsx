import type { PermissionCode } from '@andes/contract/permissions/registry';
import { Button, Space } from 'antd';
import { createContext, type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../auth/can.tsx';
import type { ConfirmOptions } from '../ui/use-confirm.tsx';

/** Actions every list names alike: their text comes from `common`, and `delete` is red. */
const STANDARD_LABELS = { detail: 'detail', edit: 'edit', delete: 'delete' } as const;

/** One action of a row, as data. */
export interface RowAction {
  /** `detail`, `edit` and `delete` are labelled by the app; any other key needs a `label`. */
  key: string;
  /** The button's text, like "Reset password" (default for the standard keys). */
  label?: string;
  /** Its accessible name, naming the row: "Delete the role Finance". */
  name: string;
  /** Shown only to holders of this code (CONVENTIONS §4.5). */
  permission?: PermissionCode;
  /** Shown only when true (the row's state allows it). */
  when?: boolean;
  /** Red (default for `delete`). */
  danger?: boolean;
  disabled?: boolean;
  /** Why it is disabled, or what it does. */
  title?: string | undefined;
  icon?: ReactNode;
  loading?: boolean;
  /** Asks first (the confirm dialog): OK's text is the action's, red when the action is. */
  confirm?: Omit<ConfirmOptions, 'okText' | 'danger'> & { okText?: string };
  /** Opens the list's dialog of this key about the row of this id (through the URL). */
  opens?: number;
  /** Runs at once (without `confirm` or `opens`). */
  onClick?(): void;
}

/** What row actions reach of the list screen they are in (`ListScreen` provides it). */
export interface RowActionsHost {
  confirm(options: ConfirmOptions): void;
  openDialog(kind: string, id: number): void;
}
export const RowActionsContext = createContext<RowActionsHost | null>(null);

/**
 * The actions column of a list: link buttons, each shown when allowed and gated by its
 * permission, asking first when the action says so. Must be inside a `ListScreen`.
 */
export function RowActions({ actions }: { actions: readonly RowAction[] }) {
  const { t } = useTranslation('common');
  const host = useContext(RowActionsContext);
  return (
    <Space size={0} wrap>
      {actions
        .filter((action) => action.when ?? true)
        .map((action) => {
          const standard = STANDARD_LABELS[action.key as keyof typeof STANDARD_LABELS] as
            | (typeof STANDARD_LABELS)[keyof typeof STANDARD_LABELS]
            | undefined;
          const label = action.label ?? (standard ? t(standard) : action.key);
          const danger = action.danger ?? action.key === 'delete';
          const run = () => {
            if (!action.confirm && action.opens === undefined) {
              action.onClick?.();
              return;
            }
            if (!host) throw new Error('RowActions asks or opens dialogs only inside a ListScreen');
            if (action.confirm) host.confirm({ okText: label, danger, ...action.confirm });
            else if (action.opens !== undefined) host.openDialog(action.key, action.opens);
          };
          const button = (
            <Button
              key={action.key}
              type="link"
              size="small"
              danger={danger}
              disabled={action.disabled ?? false}
              title={action.title}
              icon={action.icon}
              loading={action.loading ?? false}
              aria-label={action.name}
              onClick={run}
            >
              {label}
            </Button>
          );
          return action.permission ? (
            <Can key={action.key} permission={action.permission}>
              {button}
            </Can>
          ) : (
            button
          );
        })}
    </Space>
  );
}
