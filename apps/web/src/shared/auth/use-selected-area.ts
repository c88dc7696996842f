import type { AreaAuthority, Country } from '@andes/contract/common/countries';
import { useCallback } from 'react';
import { useAppStore } from '../store/app-store.ts';
import { resolveSelectedArea } from '../store/selected-country.ts';
import { usePermissionLoad } from './use-permission-load.ts';

const noAreas: readonly AreaAuthority[] = [];

export interface SelectedArea {
  /** The country the screens show, with its currency and time zone; null without any authorised area. */
  area: AreaAuthority | null;
  /** The user's authorised areas (spec §6), in the order the server sent them. */
  areas: readonly AreaAuthority[];
  select(country: Country): void;
}

/** The selected country of the signed-in user, kept per user in the persisted store. */
export function useSelectedArea(): SelectedArea {
  const { data } = usePermissionLoad();
  const userId = useAppStore((s) => s.currentUser?.id);
  const stored = useAppStore((s) => (userId === undefined ? undefined : s.countryByUser[String(userId)]));
  const setCountry = useAppStore((s) => s.setCountry);
  const areas = data?.userInfo.areaAuthorityList ?? noAreas;
  const select = useCallback(
    (country: Country) => {
      if (userId !== undefined && areas.some((a) => a.code === country)) setCountry(userId, country);
    },
    [userId, areas, setCountry],
  );
  return { area: resolveSelectedArea(areas, stored), areas, select };
}

/** Time zone of last resort, when the user has no authorised area. */
export const FALLBACK_TIME_ZONE = 'UTC';

/**
 * The zone times are shown in (CONVENTIONS §5): the selected country's, or UTC for a user
 * without any authorised area.
 */
export function useDisplayTimeZone(): string {
  return useSelectedArea().area?.timezoneName ?? FALLBACK_TIME_ZONE;
}
