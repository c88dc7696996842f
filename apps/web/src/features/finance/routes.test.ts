import { ACCOUNT_TYPES } from '@andes/contract/account/enums';
import { FINANCE_PERMISSIONS, REPORT_PAGE_INFO, REPORT_PAGES } from '@andes/contract/finance/enums';
import { permissionEntry } from '@andes/contract/permissions/registry';
import { describe, expect, it } from 'vitest';
import { FINANCE_ROUTE_TABLE, financeRoutes } from './routes.ts';

describe('finance routes', () => {
  it('give each account type its statement at the registry’s route, under its finance code', () => {
    expect(FINANCE_ROUTE_TABLE.statements.map((s) => s.accountType)).toEqual([...ACCOUNT_TYPES]);
    for (const screen of FINANCE_ROUTE_TABLE.statements) {
      expect(screen.permission).toBe(FINANCE_PERMISSIONS[screen.accountType]);
      expect(screen.path).toBe(permissionEntry(screen.permission).route);
    }
  });

  it('give each report page its screen at the registry’s route, under its report code', () => {
    expect(FINANCE_ROUTE_TABLE.reports.map((r) => r.page)).toEqual([...REPORT_PAGES]);
    for (const screen of FINANCE_ROUTE_TABLE.reports) {
      expect(screen.permission).toBe(REPORT_PAGE_INFO[screen.page].permission);
      expect(screen.path).toBe(permissionEntry(screen.permission).route);
    }
    expect(financeRoutes).toHaveLength(9);
    expect(financeRoutes.every((route) => !route.hidden && route.menuKey === route.permission)).toBe(true);
  });
});
