/** SPEC section 9 carousel constants. */
export const CAROUSEL_INTERVAL_MS = 5000;
export const CAROUSEL_RESUME_DELAY_MS = 3000;
export const MOBILE_BREAKPOINT_PX = 768;

export function cardsPerView(viewportWidth: number): number {
  return viewportWidth < MOBILE_BREAKPOINT_PX ? 1 : 3;
}

/** The testimonial indices shown when the carousel is at `start`, wrapping around. */
export function visibleIndices(start: number, perView: number, total: number): number[] {
  const count = Math.min(perView, total);
  return Array.from({ length: count }, (_, i) => (((start + i) % total) + total) % total);
}

export function wrapIndex(index: number, total: number): number {
  return ((index % total) + total) % total;
}
