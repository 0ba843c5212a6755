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

test('the README values table is the one generated from values.schema.json', () => {
  const table = execFileSync(process.execPath, [path.join(root, 'scripts', 'chart-values-table.mjs')], { encoding: 'utf8' }).trim();
  const readme = readFileSync(path.join(chartDir, 'README.md'), 'utf8');
  const block = readme.slice(readme.indexOf('<!-- values:start'), readme.indexOf('<!-- values:end -->'));
  expect(block.slice(block.indexOf('\n') + 1).trim()).toBe(table);
});

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
      networkPolicy: { enabled: true },
      monitoring: { serviceMonitor: { enabled: true }, rules: { enabled: true }, dashboard: { enabled: true } },
    });
    expect(documents.map((d) => d.kind)).toEqual(
      expect.arrayContaining(['Ingress', 'PersistentVolumeClaim', 'PodDisruptionBudget', 'HorizontalPodAutoscaler', 'NetworkPolicy', 'Pod']),
    );
    // The Prometheus Operator's kinds are CRDs, outside the Kubernetes API schemas: checked below.
    expect(kubernetesErrors(documents.filter((d) => !String(d.apiVersion).startsWith('monitoring.coreos.com/')))).toEqual([]);
    // The gateway follows the IP blacklist on Kafka, so it needs the broker's credentials too.
    const gateway = documents.find((d) => d.kind === 'Deployment' && (d.metadata as Record<string, unknown>).name === 'gateway') as Record<string, any>;
    const gatewayEnv = (gateway.spec.template.spec.containers[0].env as { name: string }[]).map((e) => e.name);
    expect(gatewayEnv).toEqual(expect.arrayContaining(['KAFKA_SASL_USERNAME', 'KAFKA_SASL_PASSWORD', 'INTERNAL_TOKEN']));
  });

  test('monitoring: a ServiceMonitor on every service, alerts with runbooks, a dashboard that parses', () => {
    const { documents } = renderChart(chartDir, {
      ...required,
      monitoring: { serviceMonitor: { enabled: true, labels: { release: 'kps' } }, rules: { enabled: true }, dashboard: { enabled: true } },
    });
    const monitor = documents.find((d) => d.kind === 'ServiceMonitor') as Record<string, any>;
    expect(monitor.metadata.labels.release).toBe('kps');
    expect(monitor.spec.endpoints).toEqual([{ port: 'ops', path: '/metrics', interval: '30s' }]);
    const services = documents.filter((d) => d.kind === 'Service') as Record<string, any>[];
    for (const service of services) {
      expect(service.metadata.labels).toMatchObject(monitor.spec.selector.matchLabels);
      expect(service.spec.ports).toContainEqual({ name: 'ops', port: 9464, targetPort: 'ops', protocol: 'TCP' });
    }
    const rules = (documents.find((d) => d.kind === 'PrometheusRule') as Record<string, any>).spec.groups[0].rules as Record<string, any>[];
    expect(rules.length).toBeGreaterThanOrEqual(4);
    for (const rule of rules) {
      expect(rule.alert).toMatch(/^CiteCheck/);
      expect(rule.annotations.runbook.length).toBeGreaterThan(40);
      expect(['warning', 'critical']).toContain(rule.labels.severity);
    }
    const dashboard = documents.find((d) => d.kind === 'ConfigMap' && (d.metadata as Record<string, any>).labels.grafana_dashboard === '1') as Record<string, any>;
    expect(JSON.parse(dashboard.data['citecheck.json']).panels.length).toBeGreaterThan(3);
  });

  test('network policies: a backend admits the gateway and Prometheus only; identity also ingest', () => {
    const { documents } = renderChart(chartDir, { ...required, networkPolicy: { enabled: true } });
    const policies = Object.fromEntries(documents.filter((d) => d.kind === 'NetworkPolicy').map((d) => [(d.metadata as Record<string, any>).name, d as Record<string, any>]));
    expect(Object.keys(policies).sort()).toEqual(['analytics', 'billing', 'extraction', 'gateway', 'identity', 'ingest', 'notification', 'progress', 'validation']);
    const sources = (name: string, port: string) =>
      policies[name].spec.ingress
        .filter((rule: Record<string, any>) => rule.ports.some((p: Record<string, any>) => p.port === port))
        .flatMap((rule: Record<string, any>) => rule.from?.map((f: Record<string, any>) => f.podSelector?.matchLabels['app.kubernetes.io/name'] ?? 'namespace') ?? ['anyone']);
    expect(sources('validation', 'http')).toEqual(['gateway']);
    expect(sources('identity', 'http')).toEqual(['gateway', 'ingest']);
    expect(sources('gateway', 'http')).toEqual(['anyone']);
    // Metrics and probes: Prometheus's namespaces only, on every pod, the gateway's too.
    for (const name of Object.keys(policies)) expect(sources(name, 'ops')).toEqual(['namespace']);
  });

  test('probes and Prometheus annotations point at the ops port, which the process is told of', () => {
    const { documents } = renderChart(chartDir, { ...required, opsPort: 9500 });
    const deployments = documents.filter((d) => d.kind === 'Deployment') as Record<string, any>[];
    expect(deployments).toHaveLength(9);
    for (const deployment of deployments) {
      const pod = deployment.spec.template;
      const container = pod.spec.containers[0];
      expect(pod.metadata.annotations).toMatchObject({ 'prometheus.io/scrape': 'true', 'prometheus.io/port': '9500', 'prometheus.io/path': '/metrics' });
      expect(container.ports).toContainEqual({ name: 'ops', containerPort: 9500, protocol: 'TCP' });
      expect(container.env).toContainEqual({ name: 'OPS_PORT', value: '9500' });
      for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe']) expect(container[probe].httpGet.port).toBe('ops');
    }
  });

  test('every deployable has a disruption budget', () => {
    const { documents } = renderChart(chartDir, required);
    const budgets = documents.filter((d) => d.kind === 'PodDisruptionBudget').map((d) => (d.metadata as Record<string, any>).name as string);
    expect(budgets.sort()).toEqual(['analytics', 'billing', 'extraction', 'gateway', 'identity', 'ingest', 'notification', 'progress', 'validation']);
  });

  test('helm test pod checks the gateway, every subgraph and the REST facade', () => {
    const { documents } = renderChart(chartDir, required);
    const pod = documents.find((d) => d.kind === 'Pod') as Record<string, any>;
    expect(pod.metadata.annotations['helm.sh/hook']).toBe('test');
    const script = pod.spec.containers[0].command.join(' ');
    expect(script).toContain('http://gateway:8080');
    expect(script).toContain('ingest extraction validation billing identity notification analytics progress');
  });

  test('the validator does catch a bad object', () => {
    const { documents } = renderChart(chartDir, required);
    const broken = structuredClone(documents.find((d) => d.kind === 'Deployment')!) as { spec: { replicas: unknown } };
    broken.spec.replicas = 'two';
    expect(kubernetesErrors([broken as unknown as Record<string, unknown>])).toHaveLength(1);
  });
});
