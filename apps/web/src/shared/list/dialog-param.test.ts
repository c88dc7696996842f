import { describe, expect, it } from 'vitest';
import { dialogPatch, readDialog } from './dialog-param.ts';
import { patchParams } from './url-params.ts';

const kinds = ['add', 'edit', 'detail'] as const;
const withId = ['edit', 'detail'] as const;

describe('dialog parameters', () => {
  it('reads the open dialog and its row', () => {
    expect(readDialog(new URLSearchParams('dialog=edit&id=12'), kinds, withId)).toEqual({ kind: 'edit', id: 12 });
    expect(readDialog(new URLSearchParams('dialog=add'), kinds, withId)).toEqual({ kind: 'add', id: null });
  });

  it('ignores unknown dialogs and rows that are not ids', () => {
    expect(readDialog(new URLSearchParams('dialog=drop'), kinds, withId)).toBeNull();
    expect(readDialog(new URLSearchParams('dialog=edit'), kinds, withId)).toBeNull();
    expect(readDialog(new URLSearchParams('dialog=detail&id=-3'), kinds, withId)).toBeNull();
    expect(readDialog(new URLSearchParams('dialog=detail&id=1.5'), kinds, withId)).toBeNull();
  });

  it('opens and closes through the URL', () => {
    const open = patchParams(new URLSearchParams('state=1'), dialogPatch({ kind: 'detail', id: 4 }));
    expect(open.toString()).toBe('state=1&dialog=detail&id=4');
    expect(patchParams(open, dialogPatch(null)).toString()).toBe('state=1');
  });
});
