import type { Collection, Store, Stored } from '../ports';

/**
 * A store over `inner` whose collection calls reject while `down` is true, as during a MongoDB
 * outage: `const failing = failingStore(store); failing.down = true; use(failing.store)`.
 */
export function failingStore(inner: Store): { down: boolean; store: Store } {
  const state = { down: false, store: undefined as unknown as Store };
  state.store = {
    collection<T extends Stored>(spec: Parameters<Store['collection']>[0]) {
      const real = inner.collection<T>(spec as never);
      return new Proxy(real, {
        get(target, property) {
          const value = target[property as keyof Collection<T>];
          if (typeof value !== 'function') return value;
          return (...args: unknown[]) => (state.down ? Promise.reject(new Error('connection refused')) : (value as (...a: unknown[]) => unknown).apply(target, args));
        },
      });
    },
    close: () => inner.close(),
  };
  return state;
}
