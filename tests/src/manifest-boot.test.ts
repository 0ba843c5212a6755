/**
 * The deployment manifests boot the product. The Helm chart is rendered (tests/src/support/
 * helm-template.ts) and docker-compose.yml read; every Deployment (or Compose service) becomes
 * a process started the way its image starts it, with exactly the environment the manifest
 * gives it (ConfigMap, env, Secret references resolved) and nothing inherited from this test,
 * so a variable a manifest forgets fails here. Only what has no stand-in on this machine is
 * swapped: Kafka and MongoDB for the embedded bus and SQLite (BUS, STORE, BLOBS, one DATA_DIR
 * per release, as each release has its own topic prefix and database), and cluster DNS for
 * 127.0.0.1: each Service name of the render (`<release>-citecheck-<service>`) on a free port.
 * Then a brief is uploaded through the gateway and followed to its report.
 *
 * Compose's services are started from their images' bundles (support/images.ts), the chart's
 * from their TypeScript sources. The chart is booted as two releases in one namespace at once, staging and production: each
 * release's pods reach only their own Services, and an upload through one is not seen by the
 * other. The `helm test` pod's script (charts/citecheck/files/helm-test.js), with the
 * environment the rendered Pod gives it, then makes its round trip through each release.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { parse } from 'yaml';
import { DEPLOY_ENV } from '@citecheck/platform';
import { renderChart } from './support/helm-template';
import { stageImages, type StagedImages } from './support/images';
import { SHORT_BRIEF, blankScanPdf, linesPdf } from './pipeline-fixtures';
import { freePort, until, upload } from './pipeline-harness';
import { ProcessGroup, ROOT as root } from './support/processes';
const SECRET: Record<string, string> = { INTERNAL_TOKEN: 'manifest-boot-internal-token-0123456789' };

type Dict = Record<string, any>;

interface Workload {
  /** The deployable (its folder), which its image runs. */
  name: string;
  env: Record<string, string>;
}

interface Release {
  name: string;
  workloads: Workload[];
  /** Cluster DNS: each host name the manifests use, and the deployable behind it. */
  hosts: Map<string, string>;
  /** The `helm test` pod's environment and script (the chart's releases only). */
  testPod?: { env: Record<string, string>; script: string };
}

/** A container's environment resolved as the kubelet would: ConfigMaps, values, Secret references. */
function resolveEnv(owner: string, container: Dict, configMaps: Map<string, Dict>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    const data = configMaps.get(source.configMapRef.name);
    if (!data) throw new Error(`${owner}: no ConfigMap ${source.configMapRef.name}`);
    Object.assign(env, data);
  }
  for (const item of container.env ?? []) {
    if ('value' in item) env[item.name] = String(item.value);
    else if (item.valueFrom?.secretKeyRef) {
      const ref = item.valueFrom.secretKeyRef;
      if (SECRET[ref.key] !== undefined) env[item.name] = SECRET[ref.key];
      else if (!ref.optional) throw new Error(`${owner}: Secret key ${ref.key} is required but the test Secret lacks it`);
    }
  }
  return env;
}

/** The chart rendered as release `name`, with its own topic prefix and database. */
function chartRelease(name: string): Release {
  const { documents } = renderChart(
    path.join(root, 'charts', 'citecheck'),
    {
      images: { repository: 'ghcr.io/acme/citecheck' },
      kafka: { brokers: 'kafka.kafka.svc:9092', topicPrefix: `${name}.` },
      mongo: { url: `mongodb://mongodb.mongo.svc:27017/citecheck-${name}` },
      secrets: { existingSecret: 'citecheck-secrets' },
    },
    { releaseName: name },
  );
  const configMaps = new Map(documents.filter((d) => d.kind === 'ConfigMap').map((d) => [(d.metadata as Dict).name as string, d.data as Dict]));
  const workloads = documents
    .filter((d) => d.kind === 'Deployment')
    .map((deployment: Dict) => {
      const container = deployment.spec.template.spec.containers[0] as Dict;
      // The image is named after its folder; its entrypoint runs that folder's service.
      const image = String(container.image).replace(/"/g, '').split(':')[0].split('/').pop()!;
      return { name: image, env: resolveEnv(deployment.metadata.name, container, configMaps) };
    });
  const hosts = new Map(
    documents.filter((d) => d.kind === 'Service').map((service: Dict) => [service.metadata.name as string, service.spec.selector['app.kubernetes.io/name'] as string]),
  );
  const pod = documents.find((d) => d.kind === 'Pod') as Dict;
  const container = pod.spec.containers[0] as Dict;
  if (container.command[0] !== 'node' || container.command[1] !== '-e') throw new Error(`the test pod runs ${container.command.slice(0, 2).join(' ')}, not node -e`);
  return { name, workloads, hosts, testPod: { env: resolveEnv(pod.metadata.name, container, configMaps), script: container.command[2] } };
}

/**
 * Compose's services other than Kafka and MongoDB, `${VAR:-default}` taken with an empty shell
 * environment; a required `${VAR:?message}` (the shared secret) from the Secret's values.
 */
function composeRelease(): Release {
  const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as Dict;
  const substitute = (value: string) =>
    value
      .replace(/\$\{(\w+):?\?[^}]*\}/g, (_, name: string) => SECRET[name] ?? '')
      .replace(/\$\{(\w+)(?::?-([^}]*))?\}/g, (_, _name: string, fallback: string | undefined) => fallback ?? '');
  const workloads = Object.entries(compose.services as Dict)
    .filter(([, service]) => service.build?.args?.SERVICE)
    .map(([, service]) => ({
      name: service.build.args.SERVICE as string,
      env: Object.fromEntries(Object.entries(service.environment as Dict).map(([k, v]) => [k, substitute(String(v))])),
    }));
  // Compose's service names are the host names.
  return { name: 'compose', workloads, hosts: new Map(workloads.map((w) => [w.name, w.name])) };
}

function entryOf(name: string): string {
  return name === 'gateway' ? 'gateway/src/main.ts' : `services/${name}/src/main.ts`;
}

const briefPdf = () => linesPdf(SHORT_BRIEF);

/** A release's processes on this machine: each deployable's port and ops port, and its data directory. */
interface Booted {
  release: Release;
  dataDir: string;
  ports: Map<string, number>;
  opsPorts: Map<string, number>;
  gatewayUrl: string;
  /** A manifest's URLs with cluster DNS replaced by this machine's ports. */
  relocate(value: string): string;
}

async function plan(release: Release): Promise<Booted> {
  const ports = new Map<string, number>();
  const opsPorts = new Map<string, number>();
  // Cluster DNS stands in as 127.0.0.1: each manifest port moves to a free one here. Each
  // pod's ops port (OPS_PORT) is the same number on its own address; here each process gets its own.
  for (const w of release.workloads) ports.set(w.name, await freePort());
  for (const w of release.workloads) opsPorts.set(w.name, await freePort());
  const manifestPort = new Map(release.workloads.map((w) => [w.name, w.env.PORT]));
  const dataDir = mkdtempSync(path.join(tmpdir(), `citecheck-manifest-boot-${release.name}-`));
  // A pod's volume (/data/...) moves under this run's own directory: nothing is read from or
  // written to the machine's /data, which may hold another run's files.
  const relocate = (value: string) =>
    value.startsWith('/data/')
      ? path.join(dataDir, 'volumes', value.slice('/data/'.length))
      : value.replace(/http:\/\/([a-z0-9-]+):(\d+)/g, (whole, host: string, port: string) => {
          const service = release.hosts.get(host);
          return service && manifestPort.get(service) === port ? `http://127.0.0.1:${ports.get(service)}` : whole;
        });
  return {
    release,
    dataDir,
    ports,
    opsPorts,
    gatewayUrl: `http://127.0.0.1:${ports.get('gateway')}`,
    relocate,
  };
}

/** Starts each workload from its TypeScript source, or with `images` as its image runs it (its staged /app, plain node on its bundle). */
function start(processes: ProcessGroup, booted: Booted, images?: StagedImages): void {
  for (const w of booted.release.workloads) {
    const env: Record<string, string> = {
      // Only what any container has; everything else comes from the manifest.
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      ...Object.fromEntries(Object.entries(w.env).map(([k, v]) => [k, booted.relocate(v)])),
      PORT: String(booted.ports.get(w.name)),
      ...(w.env.OPS_PORT ? { OPS_PORT: String(booted.opsPorts.get(w.name)) } : {}),
      BUS: 'embedded',
      STORE: 'sqlite',
      BLOBS: 'fs',
      DATA_DIR: booted.dataDir,
      LOG_LEVEL: 'warn',
    };
    const name = `${booted.release.name}/${w.name}`;
    if (images) processes.start(images.entry(w.name), { env, name, plain: true, cwd: images.dir(w.name), nodeArgs: ['--enable-source-maps'], keep: 3000 });
    else processes.start(entryOf(w.name), { env, name, nodeArgs: ['--enable-source-maps'], keep: 3000 });
  }
}

async function untilReady(processes: ProcessGroup, all: Booted[]): Promise<void> {
  await processes.race(
    until(
      'every service ready',
      async () => {
        for (const booted of all) {
          for (const w of booted.release.workloads) {
            // Where the manifests' probes point: the ops port.
            const response = await fetch(`http://127.0.0.1:${booted.opsPorts.get(w.name)}/readyz`).catch(() => null);
            if (response?.status !== 200) return null;
          }
        }
        return true;
      },
      240_000,
      300,
    ),
  );
}

/** Registers through the gateway, verifies from notification's store, uploads the brief and reads its report. */
async function uploadThrough(processes: ProcessGroup, booted: Booted, email: string): Promise<{ documentId: string; session: string }> {
  const registered = await fetch(`${booted.gatewayUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Manifest Lawyer', email, newsletterOptIn: false }),
  });
  expect(registered.status).toBeLessThan(300);
  // NODE_ENV=production has no dev outbox route: read the mail from notification's store.
  const token = await processes.race(
    until('verification mail', async () => {
      const db = new Database(path.join(booted.dataDir, 'notification.sqlite'), { readonly: true, fileMustExist: true });
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
  const verified = await fetch(`${booted.gatewayUrl}/api/verify-email?token=${token}`);
  expect(verified.status).toBe(200);
  const session = ((await verified.json()) as { sessionToken: string }).sessionToken;

  const result = await processes.race(upload(booted.gatewayUrl, session, await briefPdf(), 'brief.pdf', 'manifest-session'));
  expect(result.status).toBe(200);
  const verdicts = Object.fromEntries((result.body.citations ?? []).map((c) => [c.text, c.isValid]));
  expect(verdicts).toMatchObject({ '550 U.S. 544': true, '477 U.S. 242': false });
  const report = await fetch(`${booted.gatewayUrl}/api/documents/${result.body.document!.id}/report`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session}` },
    body: JSON.stringify({ sessionId: 'manifest-session' }),
  });
  expect(report.status).toBe(200);
  expect(((await report.json()) as { report: { totalCitations: number } }).report.totalCitations).toBe(2);
  return { documentId: result.body.document!.id, session };
}

/** The documents a release's ingest keeps (its own store: the stand-in for its own database). */
function documentIds(booted: Booted): string[] {
  const db = new Database(path.join(booted.dataDir, 'ingest.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT id FROM "documents"').all() as { id: string }[]).map((row) => row.id);
  } finally {
    db.close();
  }
}

/** Runs the `helm test` pod's script with its environment (relocated), as the pod's node would. */
function runTestPod(booted: Booted, override: Record<string, string> = {}): Promise<{ code: number | null; output: string }> {
  const pod = booted.release.testPod!;
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), ...Object.fromEntries(Object.entries(pod.env).map(([k, v]) => [k, booted.relocate(v)])), ...override };
  // Node 22 (the image's) has a global WebSocket; Node 20 behind a flag.
  const flags = Number(process.versions.node.split('.')[0]) < 22 ? ['--experimental-websocket'] : [];
  const child = spawn(process.execPath, [...flags, '-e', pod.script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

function declaresEverything(release: Release): void {
  expect(release.workloads.map((w) => w.name).sort()).toEqual(Object.keys(DEPLOY_ENV).sort());
  const missing = release.workloads.flatMap((w) =>
    (DEPLOY_ENV[w.name as keyof typeof DEPLOY_ENV] as readonly string[]).filter((v) => !w.env[v]).map((v) => `${w.name}: ${v}`),
  );
  expect(missing).toEqual([]);
}

async function servesMetricsOnOpsPortOnly(booted: Booted): Promise<void> {
  for (const w of booted.release.workloads) {
    const ops = await fetch(`http://127.0.0.1:${booted.opsPorts.get(w.name)}/metrics`);
    expect(ops.headers.get('content-type')).toContain('text/plain');
    expect(await ops.text()).toContain(`process_cpu_user_seconds_total`);
    const own = await fetch(`http://127.0.0.1:${booted.ports.get(w.name)}/metrics`);
    expect(await own.text()).not.toContain('# TYPE');
  }
}

describe('the Helm chart: two releases in one namespace, booted side by side', () => {
  const releases = [chartRelease('staging'), chartRelease('production')];
  const processes = new ProcessGroup();
  const booted: Booted[] = [];

  test.each(releases.map((r) => [r.name, r] as const))('%s declares every deployable, each with every variable it needs (packages/platform/src/deploy-env.ts)', (_name, release) => {
    declaresEverything(release);
  });

  test('the two releases name no host in common', () => {
    const [staging, production] = releases;
    expect([...staging.hosts.keys()].filter((host) => production.hosts.has(host))).toEqual([]);
    expect([...staging.hosts.keys()].sort()).toEqual(Object.keys(DEPLOY_ENV).map((name) => `staging-citecheck-${name}`).sort());
  });

  describe('booted as processes', () => {
    beforeAll(async () => {
      for (const release of releases) booted.push(await plan(release));
      for (const b of booted) start(processes, b);
      await untilReady(processes, booted);
    }, 300_000);

    afterAll(async () => {
      await processes.stopAll();
      for (const b of booted) rmSync(b.dataDir, { recursive: true, force: true });
    }, 60_000);

    test('every process serves Prometheus text on its ops port, and none on its own port', async () => {
      for (const b of booted) await servesMetricsOnOpsPortOnly(b);
    });

    test('an upload through each release goes through to its report, and the other release never sees it', async () => {
      const [staging, production] = booted;
      const { documentId: fromStaging } = await uploadThrough(processes, staging, 'staging@example.com');
      const { documentId: fromProduction } = await uploadThrough(processes, production, 'production@example.com');
      expect(documentIds(staging)).toEqual([fromStaging]);
      expect(documentIds(production)).toEqual([fromProduction]);
    }, 180_000);

    test.each([0, 1])('the helm test pod’s script makes its round trip through release %i', async (index) => {
      const { code, output } = await runTestPod(booted[index]);
      expect({ code, output }).toEqual({ code: 0, output: expect.stringContaining('each wrote and read back a record in its store and its message came back through Kafka and the progress service on /ws') });
    }, 120_000);

    test('the helm test pod’s script fails, naming the service, when one does not answer', async () => {
      const b = booted[0];
      const nothing = await freePort();
      const urls = b.release.testPod!.env.SELFTEST_URLS.split(',').map((pair) => (pair.startsWith('billing=') ? `billing=http://127.0.0.1:${nothing}` : pair));
      const { code, output } = await runTestPod(b, { SELFTEST_URLS: b.relocate(urls.join(',')), TEST_TIMEOUT_MS: '20000' });
      expect(code).toBe(1);
      expect(output).toContain('helm test failed: billing: its self-test could not be reached');
    }, 60_000);
  });
});

/**
 * Compose builds every service from the root Dockerfile: here each is started as its image
 * runs it, from its own staged /app (support/images.ts: the Dockerfile's bundle and stage
 * scripts), with plain node on its bundle, so the upload below goes through the bundled
 * services, the read worker's and citation thread's bundles, and each image's node_modules.
 */
describe('docker-compose.yml', () => {
  const release = composeRelease();
  const processes = new ProcessGroup();
  let booted: Booted;
  let images: StagedImages | undefined;

  test('declares every deployable, each with every variable it needs (packages/platform/src/deploy-env.ts)', () => {
    declaresEverything(release);
  });

  describe('booted from the images’ bundles', () => {
    beforeAll(async () => {
      images = stageImages(release.workloads.map((w) => w.name));
      booted = await plan(release);
      start(processes, booted, images);
      await untilReady(processes, [booted]);
    }, 300_000);

    afterAll(async () => {
      await processes.stopAll();
      rmSync(booted.dataDir, { recursive: true, force: true });
      images?.remove();
    }, 30_000);

    test('every process serves Prometheus text on its ops port, and none on its own port', async () => {
      await servesMetricsOnOpsPortOnly(booted);
    });

    test('an upload goes through to its report; a scanned page goes through the extraction image’s OCR', async () => {
      const { session } = await uploadThrough(processes, booted, 'manifest@example.com');
      const scan = await processes.race(upload(booted.gatewayUrl, session, await blankScanPdf(1), 'scan.pdf', 'manifest-scan'));
      expect(scan.status).toBeLessThan(500);
      // OCR ran in the image (tesseract's worker, core and language data from its node_modules).
      const metrics = await (await fetch(`http://127.0.0.1:${booted.opsPorts.get('extraction')}/metrics`)).text();
      expect(Number(/^citecheck_ocr_pages_total\{[^}]*\} (\d+)/m.exec(metrics)?.[1] ?? 0)).toBeGreaterThanOrEqual(1);
    }, 180_000);
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
    for (const deployment of documents.filter((d) => d.kind === 'Deployment' && (d.metadata as Dict).name !== 'citecheck-gateway')) {
      const env = (deployment as Dict).spec.template.spec.containers[0].env as Dict[];
      for (const key of ['KAFKA_SASL_USERNAME', 'KAFKA_SASL_PASSWORD']) {
        expect(env.find((e) => e.name === key)?.valueFrom).toEqual({ secretKeyRef: { name: 'citecheck-secrets', key } });
      }
    }
  });
});
