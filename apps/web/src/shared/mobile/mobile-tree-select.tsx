import { Checkbox } from 'antd';
import type { TreeOption } from '../search/fields.ts';
import { checkState, toggleNode } from '../search/tree-check.ts';

export interface MobileTreeSelectProps {
  tree: readonly TreeOption[];
  /** The checked leaves. */
  value: readonly string[];
  onChange(value: string[]): void;
  /** Accessible name of the tree (the field's label). */
  label: string;
}

interface NodeProps {
  node: TreeOption;
  tree: readonly TreeOption[];
  checked: ReadonlySet<string>;
  value: readonly string[];
  onChange(value: string[]): void;
  depth: number;
}

function TreeNodeRow({ node, tree, checked, value, onChange, depth }: NodeProps) {
  const state = checkState(node, checked);
  return (
    <li style={{ listStyle: 'none' }}>
      <Checkbox
        checked={state === 'checked'}
        indeterminate={state === 'partial'}
        aria-checked={state === 'partial' ? 'mixed' : state === 'checked'}
        onChange={(e) => onChange(toggleNode(tree, value, node.value, e.target.checked))}
        style={{ minHeight: 40, alignItems: 'center', paddingInlineStart: depth * 20 }}
      >
        {node.label}
      </Checkbox>
      {node.children && node.children.length > 0 && (
        <ul style={{ margin: 0, padding: 0 }}>
          {node.children.map((child) => (
            <TreeNodeRow key={child.value} node={child} tree={tree} checked={checked} value={value} onChange={onChange} depth={depth + 1} />
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * The mobile tree selector of spec §2 with cascading checks: checking a parent checks every child
 * under it, unchecking clears them; a parent with some children checked shows the partial
 * (indeterminate) state. The value is the checked leaves (`tree-check.ts`).
 */
export function MobileTreeSelect({ tree, value, onChange, label }: MobileTreeSelectProps) {
  const checked = new Set(value);
  return (
    <ul aria-label={label} style={{ margin: 0, padding: 0 }}>
      {tree.map((node) => (
        <TreeNodeRow key={node.value} node={node} tree={tree} checked={checked} value={value} onChange={onChange} depth={0} />
      ))}
    </ul>
  );
}
