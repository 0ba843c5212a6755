/**
 * The deployment manifests boot the product. The Helm chart is rendered (tests/src/support/
 * helm-template.ts) and docker-compose.yml read; every Deployment (or Compose service) becomes
 * a process started the way its image starts it, with exactly the environment the manifest
 * gives it (ConfigMap, env, Secret references resolved) and nothing inherited from this test,
 * so a variable a manifest forgets fails here. Only what has no stand-in on this machine is
 * swapped: Kafka and MongoDB for the embedded bus and SQLite (BUS, STORE, BLOBS, one DATA_DIR),
 * and cluster DNS for 127.0.0.1 on free ports. Then a brief is uploaded through the gateway
 * and followed to its report.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { parse } from 'yaml';
import { DEPLOY_ENV } from '@citecheck/platform';
import { renderChart } from './support/helm-template';
import { SHORT_BRIEF, linesPdf } from './pipeline-fixtures';
import { freePort, until, upload } from './pipeline-harness';
import { ProcessGroup, ROOT as root } from './support/processes';
const SECRET: Record<string, string> = { INTERNAL_TOKEN: 'manifest-boot-internal-token-0123456789' };

type Dict = Record<string, any>;

interface Workload {
  name: string;
  env: Record<string, string>;
}

/** The chart's Deployments, each with its container environment resolved as the kubelet would. */
function chartWorkloads(): Workload[] {
  const { documents } = renderChart(path.join(root, 'charts', 'citecheck'), {
    images: { repository: 'ghcr.io/acme/citecheck' },
    kafka: { brokers: 'kafka.kafka.svc:9092' },
    mongo: { url: 'mongodb://mongodb.mongo.svc:27017/citecheck' },
    secrets: { existingSecret: 'citecheck-secrets' },
  });
  const configMaps = new Map(documents.filter((d) => d.kind === 'ConfigMap').map((d) => [(d.metadata as Dict).name as string, d.data as Dict]));
  return documents
    .filter((d) => d.kind === 'Deployment')
    .map((deployment: Dict) => {
      const container = (deployment as Dict).spec.template.spec.containers[0] as Dict;
      const env: Record<string, string> = {};
      for (const source of container.envFrom ?? []) {
        const data = configMaps.get(source.configMapRef.name);
        if (!data) throw new Error(`${deployment.metadata.name}: no ConfigMap ${source.configMapRef.name}`);
        Object.assign(env, data);
      }
      for (const item of container.env ?? []) {
        if ('value' in item) env[item.name] = String(item.value);
        else if (item.valueFrom?.secretKeyRef) {
          const ref = item.valueFrom.secretKeyRef;
          if (SECRET[ref.key] !== undefined) env[item.name] = SECRET[ref.key];
          else if (!ref.optional) throw new Error(`${deployment.metadata.name}: Secret key ${ref.key} is required but the test Secret lacks it`);
        }
      }
      // The image is named after its folder; its entrypoint runs that folder's main.ts.
      const image = String(container.image).replace(/"/g, '').split(':')[0].split('/').pop()!;
      return { name: image, env };
    });
}

/**
 * Compose's services other than Kafka and MongoDB, `${VAR:-default}` taken with an empty shell
 * environment; a required `${VAR:?message}` (the shared secret) from the Secret's values.
 */
function composeWorkloads(): Workload[] {
  const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as Dict;
  const substitute = (value: string) =>
    value
      .replace(/\$\{(\w+):?\?[^}]*\}/g, (_, name: string) => SECRET[name] ?? '')
      .replace(/\$\{(\w+)(?::?-([^}]*))?\}/g, (_, _name: string, fallback: string | undefined) => fallback ?? '');
  return Object.entries(compose.services as Dict)
    .filter(([, service]) => service.build?.args?.SERVICE)
    .map(([, service]) => ({
      name: service.build.args.SERVICE as string,
      env: Object.fromEntries(Object.entries(service.environment as Dict).map(([k, v]) => [k, substitute(String(v))])),
    }));
}

function entryOf(name: string): string {
  return name === 'gateway' ? 'gateway/src/main.ts' : `services/${name}/src/main.ts`;
}

const briefPdf = () => linesPdf(SHORT_BRIEF);

describe.each([
  ['the Helm chart', chartWorkloads],
  ['docker-compose.yml', composeWorkloads],
])('%s', (_label, workloadsOf) => {
  const workloads = workloadsOf();
  const processes = new ProcessGroup();
  let dataDir: string;
  let gatewayUrl: string;
  const ports = new Map<string, number>();
  const opsPorts = new Map<string, number>();

  test('declares every deployable, each with every variable it needs (packages/platform/src/deploy-env.ts)', () => {
    expect(workloads.map((w) => w.name).sort()).toEqual(Object.keys(DEPLOY_ENV).sort());
    const missing = workloads.flatMap((w) =>
      (DEPLOY_ENV[w.name as keyof typeof DEPLOY_ENV] as readonly string[]).filter((v) => !w.env[v]).map((v) => `${w.name}: ${v}`),
    );
    expect(missing).toEqual([]);
  });

  describe('booted as processes', () => {
    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-manifest-boot-'));
      // Cluster DNS stands in as 127.0.0.1: each manifest port moves to a free one here.
      for (const w of workloads) ports.set(w.name, await freePort());
      // Each pod's ops port (OPS_PORT) is the same number on its own address; here each
      // process gets its own free one.
      for (const w of workloads) opsPorts.set(w.name, await freePort());
      const manifestPort = new Map(workloads.map((w) => [w.name, w.env.PORT]));
      // A pod's volume (/data/...) moves under this run's own directory: nothing is read from or
      // written to the machine's /data, which may hold another run's files.
      const relocate = (value: string) =>
        value.startsWith('/data/')
          ? path.join(dataDir, 'volumes', value.slice('/data/'.length))
          : value.replace(/http:\/\/([a-z]+):(\d+)/g, (whole, host: string, port: string) =>
              ports.has(host) && manifestPort.get(host) === port ? `http://127.0.0.1:${ports.get(host)}` : whole,
            );
      gatewayUrl = `http://127.0.0.1:${ports.get('gateway')}`;
      for (const w of workloads) {
        const env: Record<string, string> = {
          // Only what any container has; everything else comes from the manifest.
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? tmpdir(),
          ...Object.fromEntries(Object.entries(w.env).map(([k, v]) => [k, relocate(v)])),
          PORT: String(ports.get(w.name)),
          ...(w.env.OPS_PORT ? { OPS_PORT: String(opsPorts.get(w.name)) } : {}),
          BUS: 'embedded',
          STORE: 'sqlite',
          BLOBS: 'fs',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
        };
        processes.start(entryOf(w.name), { env, name: w.name, nodeArgs: ['--enable-source-maps'], keep: 3000 });
      }
      await processes.race(
        until(
          'every service ready',
          async () => {
            for (const w of workloads) {
              // Where the manifests' probes point: the ops port.
              const response = await fetch(`http://127.0.0.1:${opsPorts.get(w.name)}/readyz`).catch(() => null);
              if (response?.status !== 200) return null;
            }
            return true;
          },
          120_000,
          300,
        ),
      );
    }, 180_000);

    afterAll(async () => {
      await processes.stopAll();
      rmSync(dataDir, { recursive: true, force: true });
    }, 30_000);

    test('every process serves Prometheus text on its ops port, and none on its own port', async () => {
      for (const w of workloads) {
        const ops = await fetch(`http://127.0.0.1:${opsPorts.get(w.name)}/metrics`);
        expect(ops.headers.get('content-type')).toContain('text/plain');
        expect(await ops.text()).toContain(`process_cpu_user_seconds_total`);
        const own = await fetch(`http://127.0.0.1:${ports.get(w.name)}/metrics`);
        expect(await own.text()).not.toContain('# TYPE');
      }
    });

    test('an upload goes through to its report', async () => {
      const email = 'manifest@example.com';
      const registered = await fetch(`${gatewayUrl}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Manifest Lawyer', email, newsletterOptIn: false }),
      });
      expect(registered.status).toBeLessThan(300);
      // NODE_ENV=production has no dev outbox route: read the mail from notification's store.
      const token = await processes.race(
        until('verification mail', async () => {
          const db = new Database(path.join(dataDir, 'notification.sqlite'), { readonly: true, fileMustExist: true });
          try {
            const rows = db.prepare('SELECT doc FROM "outbox"').all() as { doc: string }[];
            for (const row of rows) {
              const match = row.doc.match(/verify-email\?token=([A-Za-z0-9_-]+)/);
              if (match && row.doc.includes(email)) return match[1];
            }
            return null;
          } finally {
            db.close();
          }
        }),
      );
      const verified = await fetch(`${gatewayUrl}/api/verify-email?token=${token}`);
      expect(verified.status).toBe(200);
      const session = ((await verified.json()) as { sessionToken: string }).sessionToken;

      const result = await processes.race(upload(gatewayUrl, session, await briefPdf(), 'brief.pdf', 'manifest-session'));
      expect(result.status).toBe(200);
      const verdicts = Object.fromEntries((result.body.citations ?? []).map((c) => [c.text, c.isValid]));
      expect(verdicts).toMatchObject({ '550 U.S. 544': true, '477 U.S. 242': false });
      const report = await fetch(`${gatewayUrl}/api/documents/${result.body.document!.id}/report`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${session}` },
        body: JSON.stringify({ sessionId: 'manifest-session' }),
      });
      expect(report.status).toBe(200);
      expect(((await report.json()) as { report: { totalCitations: number } }).report.totalCitations).toBe(2);
    }, 120_000);
  });
});

describe('the chart for a managed Kafka', () => {
  test('TLS, SASL mechanism and topic settings reach every service; the credentials come from the Secret', () => {
    const { documents } = renderChart(path.join(root, 'charts', 'citecheck'), {
      images: { repository: 'ghcr.io/acme/citecheck' },
      kafka: { brokers: 'b-1.kafka.example:9096', partitions: 12, replicationFactor: 3, tls: true, sasl: { mechanism: 'scram-sha-512' } },
      mongo: { url: 'mongodb://mongodb.mongo.svc:27017/citecheck' },
      secrets: { existingSecret: 'citecheck-secrets' },
    });
    const config = documents.find((d) => d.kind === 'ConfigMap')!.data as Dict;
    expect(config).toMatchObject({ KAFKA_PARTITIONS: '12', KAFKA_REPLICATION_FACTOR: '3', KAFKA_SSL: 'true', KAFKA_SASL_MECHANISM: 'scram-sha-512' });
    for (const deployment of documents.filter((d) => d.kind === 'Deployment' && (d.metadata as Dict).name !== 'gateway')) {
      const env = (deployment as Dict).spec.template.spec.containers[0].env as Dict[];
      for (const key of ['KAFKA_SASL_USERNAME', 'KAFKA_SASL_PASSWORD']) {
        expect(env.find((e) => e.name === key)?.valueFrom).toEqual({ secretKeyRef: { name: 'citecheck-secrets', key } });
      }
    }
  });
});
