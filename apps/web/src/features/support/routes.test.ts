import { permissionEntry } from '@andes/contract/permissions/registry';
import { describe, expect, it } from 'vitest';
import { supportRoutes } from './routes.ts';
import { caseDetailPath, editCasePath } from './support-paths.ts';

describe('support routes', () => {
  it('register the case list and the hidden create, edit and case pages at the permission registry’s routes', () => {
    for (const route of supportRoutes) expect(route.path).toBe(permissionEntry(route.permission).route);
    const hidden = supportRoutes.filter((r) => r.hidden).map((r) => r.permission);
    expect(hidden).toEqual(['support:create-case', 'support:edit-case', 'support:case-detail']);
    for (const route of supportRoutes) expect(route.menuKey).toBe('support:case');
    expect(caseDetailPath(7)).toBe('/support-center/case-detail/7');
    expect(editCasePath(7)).toBe('/support-center/edit-case/7');
  });
});
