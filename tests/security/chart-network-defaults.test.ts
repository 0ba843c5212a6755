/**
 * Two Low findings about the Helm chart's defaults, checked on the rendered chart.
 * - "Helm trusts X-Forwarded-For from all of 10.0.0.0/8": fails before: the chart's default
 *   trustedProxies was 10.0.0.0/8, so any pod in the cluster's common pod range (or anyone who
 *   reaches one) chose the client address the per-IP limits count, through X-Forwarded-For.
 * - "NetworkPolicy off by default": fails before: networkPolicy.enabled was false, so every
 *   pod could reach identity's internal routes and every backend, and when switched on the
 *   policies cut billing, validation and analytics off identity.
 */
import path from 'node:path';
import { renderChart } from '../src/support/helm-template';

const chartDir = path.resolve(__dirname, '..', '..', 'charts', 'citecheck');
const required = {
  images: { repository: 'ghcr.io/acme/citecheck' },
  kafka: { brokers: 'kafka.kafka.svc:9092' },
  mongo: { url: 'mongodb://mongodb.mongo.svc:27017/citecheck' },
  secrets: { existingSecret: 'citecheck-secrets' },
};

type Doc = Record<string, any>;

test('by default no proxy is trusted: a forged X-Forwarded-For picks no address', () => {
  const { documents } = renderChart(chartDir, required);
  const config = (documents.find((d) => d.kind === 'ConfigMap') as Doc).data;
  expect(config.TRUSTED_PROXIES).toBeUndefined();
  for (const deployment of documents.filter((d) => d.kind === 'Deployment') as Doc[]) {
    const env = deployment.spec.template.spec.containers[0].env as { name: string }[];
    expect(env.map((e) => e.name)).not.toContain('TRUSTED_PROXIES');
  }
  // Nor can a values file trust every address (prefixes shorter than /8 are refused).
  expect(() => renderChart(chartDir, { ...required, trustedProxies: '0.0.0.0/0' })).toThrow(/schema/);
  expect(() => renderChart(chartDir, { ...required, trustedProxies: '10.244.0.0/16' })).not.toThrow();
});

test('by default every pod has a NetworkPolicy; a backend admits only its callers, identity’s callers included', () => {
  const { documents } = renderChart(chartDir, required);
  const policies = documents.filter((d) => d.kind === 'NetworkPolicy') as Doc[];
  const deployments = documents.filter((d) => d.kind === 'Deployment') as Doc[];
  expect(policies.map((p) => p.metadata.name).sort()).toEqual(deployments.map((d) => d.metadata.name).sort());
  const admitted = (name: string) =>
    policies
      .find((p) => p.metadata.name === `citecheck-${name}`)!
      .spec.ingress.filter((rule: Doc) => rule.ports.some((p: Doc) => p.port === 'http'))
      .flatMap((rule: Doc) => (rule.from ?? [{ podSelector: { matchLabels: { 'app.kubernetes.io/name': '*' } } }]).map((f: Doc) => f.podSelector.matchLabels['app.kubernetes.io/name']));
  // `test` is the `helm test` pod, which asks every backend for its self-test round trip.
  expect(admitted('identity').sort()).toEqual(['analytics', 'billing', 'gateway', 'ingest', 'test', 'validation']);
  expect(admitted('billing')).toEqual(['gateway', 'test']);
  expect(admitted('gateway')).toEqual(['*']);
});
