import { describe, expect, it } from 'vitest';
import type { TreeOption } from './fields.ts';
import { allLeaves, checkState, collapseChecked, normalizeLeaves, toggleNode } from './tree-check.ts';

const tree: TreeOption[] = [
  {
    value: 'BR',
    label: 'Brazil',
    children: [
      { value: 'PIX', label: 'PIX' },
      { value: 'TED', label: 'TED' },
    ],
  },
  {
    value: 'CL',
    label: 'Chile',
    children: [
      { value: 'KHIPU', label: 'khipu' },
      {
        value: 'CASH',
        label: 'Cash',
        children: [
          { value: 'MULTICAJA', label: 'multicaja' },
          { value: 'SERVIFACIL', label: 'servifacil' },
        ],
      },
    ],
  },
];

describe('cascading tree checks', () => {
  it('checking a parent checks every leaf under it, unchecking clears them', () => {
    const on = toggleNode(tree, [], 'CL', true);
    expect(on).toEqual(['KHIPU', 'MULTICAJA', 'SERVIFACIL']);
    expect(toggleNode(tree, on, 'CASH', false)).toEqual(['KHIPU']);
  });

  it('a parent is checked, partial or unchecked from its leaves', () => {
    const chile = tree[1] as TreeOption;
    expect(checkState(chile, ['MULTICAJA'])).toBe('partial');
    expect(checkState(chile, ['KHIPU', 'MULTICAJA', 'SERVIFACIL'])).toBe('checked');
    expect(checkState(chile, ['PIX'])).toBe('unchecked');
  });

  it('keeps tree order and drops values that are not leaves', () => {
    expect(normalizeLeaves(tree, ['TED', 'BR', 'nope', 'PIX', 'PIX'])).toEqual(['PIX', 'TED']);
    expect(allLeaves(tree)).toHaveLength(5);
  });

  it('collapses fully checked parents for display', () => {
    expect(collapseChecked(tree, ['PIX', 'TED', 'MULTICAJA']).map((n) => n.label)).toEqual(['Brazil', 'multicaja']);
  });
});
