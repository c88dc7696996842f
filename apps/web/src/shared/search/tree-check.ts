import type { TreeOption } from './fields.ts';

/**
 * Cascading checks of a select-deep tree (spec §2 "tree selector with cascading check"): the
 * value is the set of checked leaves; a parent is checked when all its leaves are, partly checked
 * when some are; checking or unchecking a parent does the same to every leaf under it.
 */

export type CheckState = 'checked' | 'partial' | 'unchecked';

function isLeaf(node: TreeOption): boolean {
  return node.children === undefined || node.children.length === 0;
}

/** The leaf values under a node (the node itself when it is a leaf), in tree order. */
export function leavesOf(node: TreeOption): string[] {
  return isLeaf(node) ? [node.value] : (node.children ?? []).flatMap(leavesOf);
}

/** Every leaf value of a tree, in tree order. */
export function allLeaves(tree: readonly TreeOption[]): string[] {
  return tree.flatMap(leavesOf);
}

/** The node with this value, anywhere in the tree. */
export function findNode(tree: readonly TreeOption[], value: string): TreeOption | undefined {
  for (const node of tree) {
    if (node.value === value) return node;
    const found = findNode(node.children ?? [], value);
    if (found) return found;
  }
  return undefined;
}

/** A node's state given the checked leaves. */
export function checkState(node: TreeOption, checked: ReadonlySet<string> | readonly string[]): CheckState {
  const set = checked instanceof Set ? checked : new Set(checked as readonly string[]);
  const leaves = leavesOf(node);
  const count = leaves.filter((leaf) => set.has(leaf)).length;
  if (count === 0) return 'unchecked';
  return count === leaves.length ? 'checked' : 'partial';
}

/**
 * Checks (or unchecks) a node and so every leaf under it; returns the checked leaves in tree
 * order. Values that are not leaves of the tree are dropped.
 */
export function toggleNode(tree: readonly TreeOption[], checked: readonly string[], value: string, on: boolean): string[] {
  const node = findNode(tree, value);
  const set = new Set(checked);
  for (const leaf of node ? leavesOf(node) : []) {
    if (on) set.add(leaf);
    else set.delete(leaf);
  }
  return allLeaves(tree).filter((leaf) => set.has(leaf));
}

/** Only the values that are leaves of the tree, in tree order, each once. */
export function normalizeLeaves(tree: readonly TreeOption[], checked: readonly string[]): string[] {
  const set = new Set(checked);
  return allLeaves(tree).filter((leaf) => set.has(leaf));
}

/**
 * The fewest nodes that say what is checked: a fully checked parent stands for its leaves
 * ("Brazil" rather than "PIX, TED, BOLETO…"). Used for chip text.
 */
export function collapseChecked(tree: readonly TreeOption[], checked: readonly string[]): TreeOption[] {
  const set = new Set(checked);
  const out: TreeOption[] = [];
  const walk = (nodes: readonly TreeOption[]) => {
    for (const node of nodes) {
      const state = checkState(node, set);
      if (state === 'checked') out.push(node);
      else if (state === 'partial') walk(node.children ?? []);
    }
  };
  walk(tree);
  return out;
}
