import { permissionEntry } from '@andes/contract/permissions/registry';
import { describe, expect, it } from 'vitest';
import { configTypeOf, configurePathOf } from './risk-paths.ts';
import { riskRoutes } from './routes.ts';

describe('risk routes', () => {
  it('register the screens at the permission registry’s routes, the type page hidden under Configure', () => {
    for (const route of riskRoutes) expect(route.path).toBe(permissionEntry(route.permission).route);
    const detail = riskRoutes.find((r) => r.permission === 'risk:configure-detail');
    expect(detail?.hidden).toBe(true);
    expect(detail?.menuKey).toBe('risk:configure');
  });

  it('puts the enum value of a configuration type in the URL and reads only those back', () => {
    expect(configurePathOf('ORDER_VELOCITY')).toBe('/risk/risk-configure/detail/ORDER_VELOCITY');
    expect(configTypeOf('RETRO_PERFORMANCE')).toBe('RETRO_PERFORMANCE');
    expect(configTypeOf('order_velocity')).toBeNull();
    expect(configTypeOf(undefined)).toBeNull();
  });
});
