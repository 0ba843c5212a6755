import { useEffect } from 'react';
import { createVisitorTracker, type VisitorTracker } from './visitor-tracker';

// One tracker per page load, however often the layout re-mounts.
let tracker: VisitorTracker | null = null;

/** Reports the route (`pathname`) to the visitor tracker: the first call starts it, later ones are route changes. */
export function useVisitorTracker(pathname: string): void {
  useEffect(() => {
    tracker ??= createVisitorTracker({ window, fetch: (input, init) => window.fetch(input, init), now: () => Date.now() });
    tracker.start(pathname);
    tracker.routeChanged(pathname);
  }, [pathname]);
}
