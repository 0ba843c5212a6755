import { Counter } from 'prom-client';
import { createMetricsRegistry, mergedMetrics } from './metrics';

describe('metrics', () => {
  it('merges per-service registries that use the same metric names, told apart by service label', async () => {
    const a = createMetricsRegistry('ingest');
    const b = createMetricsRegistry('validation');
    const ca = new Counter({ name: 'jobs_total', help: 'Jobs done', labelNames: ['kind'], registers: [a] });
    const cb = new Counter({ name: 'jobs_total', help: 'Jobs done', labelNames: ['kind'], registers: [b] });
    ca.inc({ kind: 'pdf' }, 2);
    cb.inc({ kind: 'docx' });

    const text = await mergedMetrics([a, b]);
    expect(text.match(/^# TYPE jobs_total counter$/gm)).toHaveLength(1);
    expect(text).toContain('jobs_total{kind="pdf",service="ingest"} 2');
    expect(text).toContain('jobs_total{kind="docx",service="validation"} 1');
    // process metrics come once, from the global registry
    expect(text.match(/^# TYPE process_cpu_user_seconds_total counter$/gm)).toHaveLength(1);
  });
});
