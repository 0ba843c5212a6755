/**
 * The chart's values and output: values.schema.json accepts the shipped values and refuses
 * each bad values file under tests/fixtures/chart-values (as `helm install` would, before
 * rendering), and every rendered object, in the default and the fully-enabled configuration,
 * is valid against the Kubernetes API schemas (kubernetes-models ships them). The same
 * renders by real Helm 3 and Helm 4 (support/helm-binary.ts), standalone and as a subchart,
 * must give exactly the renderer's objects; the NetworkPolicies must admit every call the
 * pods make (the `helm test` pod's included); two releases in one namespace share no name
 * and reach only their own services.
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

type Doc = Record<string, any>;
/** The service an object belongs to (its app.kubernetes.io/name label; object names carry the release's). */
const serviceOf = (d: Doc): string => d.metadata.labels?.['app.kubernetes.io/name'];
const find = (documents: Doc[], kind: string, service: string): Doc => {
  const found = documents.find((d) => d.kind === kind && serviceOf(d) === service);
  if (!found) throw new Error(`no ${kind} for ${service}`);
  return found;
};
const DEPLOYABLES = ['analytics', 'billing', 'extraction', 'gateway', 'identity', 'ingest', 'notification', 'progress', 'validation'];

/**
 * Every URL a rendered pod (each Deployment's container, the `helm test` pod) is given to a
 * Service, checked: the Service is one of this render's, and the NetworkPolicy over its pods
 * admits the calling pod on that port. Returns how many calls were checked; throws naming the
 * first that is not admitted, or that leaves the release.
 */
function admittedFlows(documents: Doc[]): number {
  const services = new Map(documents.filter((d) => d.kind === 'Service').map((d) => [d.metadata.name as string, d]));
  const policies = documents.filter((d) => d.kind === 'NetworkPolicy');
  const sameLabels = (a: Record<string, string>, b: Record<string, string>) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());
  const pods = [
    ...documents.filter((d) => d.kind === 'Deployment').map((d) => ({ name: d.metadata.name as string, labels: d.spec.template.metadata.labels, env: d.spec.template.spec.containers[0].env })),
    ...documents.filter((d) => d.kind === 'Pod').map((d) => ({ name: d.metadata.name as string, labels: d.metadata.labels, env: d.spec.containers[0].env })),
  ];
  let flows = 0;
  for (const pod of pods) {
    const values = (pod.env as { value?: string }[]).map((e) => e.value ?? '');
    for (const [, host, port] of values.flatMap((v) => [...v.matchAll(/https?:\/\/([a-z0-9.-]+):(\d+)/g)])) {
      const service = services.get(host);
      if (!service) throw new Error(`${pod.name} calls ${host}, which is no Service of this release`);
      const portName = service.spec.ports.find((p: Doc) => String(p.port) === port)?.targetPort;
      if (!portName) throw new Error(`${pod.name} calls ${host}:${port}, a port the Service does not have`);
      const policy = policies.find((p) => sameLabels(p.spec.podSelector.matchLabels, service.spec.selector));
      if (!policy) throw new Error(`no NetworkPolicy covers the pods behind ${host}`);
      const admitted = policy.spec.ingress.some(
        (rule: Doc) =>
          rule.ports.some((p: Doc) => p.port === portName) &&
          (!rule.from || rule.from.some((f: Doc) => f.podSelector && Object.entries(f.podSelector.matchLabels).every(([k, v]) => pod.labels[k] === v))),
      );
      if (!admitted) throw new Error(`${pod.name} calls ${host}:${port}, which its NetworkPolicy does not admit`);
      flows++;
    }
  }
  return flows;
}

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
    const gateway = find(documents, 'Deployment', 'gateway');
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

  test('network policies are on by default and admit every call a pod makes, and only those', () => {
    const { documents } = renderChart(chartDir, required);
    const policies = Object.fromEntries(documents.filter((d) => d.kind === 'NetworkPolicy').map((d) => [(d as Doc).spec.podSelector.matchLabels['app.kubernetes.io/name'] as string, d as Doc] as const));
    expect(Object.keys(policies).sort()).toEqual(DEPLOYABLES);
    for (const [service, policy] of Object.entries(policies)) expect(policy.metadata.name).toBe(`citecheck-${service}`);
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
    // The gateway routes to every backend; the `helm test` pod asks each for its self-test.
    expect(sources('identity', 'http').sort()).toEqual(['gateway', 'test', ...identityCallers].sort());
    for (const name of ['ingest', 'extraction', 'validation', 'billing', 'notification', 'analytics', 'progress']) expect(sources(name, 'http')).toEqual(['gateway', 'test']);
    expect(sources('gateway', 'http')).toEqual(['anyone']);
    // Metrics and probes: Prometheus's namespaces only, on every pod, the gateway's too.
    for (const name of Object.keys(policies)) expect(sources(name, 'ops')).toEqual(['namespace']);

    // And every URL the rendered pods are given to another service of the release is admitted
    // by that service's policy, on that port, for that pod.
    expect(admittedFlows(documents)).toBe(4 + 2 * 8 + 1 + 8); // four services to identity; the gateway's subgraph and REST URLs; the test pod's gateway and self-test URLs
  });

  test('alerts watch this release’s jobs and pods, so two releases in a namespace alert on their own', () => {
    const rulesOf = (release: string) =>
      (renderChart(chartDir, { ...required, monitoring: { serviceMonitor: { enabled: true }, rules: { enabled: true } } }, { releaseName: release }).documents.find(
        (d) => d.kind === 'PrometheusRule',
      ) as Doc).spec.groups[0].rules as Doc[];
    const jobs = (release: string) => DEPLOYABLES.map((name) => `${release}-citecheck-${name}`).sort();
    for (const release of ['staging', 'production']) {
      for (const rule of rulesOf(release)) {
        const patterns = [...String(rule.expr).matchAll(/(job|pod)=~"\(?([^")]+)\)?(?:-\.\+)?"/g)].map((m) => m[2].split('|').sort());
        expect({ alert: rule.alert, scoped: patterns.length > 0 }).toEqual({ alert: rule.alert, scoped: true });
        for (const pattern of patterns) expect(pattern).toEqual(jobs(release));
      }
    }
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
      (documents.filter((d) => d.kind === 'Deployment') as Doc[]).map((d) => {
        const pod = d.spec.template.spec;
        const drain = pod.containers[0].env.find((e: { name: string }) => e.name === 'SHUTDOWN_TIMEOUT_MS').value;
        return [serviceOf(d), [pod.terminationGracePeriodSeconds, Number(drain)]];
      }),
    );
    // Uploads wait up to 120 s (UPLOAD_WAIT_MS) at ingest and through the gateway; OCR up to 300 s.
    expect(grace).toMatchObject({ ingest: [150, 143_000], gateway: [150, 143_000], extraction: [330, 323_000], notification: [30, 23_000] });
  });

  test('Kafka with a private CA and client certificate, Strimzi topics for every event type, service-account annotations', () => {
    const { documents } = renderChart(chartDir, production);
    const ingest = find(documents, 'Deployment', 'ingest');
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
    const extraction = find(documents, 'Deployment', 'extraction');
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
    const { documents } = renderChart(chartDir, { ...required, monitoring: { serviceMonitor: { enabled: true }, rules: { enabled: true } } });
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
    expect(budgets.map((d) => d.metadata.name).sort()).toEqual(DEPLOYABLES.map((name) => `citecheck-${name}`));
    for (const budget of budgets) expect(budget.spec).toMatchObject({ maxUnavailable: 1 });
    for (const budget of budgets) expect(budget.spec.minAvailable).toBeUndefined();
  });

  test('helm test pod: the round-trip script, through this release’s own Services, with resources', () => {
    const { documents } = renderChart(chartDir, required);
    const pod = documents.find((d) => d.kind === 'Pod') as Doc;
    expect(pod.metadata.name).toBe('citecheck-test');
    expect(pod.metadata.annotations['helm.sh/hook']).toBe('test');
    expect(pod.metadata.labels).toMatchObject({ 'app.kubernetes.io/name': 'test', 'app.kubernetes.io/instance': 'citecheck' });
    const container = pod.spec.containers[0];
    expect(container.resources).toEqual({ requests: { cpu: '50m', memory: '64Mi' }, limits: { memory: '128Mi' } });
    expect(container.securityContext).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false });
    expect(container.image).toBe(`ghcr.io/acme/citecheck/gateway:${String(parse(readFileSync(path.join(chartDir, 'Chart.yaml'), 'utf8')).appVersion)}`);
    // The script is the chart's file, word for word, run by node.
    expect(container.command.slice(0, 2)).toEqual(['node', '-e']);
    expect(container.command[2].trim()).toBe(readFileSync(path.join(chartDir, 'files', 'helm-test.js'), 'utf8').trim());
    const env = Object.fromEntries((container.env as { name: string; value: string }[]).map((e) => [e.name, e.value]));
    expect(env.GATEWAY_URL).toBe('http://citecheck-gateway:8080');
    expect(Object.fromEntries(env.SELFTEST_URLS.split(',').map((pair: string) => pair.split('=')))).toEqual({
      ingest: 'http://citecheck-ingest:4001',
      extraction: 'http://citecheck-extraction:4002',
      validation: 'http://citecheck-validation:4003',
      billing: 'http://citecheck-billing:4004',
      identity: 'http://citecheck-identity:4005',
      notification: 'http://citecheck-notification:4006',
      analytics: 'http://citecheck-analytics:4007',
      progress: 'http://citecheck-progress:4008',
    });
    // A backend left out of the release is not asked for its self-test.
    const without = renderChart(chartDir, { ...required, notification: { create: false } }).documents.find((d) => d.kind === 'Pod') as Doc;
    expect(without.spec.containers[0].env.find((e: { name: string }) => e.name === 'SELFTEST_URLS').value).not.toContain('notification');
  });

  test('the validator does catch a bad object', () => {
    const { documents } = renderChart(chartDir, required);
    const broken = structuredClone(documents.find((d) => d.kind === 'Deployment')!) as { spec: { replicas: unknown } };
    broken.spec.replicas = 'two';
    expect(kubernetesErrors([broken as unknown as Record<string, unknown>])).toHaveLength(1);
  });
});

/**
 * Object names come from the usual fullname helper: <fullname>-<service> for each service's
 * objects, so several releases live in one namespace. Staging and production side by side,
 * each on its own Kafka prefix and database: no name in common, every call a pod is given goes
 * to a Service of its own release and is admitted there, and every selector (Services,
 * Deployments, budgets, policies, the ServiceMonitor) takes only its own release's pods.
 */
describe('two releases in one namespace', () => {
  const release = (name: string) =>
    renderChart(
      chartDir,
      { ...required, kafka: { ...required.kafka, topicPrefix: `${name}.` }, mongo: { url: `mongodb://mongodb.mongo.svc:27017/citecheck-${name}` }, monitoring: { serviceMonitor: { enabled: true } }, ingress: { enabled: true, host: `${name}.citecheck.example.com` } },
      { releaseName: name },
    ).documents as Doc[];
  const staging = release('staging');
  const production = release('production');

  test('share no object name', () => {
    const names = (documents: Doc[]) => documents.map((d) => `${d.kind}/${d.metadata.name}`);
    expect(new Set(names(staging)).size).toBe(staging.length);
    expect(names(staging).filter((name) => names(production).includes(name))).toEqual([]);
    for (const kind of ['Deployment', 'Service', 'NetworkPolicy', 'PodDisruptionBudget']) {
      expect(staging.filter((d) => d.kind === kind).map((d) => d.metadata.name).sort()).toEqual(DEPLOYABLES.map((name) => `staging-citecheck-${name}`));
    }
    expect(staging.filter((d) => d.kind === 'HorizontalPodAutoscaler').map((d) => [d.metadata.name, d.spec.scaleTargetRef.name])).toEqual([
      ['staging-citecheck-extraction', 'staging-citecheck-extraction'],
      ['staging-citecheck-validation', 'staging-citecheck-validation'],
    ]);
    expect(find(staging, 'Ingress', 'gateway').spec.rules[0].http.paths[0].backend.service.name).toBe('staging-citecheck-gateway');
  });

  test.each([
    ['staging', staging],
    ['production', production],
  ])('%s: every call its pods make goes to its own Services, and is admitted there', (name, documents) => {
    expect(admittedFlows(documents)).toBe(4 + 2 * 8 + 1 + 8);
    const urls = documents.flatMap((d) => (d.kind === 'Deployment' ? d.spec.template.spec.containers[0].env : d.kind === 'Pod' ? d.spec.containers[0].env : []) as { value?: string }[]);
    for (const { value } of urls) for (const [, host] of (value ?? '').matchAll(/http:\/\/([a-z0-9-]+):/g)) expect(host.startsWith(`${name}-citecheck-`)).toBe(true);
    expect((documents.find((d) => d.kind === 'ConfigMap' && d.metadata.name === `${name}-citecheck-config`) as Doc).data).toMatchObject({
      KAFKA_TOPIC_PREFIX: `${name}.`,
      MONGO_URL: `mongodb://mongodb.mongo.svc:27017/citecheck-${name}`,
    });
  });

  test.each([
    ['staging', staging],
    ['production', production],
  ])('%s: every selector takes its own release’s pods only', (name, documents) => {
    const selectors: Record<string, string>[] = [];
    for (const d of documents) {
      if (d.kind === 'Service') selectors.push(d.spec.selector);
      if (d.kind === 'Deployment' || d.kind === 'PodDisruptionBudget' || d.kind === 'ServiceMonitor') selectors.push(d.spec.selector.matchLabels);
      if (d.kind === 'NetworkPolicy') {
        selectors.push(d.spec.podSelector.matchLabels);
        for (const rule of d.spec.ingress) for (const from of rule.from ?? []) if (from.podSelector) selectors.push(from.podSelector.matchLabels);
      }
    }
    expect(selectors.length).toBeGreaterThan(40);
    for (const selector of selectors) expect(selector['app.kubernetes.io/instance']).toBe(name);
  });

  test('nameOverride and fullnameOverride name them as the usual fullname helper does, each within a DNS label', () => {
    const services = (values: Record<string, unknown>, releaseName: string) =>
      (renderChart(chartDir, { ...required, ...values }, { releaseName }).documents as Doc[]).filter((d) => d.kind === 'Service').map((d) => d.metadata.name as string);
    expect(services({}, 'citecheck')).toContain('citecheck-ingest');
    expect(services({}, 'citecheck-prod')).toContain('citecheck-prod-ingest');
    expect(services({}, 'staging')).toContain('staging-citecheck-ingest');
    expect(services({ nameOverride: 'cc' }, 'staging')).toContain('staging-cc-ingest');
    expect(services({ fullnameOverride: 'legal' }, 'staging')).toContain('legal-ingest');
    // Helm's longest release name (53): each service still has its own name of at most 63.
    const long = services({}, `r${'x'.repeat(52)}`);
    expect(new Set(long).size).toBe(9);
    for (const name of long) expect(name.length).toBeLessThanOrEqual(63);
    expect(long.map((name) => name.slice(name.lastIndexOf('-') + 1)).sort()).toEqual(DEPLOYABLES);
    expect(() => renderChart(chartDir, { ...required, fullnameOverride: 'Not_A_Name' })).toThrow(/schema/);
  });
});

/**
 * The chart as Helm itself renders it, in both major versions people run (Helm 3.17 and 4.1;
 * support/helm-binary.ts finds or fetches each): standalone and as a subchart of an umbrella
 * chart (Helm then passes `global`, which the values schema must accept), with default and
 * production values, and as a second release in the namespace. Every object is valid, and the
 * renderer the other tests use gives exactly the same objects. Each version is skipped, with
 * its reason, only when it can be neither found nor fetched.
 */
describe.each([3, 4] as const)('real Helm %i', (major) => {
  const helm = findHelm(major);
  if ('skip' in helm) {
    announceSkip(`SKIPPED: chart rendered by real Helm ${major} (${helm.skip})`);
    test.skip(`needs a Helm ${major} binary`, () => undefined);
    return;
  }
  jest.setTimeout(120_000);
  let work: string;
  beforeAll(() => (work = mkdtempSync(path.join(tmpdir(), `citecheck-helm${major}-`))));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const helmTemplate = (chart: string, values: Record<string, unknown>, extra: string[] = [], release = 'citecheck'): Record<string, unknown>[] => {
    const file = path.join(work, `values-${Math.random().toString(36).slice(2)}.yaml`);
    writeFileSync(file, stringify(values));
    const out = execFileSync(helm.path, ['template', release, chart, '--namespace', 'default', '--values', file, ...extra], {
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

  test('is the version asked for', () => {
    expect(helm.version).toMatch(new RegExp(`^v${major}\\.`));
  });

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
    for (const values of [required, production]) {
      const documents = helmTemplate(parent, { global: { imageRegistry: 'registry.example' }, citecheck: values });
      expect(kubernetesErrors(documents.filter(isCoreKind))).toEqual([]);
      expect(byKey(documents)).toEqual(byKey(renderChart(chartDir, values).documents));
    }
  });

  test('a second release in the namespace: its own names, the same objects as the renderer', () => {
    const values = { ...production, kafka: { ...production.kafka, topicPrefix: 'staging.' } };
    const documents = helmTemplate(chartDir, values, [], 'staging');
    expect(kubernetesErrors(documents.filter(isCoreKind))).toEqual([]);
    expect(byKey(documents)).toEqual(byKey(renderChart(chartDir, values, { releaseName: 'staging' }).documents));
    const first = Object.keys(byKey(helmTemplate(chartDir, production)));
    expect(Object.keys(byKey(documents)).filter((name) => first.includes(name))).toEqual([]);
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
