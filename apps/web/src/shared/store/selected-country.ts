import type { AreaAuthority, Country } from '@andes/contract/common/countries';

/**
 * The country the user works in (spec §6): the stored choice while it is still among the user's
 * authorised areas, else the first authorised area; null when the user has none.
 */
export function resolveSelectedArea(areas: readonly AreaAuthority[], stored: Country | undefined): AreaAuthority | null {
  if (stored !== undefined) {
    const kept = areas.find((a) => a.code === stored);
    if (kept) return kept;
  }
  return areas[0] ?? null;
}
