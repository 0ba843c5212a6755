/**
 * The chart's values and output: values.schema.json accepts the shipped values and refuses
 * each bad values file under tests/fixtures/chart-values (as `helm install` would, before
 * rendering), and every rendered object, in the default and the fully-enabled configuration,
 * is valid against the Kubernetes API schemas (kubernetes-models ships them).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { renderChart, TemplateError } from './support/helm-template';

const root = path.resolve(__dirname, '..', '..');
const chartDir = path.join(root, 'charts', 'citecheck');
const fixtures = path.join(root, 'tests', 'fixtures', 'chart-values');
const required = {
  kafka: { brokers: 'kafka.kafka.svc:9092' },
  mongo: { url: 'mongodb://mongodb.mongo.svc:27017/citecheck' },
  secrets: { existingSecret: 'citecheck-secrets' },
};

function kubernetesErrors(documents: Record<string, unknown>[]): { kind: string; name: string; errors: string[] }[] {
  const out = execFileSync(process.execPath, [path.join(__dirname, 'support', 'validate-k8s.mjs')], { cwd: root, input: JSON.stringify(documents) });
  return (JSON.parse(out.toString()) as { kind: string; name: string; errors: string[] }[]).filter((r) => r.errors.length > 0);
}

describe('values.schema.json', () => {
  test('accepts the shipped values with the required ones set', () => {
    expect(() => renderChart(chartDir, required)).not.toThrow();
  });

  const bad = readdirSync(fixtures).filter((f) => f.startsWith('bad-'));
  test('there are bad values files to refuse', () => expect(bad.length).toBeGreaterThanOrEqual(5));

  test.each(bad)('refuses %s', (file) => {
    const values = parse(readFileSync(path.join(fixtures, file), 'utf8')) as Record<string, unknown>;
    expect(() => renderChart(chartDir, { ...required, ...values })).toThrow(TemplateError);
    expect(() => renderChart(chartDir, { ...required, ...values })).toThrow(/don't meet the specifications of the schema/);
  });
});

describe('rendered objects are valid Kubernetes', () => {
  test('default values', () => {
    const { documents } = renderChart(chartDir, required);
    expect(documents.length).toBeGreaterThan(10);
    expect(kubernetesErrors(documents)).toEqual([]);
  });

  test('everything enabled: ingress with TLS, case-law volume, SASL, Mongo URL from a Secret', () => {
    const { documents } = renderChart(chartDir, {
      ...required,
      kafka: { brokers: 'b-1.kafka.example:9096', tls: true, sasl: { mechanism: 'scram-sha-512' } },
      mongo: { url: '', urlFromSecret: { name: 'mongo-credentials', key: 'MONGO_URL' } },
      ingress: { enabled: true, className: 'nginx', host: 'citecheck.example.com', tls: [{ secretName: 'citecheck-tls', hosts: ['citecheck.example.com'] }] },
      caselaw: { enabled: true },
      imagePullSecrets: [{ name: 'registry' }],
    });
    expect(documents.map((d) => d.kind)).toEqual(expect.arrayContaining(['Ingress', 'PersistentVolumeClaim', 'PodDisruptionBudget', 'HorizontalPodAutoscaler']));
    expect(kubernetesErrors(documents)).toEqual([]);
  });

  test('the validator does catch a bad object', () => {
    const { documents } = renderChart(chartDir, required);
    const broken = structuredClone(documents.find((d) => d.kind === 'Deployment')!) as { spec: { replicas: unknown } };
    broken.spec.replicas = 'two';
    expect(kubernetesErrors([broken as unknown as Record<string, unknown>])).toHaveLength(1);
  });
});
