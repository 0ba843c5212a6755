/**
 * The chart's values and output: values.schema.json accepts the shipped values and refuses
 * each bad values file under tests/fixtures/chart-values (as `helm install` would, before
 * rendering), and every rendered object, in the default and the fully-enabled configuration,
 * is valid against the Kubernetes API schemas (kubernetes-models ships them). The same
 * renders by real Helm (support/helm-binary.ts), standalone and as a subchart, must give
 * exactly the renderer's objects; the NetworkPolicies must admit every call the services make.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse, parseAllDocuments, stringify } from 'yaml';
import { topics } from '@citecheck/proto';
import { DEPLOY_ENV } from '@citecheck/platform';
import { announceSkip } from '@citecheck/platform/testing';
import { findHelm } from './support/helm-binary';
import { renderChart, TemplateError } from './support/helm-template';

const root = path.resolve(__dirname, '..', '..');
const chartDir = path.join(root, 'charts', 'citecheck');
const fixtures = path.join(root, 'tests', 'fixtures', 'chart-values');
const required = {
  images: { repository: 'ghcr.io/acme/citecheck' },
  kafka: { brokers: 'kafka.kafka.svc:9092' },
  mongo: { url: 'mongodb://mongodb.mongo.svc:27017/citecheck' },
  secrets: { existingSecret: 'citecheck-secrets' },
};

/** Everything switched on, as a production install on a managed, locked-down cluster sets it. */
const production = {
  ...required,
  kafka: {
    brokers: 'b-1.kafka.example:9096,b-2.kafka.example:9096',
    tls: true,
    sasl: { mechanism: 'scram-sha-512' },
    createTopics: false,
    topicPrefix: 'production.',
    caSecret: { name: 'main-cluster-ca-cert' },
    clientCertSecret: { name: 'citecheck-kafka-user' },
    strimzi: { enabled: true, cluster: 'main' },
  },
  mongo: { url: '', urlFromSecret: { name: 'mongo-credentials', key: 'MONGO_URL' }, tlsSecret: { name: 'mongo-ca' } },
  trustedProxies: '10.244.0.0/16',
  ingress: { enabled: true, className: 'nginx', host: 'citecheck.example.com', tls: [{ secretName: 'citecheck-tls', hosts: ['citecheck.example.com'] }] },
  caselaw: { enabled: true },
  imagePullSecrets: [{ name: 'registry' }],
  serviceAccount: { annotations: { 'eks.amazonaws.com/role-arn': 'arn:aws:iam::123456789012:role/citecheck' } },
  podAnnotations: { 'team.example/owner': 'legal-tech' },
  nodeSelector: { 'kubernetes.io/os': 'linux' },
  extraVolumes: [{ name: 'company-ca', configMap: { name: 'company-ca' } }],
  extraVolumeMounts: [{ name: 'company-ca', mountPath: '/etc/ssl/company', readOnly: true }],
  extraction: { nodeSelector: { workload: 'cpu' }, resources: { requests: { cpu: '2', memory: '1Gi' }, limits: { memory: '3Gi' } } },
  monitoring: { serviceMonitor: { enabled: true }, rules: { enabled: true }, dashboard: { enabled: true } },
};

const isCoreKind = (d: Record<string, unknown>) => !/^(monitoring\.coreos\.com|kafka\.strimzi\.io)\//.test(String(d.apiVersion));

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

  test('everything enabled: ingress with TLS, case-law volume, SASL and a private CA, Mongo URL from a Secret', () => {
    const { documents } = renderChart(chartDir, production);
    expect(documents.map((d) => d.kind)).toEqual(
      expect.arrayContaining(['Ingress', 'PersistentVolumeClaim', 'PodDisruptionBudget', 'HorizontalPodAutoscaler', 'NetworkPolicy', 'Pod', 'KafkaTopic']),
    );
    // The Prometheus Operator's and Strimzi's kinds are CRDs, outside the Kubernetes API schemas.
    expect(kubernetesErrors(documents.filter(isCoreKind))).toEqual([]);
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

  test('network policies are on by default and admit every call a service makes, and only those', () => {
    const { documents } = renderChart(chartDir, required);
    const policies = Object.fromEntries(documents.filter((d) => d.kind === 'NetworkPolicy').map((d) => [(d.metadata as Record<string, any>).name, d as Record<string, any>]));
    expect(Object.keys(policies).sort()).toEqual(['analytics', 'billing', 'extraction', 'gateway', 'identity', 'ingest', 'notification', 'progress', 'validation']);
    const sources = (name: string, port: string) =>
      policies[name].spec.ingress
        .filter((rule: Record<string, any>) => rule.ports.some((p: Record<string, any>) => p.port === port))
        .flatMap((rule: Record<string, any>) => rule.from?.map((f: Record<string, any>) => f.podSelector?.matchLabels['app.kubernetes.io/name'] ?? 'namespace') ?? ['anyone']);

    // The calls the code makes: each service that needs IDENTITY_URL (deploy-env.ts, which the
    // runners enforce) calls identity; the gateway calls every service it routes to.
    const identityCallers = Object.entries(DEPLOY_ENV)
      .filter(([name, env]) => name !== 'gateway' && (env as readonly string[]).includes('IDENTITY_URL'))
      .map(([name]) => name);
    expect(identityCallers.sort()).toEqual(['analytics', 'billing', 'ingest', 'validation']);
    expect(sources('identity', 'http').sort()).toEqual(['gateway', ...identityCallers].sort());
    for (const name of ['ingest', 'extraction', 'validation', 'billing', 'notification', 'analytics', 'progress']) expect(sources(name, 'http')).toEqual(['gateway']);
    expect(sources('gateway', 'http')).toEqual(['anyone']);
    // Metrics and probes: Prometheus's namespaces only, on every pod, the gateway's too.
    for (const name of Object.keys(policies)) expect(sources(name, 'ops')).toEqual(['namespace']);

    // And every URL the rendered pods are given to another service of the release is admitted
    // by that service's policy, on that port, for that pod.
    const services = new Map(documents.filter((d) => d.kind === 'Service').map((d: Record<string, any>) => [d.metadata.name as string, d]));
    let flows = 0;
    for (const deployment of documents.filter((d) => d.kind === 'Deployment') as Record<string, any>[]) {
      const caller = deployment.metadata.name as string;
      const podLabels = deployment.spec.template.metadata.labels as Record<string, string>;
      const values = (deployment.spec.template.spec.containers[0].env as { value?: string }[]).map((e) => e.value ?? '');
      for (const [, host, port] of values.flatMap((v) => [...v.matchAll(/http:\/\/([a-z-]+):(\d+)/g)])) {
        const service = services.get(host) as Record<string, any>;
        expect(service).toBeDefined();
        const portName = service.spec.ports.find((p: Record<string, any>) => String(p.port) === port).targetPort;
        const admitted = policies[host].spec.ingress.some(
          (rule: Record<string, any>) =>
            rule.ports.some((p: Record<string, any>) => p.port === portName) &&
            (!rule.from || rule.from.some((f: Record<string, any>) => f.podSelector && Object.entries(f.podSelector.matchLabels).every(([k, v]) => podLabels[k] === v))),
        );
        if (!admitted) throw new Error(`${caller} calls ${host}:${port}, which ${host}'s NetworkPolicy does not admit`);
        flows++;
      }
    }
    expect(flows).toBe(4 + 2 * 8); // four services to identity; the gateway's subgraph and REST URLs
  });

  test('the default trusts no X-Forwarded-For; a trusted range can be set but not all addresses', () => {
    const config = (values: Record<string, unknown>) => (renderChart(chartDir, { ...required, ...values }).documents.find((d) => d.kind === 'ConfigMap') as Record<string, any>).data;
    expect(config({}).TRUSTED_PROXIES).toBeUndefined();
    expect(config({ trustedProxies: '10.244.0.0/16, 10.245.3.7' }).TRUSTED_PROXIES).toBe('10.244.0.0/16, 10.245.3.7');
    for (const everyone of ['0.0.0.0/0', '10.0.0.0/4', '::/0']) expect(() => config({ trustedProxies: everyone })).toThrow(/schema/);
  });

  test('an image must name its registry: never a bare Docker Hub library name', () => {
    expect(() => renderChart(chartDir, { ...required, images: { repository: '' } })).toThrow(
      /images\.repository is required \(or [a-z]+\.image\.repository\): the registry path the images were pushed to/,
    );
    const perService = Object.fromEntries(['ingest', 'extraction', 'validation', 'billing', 'identity', 'notification', 'analytics', 'progress', 'gateway'].map((n) => [n, { image: { repository: `registry.example/${n}`, tag: 't' } }]));
    const { documents } = renderChart(chartDir, { ...required, images: { repository: '' }, ...perService });
    expect(documents.filter((d) => d.kind === 'Deployment').map((d: Record<string, any>) => d.spec.template.spec.containers[0].image)).toContain('registry.example/ingest:t');
  });

  test('an autoscaler may not outgrow the topics’ partitions', () => {
    expect(() => renderChart(chartDir, { ...required, kafka: { ...required.kafka, partitions: 4 } })).toThrow(
      'extraction.autoscaling.maxReplicas (6) is above kafka.partitions (4): replicas beyond the topic\'s partitions get no messages',
    );
  });

  test('each service’s grace period outlasts its longest work, and its drain budget follows', () => {
    const { documents } = renderChart(chartDir, required);
    const grace = Object.fromEntries(
      (documents.filter((d) => d.kind === 'Deployment') as Record<string, any>[]).map((d) => {
        const pod = d.spec.template.spec;
        const drain = pod.containers[0].env.find((e: { name: string }) => e.name === 'SHUTDOWN_TIMEOUT_MS').value;
        return [d.metadata.name, [pod.terminationGracePeriodSeconds, Number(drain)]];
      }),
    );
    // Uploads wait up to 120 s (UPLOAD_WAIT_MS) at ingest and through the gateway; OCR up to 300 s.
    expect(grace).toMatchObject({ ingest: [150, 143_000], gateway: [150, 143_000], extraction: [330, 323_000], notification: [30, 23_000] });
  });

  test('Kafka with a private CA and client certificate, Strimzi topics for every event type, service-account annotations', () => {
    const { documents } = renderChart(chartDir, production);
    const ingest = documents.find((d) => d.kind === 'Deployment' && (d.metadata as Record<string, any>).name === 'ingest') as Record<string, any>;
    const pod = ingest.spec.template.spec;
    expect(pod.containers[0].env).toEqual(
      expect.arrayContaining([
        { name: 'KAFKA_SSL_CA_FILE', value: '/etc/citecheck/kafka-ca/ca.crt' },
        { name: 'KAFKA_SSL_CERT_FILE', value: '/etc/citecheck/kafka-client/user.crt' },
        { name: 'KAFKA_SSL_KEY_FILE', value: '/etc/citecheck/kafka-client/user.key' },
      ]),
    );
    expect(pod.volumes).toEqual(
      expect.arrayContaining([
        { name: 'kafka-ca', secret: { secretName: 'main-cluster-ca-cert' } },
        { name: 'kafka-client', secret: { secretName: 'citecheck-kafka-user' } },
        { name: 'mongo-tls', secret: { secretName: 'mongo-ca' } },
        { name: 'company-ca', configMap: { name: 'company-ca' } },
      ]),
    );
    expect(pod.containers[0].volumeMounts).toContainEqual({ name: 'company-ca', mountPath: '/etc/ssl/company', readOnly: true });
    const config = (documents.find((d) => d.kind === 'ConfigMap') as Record<string, any>).data;
    expect(config).toMatchObject({ KAFKA_CREATE_TOPICS: 'false', KAFKA_TOPIC_PREFIX: 'production.' });
    const kafkaTopics = (documents.filter((d) => d.kind === 'KafkaTopic') as Record<string, any>[]).map((t) => t.spec.topicName).sort();
    expect(kafkaTopics).toEqual(Object.values(topics).flatMap((t) => [`production.${t}`, `production.${t}.dlq`]).sort());
    const account = documents.find((d) => d.kind === 'ServiceAccount') as Record<string, any>;
    expect(account.metadata.annotations).toEqual({ 'eks.amazonaws.com/role-arn': 'arn:aws:iam::123456789012:role/citecheck' });
    // With a ServiceMonitor, no scrape annotations: Prometheus would scrape every pod twice.
    expect(ingest.spec.template.metadata.annotations['prometheus.io/scrape']).toBeUndefined();
    expect(ingest.spec.template.metadata.annotations).toMatchObject({ 'team.example/owner': 'legal-tech' });
    // Per-service scheduling over the global one.
    const extraction = documents.find((d) => d.kind === 'Deployment' && (d.metadata as Record<string, any>).name === 'extraction') as Record<string, any>;
    expect(extraction.spec.template.spec.nodeSelector).toEqual({ workload: 'cpu' });
    expect(ingest.spec.template.spec.nodeSelector).toEqual({ 'kubernetes.io/os': 'linux' });
    expect(ingest.spec.template.spec.topologySpreadConstraints.map((c: Record<string, any>) => c.topologyKey)).toEqual(['kubernetes.io/hostname', 'topology.kubernetes.io/zone']);
    // extraction sizes its OCR pool from its own CPU request and memory limit.
    expect(extraction.spec.template.spec.containers[0].env).toContainEqual({
      name: 'CPU_REQUEST_MILLICORES',
      valueFrom: { resourceFieldRef: { containerName: 'server', resource: 'requests.cpu', divisor: '1m' } },
    });
  });

  test('promtool accepts every alert (where Prometheus’s promtool is installed)', () => {
    const { documents } = renderChart(chartDir, { ...required, monitoring: { rules: { enabled: true } } });
    const rule = documents.find((d) => d.kind === 'PrometheusRule') as Record<string, any>;
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'rules-')), 'rules.yaml');
    writeFileSync(file, stringify({ groups: rule.spec.groups }));
    let out: string;
    try {
      out = execFileSync('promtool', ['check', 'rules', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      announceSkip('SKIPPED: promtool check of the alerts (no promtool; apt-get install prometheus)');
      return;
    }
    expect(out).toContain(`SUCCESS: ${rule.spec.groups[0].rules.length} rules found`);
    expect(rule.spec.groups[0].rules.map((r: Record<string, any>) => r.alert)).toContain('CiteCheckDeadLetters');
  });

  test('the chart’s topic list is the event catalogue', () => {
    const helpers = readFileSync(path.join(chartDir, 'templates', '_helpers.tpl'), 'utf8');
    const listed = /define "citecheck\.topics" -}}\n(.*)\n/.exec(helpers)![1].split(' ');
    expect(listed.sort()).toEqual(Object.values(topics).sort());
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

  test('every deployable has a disruption budget that lets a drain evict one pod', () => {
    const { documents } = renderChart(chartDir, required);
    const budgets = documents.filter((d) => d.kind === 'PodDisruptionBudget') as Record<string, any>[];
    expect(budgets.map((d) => d.metadata.name).sort()).toEqual(['analytics', 'billing', 'extraction', 'gateway', 'identity', 'ingest', 'notification', 'progress', 'validation']);
    for (const budget of budgets) expect(budget.spec).toMatchObject({ maxUnavailable: 1 });
    for (const budget of budgets) expect(budget.spec.minAvailable).toBeUndefined();
  });

  test('helm test pod checks the gateway, every subgraph and the REST facade', () => {
    const { documents } = renderChart(chartDir, required);
    const pod = documents.find((d) => d.kind === 'Pod') as Record<string, any>;
    expect(pod.metadata.annotations['helm.sh/hook']).toBe('test');
    expect(pod.spec.containers[0].resources).toEqual({ requests: { cpu: '50m', memory: '64Mi' }, limits: { memory: '128Mi' } });
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

/**
 * The chart as Helm itself renders it (support/helm-binary.ts finds or fetches the binary):
 * standalone and as a subchart of an umbrella chart (Helm then passes `global`, which the
 * values schema must accept), with default and production values. Every object is valid,
 * and the renderer the other tests use gives exactly the same objects.
 */
describe('real Helm', () => {
  const helm = findHelm();
  if ('skip' in helm) {
    announceSkip(`SKIPPED: chart rendered by real Helm (${helm.skip})`);
    test.skip('needs a helm binary', () => undefined);
    return;
  }
  jest.setTimeout(120_000);
  let work: string;
  beforeAll(() => (work = mkdtempSync(path.join(tmpdir(), 'citecheck-helm-'))));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const helmTemplate = (chart: string, values: Record<string, unknown>, extra: string[] = []): Record<string, unknown>[] => {
    const file = path.join(work, `values-${Math.random().toString(36).slice(2)}.yaml`);
    writeFileSync(file, stringify(values));
    const out = execFileSync(helm.path, ['template', 'citecheck', chart, '--namespace', 'default', '--values', file, ...extra], {
      encoding: 'utf8',
      maxBuffer: 64 << 20,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return parseAllDocuments(out)
      .map((doc) => doc.toJS() as Record<string, unknown> | null)
      .filter((doc): doc is Record<string, unknown> => doc !== null);
  };
  const key = (d: Record<string, any>) => `${d.kind}/${d.metadata.name}`;
  const byKey = (documents: Record<string, unknown>[]) => Object.fromEntries(documents.map((d) => [key(d), d]));

  test.each([
    ['default values', required],
    ['production values', production],
  ])('standalone, %s: every object valid, and the same objects as the renderer', (_name, values) => {
    const documents = helmTemplate(chartDir, values);
    expect(documents.length).toBeGreaterThan(30);
    expect(kubernetesErrors(documents.filter(isCoreKind))).toEqual([]);
    expect(byKey(documents)).toEqual(byKey(renderChart(chartDir, values).documents));
  });

  test('as a subchart: Helm passes global, the schema accepts it, the objects are the same', () => {
    const parent = path.join(work, 'platform');
    mkdirSync(path.join(parent, 'charts'), { recursive: true });
    writeFileSync(
      path.join(parent, 'Chart.yaml'),
      'apiVersion: v2\nname: platform\nversion: 1.0.0\ndependencies:\n  - name: citecheck\n    version: 0.1.0\n    condition: citecheck.enabled\n',
    );
    cpSync(chartDir, path.join(parent, 'charts', 'citecheck'), { recursive: true });
    const documents = helmTemplate(parent, { global: { imageRegistry: 'registry.example' }, citecheck: production });
    expect(kubernetesErrors(documents.filter(isCoreKind))).toEqual([]);
    expect(byKey(documents)).toEqual(byKey(renderChart(chartDir, production).documents));
  });

  test('Helm refuses a bad values file by the schema, as the renderer does', () => {
    const values = parse(readFileSync(path.join(fixtures, 'bad-typo.yaml'), 'utf8')) as Record<string, unknown>;
    expect(() => helmTemplate(chartDir, { ...required, ...values }, [])).toThrow(/schema/);
  });

  test('helm lint passes', () => {
    const file = path.join(work, 'lint-values.yaml');
    writeFileSync(file, stringify(production));
    expect(execFileSync(helm.path, ['lint', chartDir, '--strict', '--values', file], { encoding: 'utf8' })).toContain('0 chart(s) failed');
  });
});
