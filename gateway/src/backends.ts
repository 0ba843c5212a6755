/**
 * Distributed mode: how each service behind the gateway is doing, watched in the background.
 * It is a metric and a `/healthz` detail, never the gateway's readiness: a gateway that went
 * unready whenever one backend did would take the whole product off the load balancer for
 * one slow service, and every gateway replica would flap together. Requests for a backend
 * that is down fail on their own (the proxy answers 502, GraphQL errors on that field only).
 *
 *   const backends = watchBackends(serviceUrls, metrics);
 *   backends.snapshot(); // { identity: { ready: true, checkedAt: '...' }, ... }
 */
import { Gauge, type Registry } from 'prom-client';

export interface BackendState {
  ready: boolean;
  checkedAt: string | null;
}

export interface BackendWatch {
  snapshot(): Record<string, BackendState>;
  /** Probes every backend once now (start-up, tests). */
  probe(): Promise<void>;
  stop(): void;
}

export function watchBackends(
  urls: Record<string, string>,
  metrics: Registry,
  options: { intervalMs?: number; timeoutMs?: number } = {},
): BackendWatch {
  const gauge = new Gauge({
    name: 'citecheck_gateway_backend_ready',
    help: 'Whether the service behind the gateway answered its /readyz with 200 at the last probe (1) or not (0).',
    labelNames: ['backend'],
    registers: [metrics],
  });
  const states: Record<string, BackendState> = Object.fromEntries(Object.keys(urls).map((name) => [name, { ready: false, checkedAt: null }]));
  for (const name of Object.keys(urls)) gauge.set({ backend: name }, 0);

  const probe = async () => {
    await Promise.all(
      Object.entries(urls).map(async ([name, url]) => {
        const ready = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(options.timeoutMs ?? 1500) }).then(
          (response) => response.ok,
          () => false,
        );
        states[name] = { ready, checkedAt: new Date().toISOString() };
        gauge.set({ backend: name }, ready ? 1 : 0);
      }),
    );
  };
  const timer = setInterval(() => void probe(), options.intervalMs ?? 10_000);
  // The watch must never keep a stopping process alive.
  timer.unref();
  return {
    snapshot: () => structuredClone(states),
    probe,
    stop: () => clearInterval(timer),
  };
}
