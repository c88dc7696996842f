import type { PermissionCode } from '@andes/contract/permissions/registry';
import { Tree } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../shared/auth/use-permissions.ts';
import { editorTree, roleTree, toggleHeld } from '../permission-tree.ts';

interface PermissionTreeEditorProps {
  value?: PermissionCode[];
  onChange?: (codes: PermissionCode[]) => void;
  /** Read-only: the role's codes only, nothing to check. */
  readOnly?: boolean;
  id?: string;
}

/**
 * The role's permissions as a tree with cascading checks (spec §2): checking a button checks its
 * screen and what it depends on, unchecking a screen unchecks its buttons. Codes the editor does
 * not hold show locked. Labels come from the `permissions` strings.
 */
export function PermissionTreeEditor({ value = [], onChange, readOnly = false, id }: PermissionTreeEditorProps) {
  const { t } = useTranslation('permissions');
  const held = usePermissions();
  const treeData = useMemo(() => {
    const label = (code: PermissionCode) => t(code);
    return readOnly ? roleTree(value, label) : editorTree(value, held, label);
  }, [readOnly, value, held, t]);
  return (
    <div id={id}>
      <Tree
        checkable={!readOnly}
        checkStrictly
        selectable={false}
        defaultExpandAll
        treeData={treeData}
        checkedKeys={{ checked: value, halfChecked: [] }}
        onCheck={(_, info) => {
          onChange?.([...toggleHeld(value, info.node.key as PermissionCode, info.checked, held)]);
        }}
      />
    </div>
  );
}
