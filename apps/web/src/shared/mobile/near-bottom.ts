import { INFINITE_SCROLL_THRESHOLD_PX } from '@andes/contract/common/constants';

/** How far a scroll container is scrolled: the numbers of an element (or of the document). */
export interface ScrollMetrics {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

/**
 * True when the bottom of the content is within `threshold` px of the bottom of the viewport
 * (spec §9: mobile lists load more 0.3 px from the bottom). Content shorter than the viewport is
 * at the bottom.
 */
export function isNearBottom(metrics: ScrollMetrics, threshold: number = INFINITE_SCROLL_THRESHOLD_PX): boolean {
  return metrics.scrollHeight - metrics.scrollTop - metrics.clientHeight <= threshold;
}

/** The IntersectionObserver root margin that reports the sentinel `threshold` px before it enters the viewport. */
export function sentinelRootMargin(threshold: number = INFINITE_SCROLL_THRESHOLD_PX): string {
  return `0px 0px ${threshold}px 0px`;
}
