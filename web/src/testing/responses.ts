/** A fetch stand-in that answers every call with one canned response and records the calls. */
export function fakeFetch(status: number, body: string, statusText = '') {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fn = async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(status === 204 ? null : body, { status, statusText });
  };
  return { fn: fn as unknown as typeof fetch, calls };
}

/** An in-memory Storage for code that reads localStorage / sessionStorage. */
export function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => Array.from(map.keys())[i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  };
}
