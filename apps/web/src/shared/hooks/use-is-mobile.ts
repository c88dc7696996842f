import { MOBILE_MAX_WIDTH } from '@andes/contract/common/constants';
import { useMediaQuery } from './use-media-query.ts';

/** Media query of the mobile layout: widths up to MOBILE_MAX_WIDTH (spec §9). */
export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_MAX_WIDTH}px)`;

/** True while the window is at most 768 px wide; follows resizes. */
export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_MEDIA_QUERY);
}
