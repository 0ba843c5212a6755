/**
 * Metrics with prom-client. Process-wide default metrics (CPU, memory, event loop lag) are
 * registered once on the global registry, however many services share the process; each
 * service gets its own registry labelled `service=<name>` for its counters and histograms.
 * In embedded mode one `/metrics` endpoint serves them all through `mergedMetrics`.
 */
import client, { Registry, type MetricObjectWithValues, type MetricValue } from 'prom-client';

let defaultsRegistered = false;

/** Registers process metrics on the global registry the first time only. */
export function registerDefaultMetrics(): Registry {
  if (!defaultsRegistered) {
    client.collectDefaultMetrics();
    defaultsRegistered = true;
  }
  return client.register;
}

export function createMetricsRegistry(service: string): Registry {
  registerDefaultMetrics();
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  return registry;
}

export const metricsContentType = client.register.contentType;

function escapeLabel(value: unknown): string {
  return String(value).replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
}

function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  return String(value);
}

/**
 * Prometheus text for the global registry plus every given registry. Services in one process
 * register metrics with the same names (each has `http_requests_total`), which
 * `Registry.merge` rejects; here samples of the same name are grouped under one HELP/TYPE
 * header and told apart by their `service` label.
 */
export async function mergedMetrics(registries: Registry[], includeDefaults = true): Promise<string> {
  const sources = includeDefaults ? [registerDefaultMetrics(), ...registries] : registries;
  const byName = new Map<string, { help: string; type: string; values: MetricValue<string>[] }>();
  for (const registry of sources) {
    const metrics = (await registry.getMetricsAsJSON()) as MetricObjectWithValues<MetricValue<string>>[];
    for (const metric of metrics) {
      const entry = byName.get(metric.name) ?? { help: metric.help, type: String(metric.type), values: [] };
      entry.values.push(...metric.values);
      byName.set(metric.name, entry);
    }
  }
  const lines: string[] = [];
  for (const [name, { help, type, values }] of byName) {
    lines.push(`# HELP ${name} ${help.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')}`);
    lines.push(`# TYPE ${name} ${type}`);
    for (const sample of values) {
      const metricName = (sample as { metricName?: string }).metricName ?? name;
      const labels = Object.entries(sample.labels ?? {})
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => `${k}="${escapeLabel(v)}"`);
      lines.push(`${metricName}${labels.length ? `{${labels.join(',')}}` : ''} ${formatValue(sample.value)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
