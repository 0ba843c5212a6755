/**
 * The distributed-mode deployment artifacts agree with the repository and with each other:
 * every folder under services/ (and the gateway) has a Compose service, a Skaffold artifact
 * whose image is named after the folder, a values block and a chart template; ports and
 * subgraph URLs line up; every variable the manifests set is documented in .env.example
 * (once that file exists). No Docker or Helm needed: the files are parsed, not run, so the
 * chart's Go templates are checked for balanced blocks and for values paths that resolve.
 * The images are checked by what the Dockerfile runs, without Docker: each service's /app is
 * laid out by the same scripts (bundles, staged files, its node_modules only) outside the
 * repository and started with plain node.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeKafka } from '@citecheck/platform/testing';
import semver from 'semver';
import { parse } from 'yaml';
import { renderChart } from './support/helm-template';
import { stageImages, type StagedImages } from './support/images';
import { gatewayRoutes, localDistributedEnv, ProcessGroup } from './support/processes';
import { freePort, until } from './pipeline-harness';

const root = path.resolve(__dirname, '..', '..');
const chartDir = path.join(root, 'charts', 'citecheck');

type Dict = Record<string, unknown>;

const read = (...parts: string[]) => readFileSync(path.join(root, ...parts), 'utf8');
// Compose relies on YAML merge keys (`<<: *anchor`), a YAML 1.1 feature `yaml` leaves off by default.
const loadYaml = (...parts: string[]) => parse(read(...parts), { merge: true }) as Dict;
const isDict = (value: unknown): value is Dict => typeof value === 'object' && value !== null && !Array.isArray(value);

const serviceNames = readdirSync(path.join(root, 'services'))
  .filter((name) => statSync(path.join(root, 'services', name)).isDirectory())
  .sort();
const deployables = [...serviceNames, 'gateway'];

const compose = loadYaml('docker-compose.yml');
const composeServices = compose.services as Record<string, Dict>;
const skaffold = loadYaml('skaffold.yaml');
const chart = loadYaml('charts', 'citecheck', 'Chart.yaml');
const values = loadYaml('charts', 'citecheck', 'values.yaml');

const templateFiles = readdirSync(path.join(chartDir, 'templates')).filter((f) => /\.(ya?ml|tpl|txt)$/.test(f));
const templates = Object.fromEntries(templateFiles.map((f) => [f, read('charts', 'citecheck', 'templates', f)]));

function composeEnv(name: string): Record<string, string> {
  const env = composeServices[name]?.environment;
  if (Array.isArray(env)) {
    return Object.fromEntries(env.map((line: string) => [line.split('=')[0], line.slice(line.indexOf('=') + 1)]));
  }
  return Object.fromEntries(Object.entries((env ?? {}) as Dict).map(([k, v]) => [k, String(v)]));
}

/** `a=http://a:1/graphql,b=...` as a map. */
function parseUrlList(list: string): Record<string, string> {
  return Object.fromEntries(
    list
      .split(',')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
}

describe('every deployable is wired everywhere', () => {
  test('there is something to deploy', () => {
    expect(serviceNames).toEqual(
      expect.arrayContaining(['ingest', 'extraction', 'validation', 'billing', 'identity', 'notification', 'analytics', 'progress']),
    );
  });

  test.each(deployables)('%s: compose service built from the root Dockerfile with SERVICE=<name>', (name) => {
    const service = composeServices[name];
    expect(service).toBeDefined();
    const build = service.build as Dict;
    expect(build.context).toBe('.');
    expect((build.args as Dict).SERVICE).toBe(name);
    const env = composeEnv(name);
    expect(env.MODE).toBe('distributed');
    expect(env.KAFKA_BROKERS).toBeTruthy();
    expect(env.MONGO_URL).toMatch(/^mongodb(\+srv)?:\/\//);
    expect(Number(env.PORT)).toBe((values[name] as Dict).port);
  });

  test.each(deployables)('%s: skaffold artifact named after the folder, helm values mapped', (name) => {
    const artifacts = ((skaffold.build as Dict).artifacts as Dict[]).filter((a) => a.image === name);
    expect(artifacts).toHaveLength(1);
    const docker = artifacts[0].docker as Dict;
    expect(docker.dockerfile ?? 'Dockerfile').toBe('Dockerfile');
    expect((docker.buildArgs as Dict).SERVICE).toBe(name);

    const release = (((skaffold.deploy as Dict).helm as Dict).releases as Dict[])[0];
    const setValueTemplates = release.setValueTemplates as Record<string, string>;
    expect(setValueTemplates[`${name}.image.repository`]).toBe(`{{.IMAGE_REPO_${name}}}`);
    expect(setValueTemplates[`${name}.image.tag`]).toContain(`{{.IMAGE_TAG_${name}}}`);
  });

  test.each(deployables)('%s: values block and templates/%s.yaml', (name) => {
    const block = values[name] as Dict;
    expect(isDict(block)).toBe(true);
    for (const key of ['create', 'image', 'replicas', 'port', 'resources', 'env', 'secretEnv']) {
      expect(Object.keys(block)).toContain(key);
    }
    const template = templates[`${name}.yaml`];
    expect(template).toBeDefined();
    expect(template).toContain(`.Values.${name}.create`);
    expect(template).toContain(`"name" "${name}"`);
  });

  test('compose gives every deployable an ops port and checks readiness there; skaffold forwards the gateway ops port', () => {
    for (const name of deployables) expect(composeEnv(name).OPS_PORT).toBe('9464');
    const test = JSON.stringify((composeServices.ingest.healthcheck as Dict).test);
    expect(test).toContain('process.env.OPS_PORT');
    expect(test).toContain('/readyz');
    // The gateway's Service as the chart names it for Skaffold's release.
    const release = (((skaffold.deploy as Dict).helm as Dict).releases as Dict[])[0];
    const { documents } = renderChart(chartDir, { images: { repository: 'r' }, kafka: { brokers: 'k:9092' }, mongo: { url: 'mongodb://m/db' }, secrets: { existingSecret: 's' } }, { releaseName: String(release.name) });
    const gateway = documents.find((d) => d.kind === 'Service' && (d.spec as Dict).selector && ((d.spec as Dict).selector as Dict)['app.kubernetes.io/name'] === 'gateway') as Dict;
    const gatewayName = (gateway.metadata as Dict).name;
    expect(gatewayName).toBe(`${String(release.name)}-gateway`);
    for (const port of [8080, 9464]) expect(skaffold.portForward).toContainEqual({ resourceType: 'service', resourceName: gatewayName, port, localPort: port });
  });

  test('skaffold builds nothing that is not a deployable', () => {
    const images = ((skaffold.build as Dict).artifacts as Dict[]).map((a) => a.image).sort();
    expect(images).toEqual([...deployables].sort());
  });

  test('skaffold deploys this chart with helm', () => {
    const releases = ((skaffold.deploy as Dict).helm as Dict).releases as Dict[];
    expect(releases.map((r) => r.chartPath)).toEqual(['charts/citecheck']);
    expect(String(skaffold.apiVersion)).toMatch(/^skaffold\/v4/);
  });
});

describe('compose', () => {
  test('Kafka (KRaft) and MongoDB with healthchecks the services wait on', () => {
    expect(String(composeServices.kafka.image)).toMatch(/kafka/);
    expect(composeEnv('kafka').KAFKA_PROCESS_ROLES).toBe('broker,controller');
    expect(String(composeServices.mongo.image)).toMatch(/^mongo:7/);
    for (const name of ['kafka', 'mongo']) expect(composeServices[name].healthcheck).toBeDefined();
    for (const name of serviceNames) {
      const dependsOn = composeServices[name].depends_on as Record<string, Dict>;
      expect(dependsOn.kafka.condition).toBe('service_healthy');
      expect(dependsOn.mongo.condition).toBe('service_healthy');
    }
  });

  test('every depends_on target has a healthcheck (its own or the image HEALTHCHECK)', () => {
    for (const [name, service] of Object.entries(composeServices)) {
      for (const [target, condition] of Object.entries((service.depends_on ?? {}) as Record<string, Dict>)) {
        expect({ name, target, exists: target in composeServices }).toEqual({ name, target, exists: true });
        if (condition.condition === 'service_healthy') {
          const hasOwn = composeServices[target].healthcheck !== undefined;
          const fromImage = deployables.includes(target); // the root Dockerfile has a HEALTHCHECK
          expect({ target, healthchecked: hasOwn || fromImage }).toEqual({ target, healthchecked: true });
        }
      }
    }
  });

  test('the gateway publishes 8080 and knows every subgraph and REST upstream', () => {
    expect((composeServices.gateway.ports as string[]).some((p) => String(p).endsWith(':8080'))).toBe(true);
    const env = composeEnv('gateway');
    const subgraphs = parseUrlList(env.SUBGRAPH_URLS);
    const upstreams = parseUrlList(env.SERVICE_URLS);
    expect(Object.keys(subgraphs).sort()).toEqual(serviceNames);
    expect(Object.keys(upstreams).sort()).toEqual(serviceNames);
    for (const name of serviceNames) {
      const port = composeEnv(name).PORT;
      expect(subgraphs[name]).toBe(`http://${name}:${port}/graphql`);
      expect(upstreams[name]).toBe(`http://${name}:${port}`);
    }
  });

  test("the services trust the project's network (the gateway's forwarded address and correlation id); the gateway trusts no one", () => {
    const subnets = ((compose.networks as Dict).default as { ipam: { config: { subnet: string }[] } }).ipam.config.map((c) => c.subnet);
    for (const name of serviceNames) expect({ name, trusted: composeEnv(name).TRUSTED_PROXIES }).toEqual({ name, trusted: subnets[0] });
    // Browsers reach the gateway through Docker's port mapping, from an address in that range.
    expect(composeEnv('gateway').TRUSTED_PROXIES).toBe('');
  });
});

describe('chart', () => {
  test('Chart.yaml', () => {
    expect(chart.apiVersion).toBe('v2');
    expect(chart.name).toBe('citecheck');
    expect(String(chart.version)).toMatch(/^\d+\.\d+\.\d+/);
    expect(chart.appVersion).toBeTruthy();
  });

  test('service ports are distinct (compose uses the same ones: checked per service above)', () => {
    const ports = deployables.map((name) => (values[name] as Dict).port);
    expect(new Set(ports).size).toBe(ports.length);
  });

  test('extraction and validation autoscale on CPU; the gateway has a disruption budget', () => {
    for (const name of ['extraction', 'validation']) {
      const autoscaling = (values[name] as Dict).autoscaling as Dict;
      expect(autoscaling.enabled).toBe(true);
      expect(autoscaling.targetCPUUtilizationPercentage).toEqual(expect.any(Number));
    }
    expect(((values.gateway as Dict).pdb as Dict).enabled).toBe(true);
    expect(templates['_helpers.tpl']).toContain('kind: HorizontalPodAutoscaler');
    // One budget shape for every deployable, the gateway's included (maxUnavailable).
    expect(templates['_helpers.tpl']).toContain('kind: PodDisruptionBudget');
    expect(((values.gateway as Dict).pdb as Dict).maxUnavailable).toBe(1);
    expect(templates['gateway.yaml']).toContain('kind: Ingress');
    expect((values.ingress as Dict).enabled).toBe(false);
  });

  test('probes, metrics annotations, shared ConfigMap, secrets from an existing Secret', () => {
    const helpers = templates['_helpers.tpl'];
    expect(helpers).toMatch(/livenessProbe:[\s\S]{0,200}\{\{- else \}\}\s+httpGet:\s+path: \/healthz\s+port: ops/);
    expect(helpers).toMatch(/readinessProbe:[\s\S]{0,200}\{\{- else \}\}\s+httpGet:\s+path: \/readyz\s+port: ops/);
    expect(helpers).toContain('prometheus.io/scrape');
    expect(helpers).toContain('"prometheus.io/path" "/metrics"');
    expect(helpers).toContain('configMapRef');
    expect(helpers).toContain('secretKeyRef');
    expect(templates['configmap.yaml']).toContain('kind: ConfigMap');
    const secretKeys = deployables.flatMap((name) => (values[name] as Dict).secretEnv as string[]);
    expect(secretKeys.sort()).toEqual(
      [
        'ADMIN_PASSWORD_HASH',
        'COURTLISTENER_TOKEN',
        'OPENAI_API_KEY',
        'SENDGRID_API_KEY',
        'STRIPE_PUBLISHABLE_KEY',
        'STRIPE_SECRET_KEY',
        'STRIPE_WEBHOOK_SECRET',
      ].sort(),
    );
  });

  test('the case-law index is mounted read-only into validation', () => {
    const validation = templates['validation.yaml'];
    expect(validation).toContain('CASELAW_INDEX_PATH');
    expect(validation).toContain('readOnly: true');
    expect((values.caselaw as Dict).mountPath).toBe('/data/caselaw');
  });

  test.each(templateFiles)('templates/%s: every block is closed', (file) => {
    const source = templates[file].replace(/\{\{-?\s*\/\*[\s\S]*?\*\/\s*-?\}\}/g, '');
    const opened = source.match(/\{\{-?\s*(if|range|with|define)\b/g) ?? [];
    const closed = source.match(/\{\{-?\s*end\s*-?\}\}/g) ?? [];
    expect(closed.length).toBe(opened.length);
  });

  test.each(templateFiles)('templates/%s: every .Values path exists in values.yaml', (file) => {
    const paths = [...templates[file].matchAll(/\.Values((?:\.[A-Za-z_][A-Za-z0-9_]*)+)/g)].map((m) => m[1].slice(1));
    const missing = paths.filter((p) => {
      let node: unknown = values;
      for (const key of p.split('.')) {
        if (!isDict(node) || !(key in node)) return true;
        node = node[key];
      }
      return false;
    });
    expect(missing).toEqual([]);
  });
});

describe('image', () => {
  const dockerfile = read('Dockerfile');

  test('every locked package runs on Node 20.19 and 22.13: no EBADENGINE warning on either', () => {
    const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { engines?: { node?: string } | string[] }> };
    const refused = Object.entries(lock.packages)
      .filter(([, info]) => info.engines && !Array.isArray(info.engines) && info.engines.node)
      .filter(([, info]) => !['20.19.0', '22.13.0'].every((version) => semver.satisfies(version, (info.engines as { node: string }).node)))
      .map(([name, info]) => `${name}: ${(info.engines as { node: string }).node}`);
    expect(refused).toEqual([]);
  });

  test('node:22-slim, npm ci, build, SERVICE build arg, non-root, init, healthcheck', () => {
    expect(dockerfile).toMatch(/FROM node:\$\{NODE_VERSION\}-slim/);
    // Node 20 reached its end of life on 2026-04-30; the engines range still admits it for development.
    expect(dockerfile).toMatch(/ARG NODE_VERSION=22\b/);
    const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
    expect(manifest.engines.node).toBe('^20.19.0 || >=22.13.0');
    expect(dockerfile).toContain('npm ci');
    expect(dockerfile).toContain('npm run build');
    expect(dockerfile).toMatch(/ARG SERVICE\b/);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toContain('tini');
    expect(dockerfile).toMatch(/HEALTHCHECK[\s\S]*\/healthz/);
    expect(dockerfile).toContain('@tesseract.js-data/eng');
  });

  test('the build stage bundles every service; the runtime stage is one service’s staged /app, run by plain node', () => {
    const stages = Object.fromEntries(
      dockerfile
        .split(/^FROM /m)
        .slice(1)
        .map((stage) => [/ AS (\w[\w-]*)/.exec(stage.split('\n')[0])![1], stage]),
    );
    expect(Object.keys(stages)).toEqual(['toolchain', 'manifests', 'build', 'stage', 'runtime']);
    // `npm run build` is scripts/build.mjs, which bundles the deployables when not --if-needed.
    expect(stages.build).toContain('npm run build');
    expect(stages.build).toContain('dist/bundles.json');
    expect(read('scripts', 'build.mjs')).toMatch(/if \(!ifNeeded\) run\(process\.execPath, \[path\.join\(root, 'scripts', 'bundle-services\.mjs'\)\]\)/);
    expect(stages.stage).toMatch(/node scripts\/stage-service\.mjs "\$\{SERVICE\}" \/stage/);
    // The runtime stage installs nothing from npm and copies nothing but the staged /app.
    expect(stages.runtime).not.toMatch(/npm (ci|install)/);
    expect([...stages.runtime.matchAll(/^COPY (.*)$/gm)].map((m) => m[1])).toEqual(['--from=stage /stage/ ./']);
    expect(stages.runtime).toContain('exec node --enable-source-maps "$entry"');
    expect(stages.runtime).toContain('entry="dist/services/${SERVICE}.cjs"');
    expect(dockerfile).not.toMatch(/--import tsx|npx tsx/);
  });

  test('.dockerignore keeps node_modules and local data out of the context', () => {
    const ignore = read('.dockerignore').split('\n').map((l) => l.trim());
    expect(ignore).toEqual(expect.arrayContaining(['**/node_modules', 'data', '.git', '.env']));
  });

  test.each(deployables)('%s: the entry its bundle is built from exists', (name) => {
    const entry = name === 'gateway' ? 'gateway/src/main.ts' : `services/${name}/src/main.ts`;
    expect({ entry, exists: existsSync(path.join(root, entry)) }).toEqual({ entry, exists: true });
  });
});

/**
 * Each service's image as the Dockerfile lays it out (support/images.ts runs the same two
 * scripts into folders outside the repository), started as its entrypoint starts it: plain
 * node on the bundle, nothing compiled, no package the image does not carry within reach.
 */
describe('images, staged and started without Docker', () => {
  jest.setTimeout(180_000);
  let images: StagedImages;
  const processes = new ProcessGroup();
  const ports = new Map<string, { port: number; ops: number }>();
  let dataDir: string;

  beforeAll(async () => {
    images = stageImages(deployables);
    dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-images-data-'));
    for (const name of deployables) ports.set(name, { port: await freePort(), ops: await freePort() });
    const url = (name: string) => `http://127.0.0.1:${ports.get(name)!.port}`;
    const urls = Object.fromEntries(serviceNames.map((name) => [name, url(name)]));
    for (const name of deployables) {
      const env: Record<string, string> = {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? tmpdir(),
        ...localDistributedEnv(dataDir),
        NODE_ENV: 'production',
        PORT: String(ports.get(name)!.port),
        OPS_PORT: String(ports.get(name)!.ops),
        INTERNAL_TOKEN: 'images-internal-token-0123456789abcdef',
        IDENTITY_URL: url('identity'),
        ...(name === 'gateway' ? gatewayRoutes(urls) : {}),
        // One service exports traces: the OpenTelemetry SDK (a version of its own under
        // packages/platform) must load from the image too.
        ...(name === 'identity' ? { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${await freePort()}` } : {}),
      };
      processes.start(images.entry(name), { plain: true, cwd: images.dir(name), env, name, nodeArgs: ['--enable-source-maps'] });
    }
  }, 180_000);

  afterAll(async () => {
    await processes.stopAll();
    images?.remove();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  test('every bundle starts from its own /app with plain node and answers /healthz and /readyz on its ops port', async () => {
    for (const name of deployables) {
      const ops = `http://127.0.0.1:${ports.get(name)!.ops}`;
      await processes.race(until(`${name} ready`, async () => ((await fetch(`${ops}/readyz`).catch(() => null))?.status === 200 ? true : null), 120_000, 200));
      expect((await fetch(`${ops}/healthz`)).status).toBe(200);
    }
    // And through the gateway, every backend's subgraph answers.
    const query = `{ ${serviceNames.map((name) => `${name}Health { ok }`).join(' ')} }`;
    const response = await fetch(`http://127.0.0.1:${ports.get('gateway')!.port}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
    const body = (await response.json()) as { data: Record<string, { ok: boolean }> };
    expect(serviceNames.filter((name) => !body.data?.[`${name}Health`]?.ok)).toEqual([]);
  });

  test('an image carries its own packages only: no tsx, esbuild, TypeScript or test tools, no TypeScript source, no other service’s packages', () => {
    const has = (name: string, pkg: string) => existsSync(path.join(images.dir(name), 'node_modules', pkg, 'package.json'));
    for (const name of deployables) {
      for (const devOnly of ['tsx', 'esbuild', 'typescript', 'jest', '@swc/core', 'eslint', 'vite', 'react']) expect({ name, devOnly, present: has(name, devOnly) }).toEqual({ name, devOnly, present: false });
      expect(has(name, 'better-sqlite3')).toBe(true);
      const sources: string[] = [];
      const walk = (dir: string) => {
        for (const entry of readdirSync(dir, { withFileTypes: true })) {
          if (entry.isDirectory() && entry.name !== 'node_modules') walk(path.join(dir, entry.name));
          else if (entry.isFile() && /\.tsx?$/.test(entry.name)) sources.push(path.relative(images.dir(name), path.join(dir, entry.name)));
        }
      };
      walk(images.dir(name));
      expect({ name, sources }).toEqual({ name, sources: [] });
    }
    // OCR is extraction's (and ingest's, which reads uploads); identity and the gateway do without it.
    expect(['extraction', 'ingest'].every((name) => has(name, 'tesseract.js') && has(name, '@tesseract.js-data/eng'))).toBe(true);
    expect(['identity', 'gateway', 'billing', 'notification', 'progress'].some((name) => has(name, 'tesseract.js') || has(name, 'pdfjs-dist'))).toBe(false);
    expect(has('gateway', '@apollo/gateway')).toBe(true);
    expect(has('identity', '@apollo/gateway')).toBe(false);
  });

  test('the dead-letter tool runs from an image, against a broker speaking Kafka’s protocol', async () => {
    const broker = await startFakeKafka({ topics: ['document.uploaded', 'document.uploaded.dlq'] });
    try {
      const out = await new Promise<{ code: number | null; output: string }>((resolve) => {
        const child = spawn(process.execPath, ['dist/tools/dead-letters.cjs', 'list', 'document.uploaded'], {
          cwd: images.dir('validation'),
          env: { PATH: process.env.PATH ?? '', KAFKA_BROKERS: broker.address, KAFKA_CONNECTION_TIMEOUT_MS: '3000' },
        });
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.on('exit', (code) => resolve({ code, output }));
      });
      expect(out).toEqual({ code: 0, output: expect.stringContaining('0 dead letter(s) of document.uploaded') });
    } finally {
      await broker.close();
    }
  });
});

describe('environment', () => {
  /** Variable names the manifests set for CiteCheck processes (not Kafka's or MongoDB's). */
  function variablesSet(): string[] {
    const names = new Set<string>();
    for (const name of deployables) for (const key of Object.keys(composeEnv(name))) names.add(key);
    for (const key of Object.keys((values.config ?? {}) as Dict)) names.add(key);
    for (const name of deployables) {
      const block = values[name] as Dict;
      for (const key of Object.keys((block.env ?? {}) as Dict)) names.add(key);
      for (const key of block.secretEnv as string[]) names.add(key);
    }
    // Container env in templates, including the lists built with printf ("- name: X\n  value: ...").
    for (const source of Object.values(templates)) {
      for (const m of source.matchAll(/- name: ([A-Z][A-Z0-9_]+)\b/g)) names.add(m[1]);
    }
    const configMapData = templates['configmap.yaml'].split('data:')[1] ?? '';
    for (const m of configMapData.matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)) names.add(m[1]);
    // ENV instructions, continuation lines included.
    for (const env of read('Dockerfile').matchAll(/^ENV ((?:.*\\\n)*.*)$/gm)) {
      for (const m of env[1].matchAll(/(?:^|\s)([A-Z][A-Z0-9_]+)=/g)) names.add(m[1]);
    }
    return [...names].sort();
  }

  test('the manifests set the platform variables', () => {
    expect(variablesSet()).toEqual(expect.arrayContaining(['MODE', 'KAFKA_BROKERS', 'MONGO_URL', 'PORT', 'SUBGRAPH_URLS', 'SERVICE_URLS', 'CASELAW_INDEX_PATH']));
  });

  const envExample = path.join(root, '.env.example');
  const hasEnvExample = existsSync(envExample);
  (hasEnvExample ? test : test.skip)(
    hasEnvExample ? 'every variable the manifests set is listed in .env.example' : 'SKIPPED: no .env.example yet, so variables are not checked against it',
    () => {
      const listed = new Set([...readFileSync(envExample, 'utf8').matchAll(/^\s*#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
      // SERVICE only selects the entry point inside the image; it is not a process setting.
      const missing = variablesSet().filter((name) => !listed.has(name) && name !== 'SERVICE');
      expect(missing).toEqual([]);
    },
  );
});
