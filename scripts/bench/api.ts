/**
 * The public API's latency: `POST /api/v1/check` on a 50-citation text, through the embedded
 * server (in this process) as a program calls it, with an API key, against a local index
 * (CourtListener's bulk format, imported as an authoritative snapshot of the demo cases, so
 * an invented citation in a held volume is looked up and called not found). Each call is
 * the whole check: the key's owner and rate limit from identity, a report taken from the
 * plan, the engine, one lookup per distinct address, the verdicts, the usage event.
 *
 *   npx tsx scripts/bench/api.ts [--runs 200] [--concurrency 4]
 *
 * Target: p95 under 300 ms, calls one at a time. Also prints the p95 with `--concurrency`
 * calls in flight, the CPU time per call and the load average, since the machine's cores may
 * be shared. A free plan has 5 reports a month, so the script signs up a user per 5 calls.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { demoIndexInputs, importBulkData } from '@citecheck/caselaw';
import { startEmbedded } from '../../gateway/src/embedded';

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
const RUNS = flag('runs', 200);
const CONCURRENCY = flag('concurrency', 4);
const TARGET_P95_MS = 300;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** The demo's real cases, read from its CourtListener-format CSVs: citation, name, year. */
function demoCases(): { cite: string; name: string; year: string }[] {
  const rows = (file: string) =>
    readFileSync(demoIndexInputs().find((f) => path.basename(f).startsWith(file))!, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => JSON.parse(`[${line}]`) as string[]);
  const clusters = new Map(rows('opinion-clusters').map((r) => [r[0], { name: r[8], year: r[4].slice(0, 4) }]));
  const seen = new Set<string>();
  const cases: { cite: string; name: string; year: string }[] = [];
  // citations: id, volume, reporter, page, type, cluster_id — the first citation of each cluster.
  for (const r of rows('citations')) {
    const cluster = clusters.get(r[5]);
    if (!cluster || seen.has(r[5])) continue;
    seen.add(r[5]);
    cases.push({ cite: `${r[1]} ${r[2]} ${r[3]}`, name: cluster.name, year: cluster.year });
  }
  return cases;
}

/**
 * A brief-like text with exactly 50 citations: real cases with pin cites, short forms (Id.),
 * a real address under the wrong name, invented cases in volumes the index holds, statutes.
 */
function fiftyCitationBrief(): string {
  const cases = demoCases();
  const sentences: string[] = [];
  let count = 0;
  for (let i = 0; count < 50; i += 1) {
    const c = cases[i % cases.length];
    const kind = i % 6;
    if (kind === 5 && count <= 48) {
      sentences.push(`Jurisdiction lies under 28 U.S.C. § ${1330 + i}, and the rule is the same under 42 U.S.C. § ${1980 + (i % 9)}.`);
      count += 2;
    } else if (kind === 4) {
      sentences.push(`The court in Smith v. Invented Holdings, ${c.cite.replace(/ \d+$/, ` ${900 + i}`)} (${c.year}), held otherwise.`);
      count += 1;
    } else if (kind === 3 && count <= 48) {
      sentences.push(`As the Court explained, ${c.name}, ${c.cite}, ${Number(c.cite.split(' ').pop()) + 3} (${c.year}). Id. at ${Number(c.cite.split(' ').pop()) + 5}.`);
      count += 2;
    } else if (kind === 2) {
      sentences.push(`But see Doe v. Roe, ${c.cite} (${c.year}).`);
      count += 1;
    } else {
      sentences.push(`See ${c.name}, ${c.cite}, ${Number(c.cite.split(' ').pop()) + 1} (${c.year}).`);
      count += 1;
    }
  }
  return sentences.join(' Moreover, the record shows as much. ');
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-bench-api-'));
  const indexPath = path.join(dataDir, 'caselaw.sqlite');
  await importBulkData(demoIndexInputs(), { indexPath, authoritative: true, source: 'courtlistener-bulk', snapshotDate: '2026-01-01' });
  const server = await startEmbedded({
    port: 0,
    env: {
      DATA_DIR: dataDir,
      CASELAW_INDEX_PATH: indexPath,
      LOG_LEVEL: 'error',
      DEV_MAIL_OUTBOX: 'true',
      RATE_LIMIT_PER_IP: '1000000',
      RATE_LIMIT_PER_EMAIL: '1000000',
      API_KEY_RATE_LIMIT: '1000000',
      COURTLISTENER_TOKEN: '',
    },
  });
  const url = server.url;
  const post = (route: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${url}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  let users = 0;
  /** A new verified free user with a key: five checks' worth. */
  async function freshKey(): Promise<string> {
    const email = `bench-${++users}@firm.test`;
    await post('/api/auth/register', { name: 'Bench', email, newsletterOptIn: false });
    let token: string | undefined;
    for (let i = 0; !token && i < 100; i += 1) {
      const mails = (await (await fetch(`${url}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { links?: string[] }[];
      token = mails.flatMap((m) => m.links ?? []).join(' ').match(/verify-email\?token=([A-Za-z0-9_-]+)/)?.[1];
      if (!token) await new Promise((r) => setTimeout(r, 20));
    }
    const { sessionToken } = (await (await fetch(`${url}/api/verify-email?token=${token}`)).json()) as { sessionToken: string };
    const created = (await (await post('/graphql', { query: 'mutation { createApiKey(name: "bench") { secret } }' }, { authorization: `Bearer ${sessionToken}` })).json()) as {
      data: { createApiKey: { secret: string } };
    };
    return created.data.createApiKey.secret;
  }

  const text = fiftyCitationBrief();
  const keys: string[] = [];
  let used = 0;
  const keyFor = async () => {
    if (used % 5 === 0) keys.push(await freshKey());
    used += 1;
    return keys[keys.length - 1];
  };
  const check = async (key: string) => {
    const started = performance.now();
    const response = await post('/api/v1/check', { text }, { authorization: `Bearer ${key}` });
    const body = (await response.json()) as { citations?: { verdict: { status: string } }[]; error?: string };
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`check answered ${response.status}: ${JSON.stringify(body)}`);
    return { ms, body };
  };

  try {
    // The answer itself, once: 50 citations and what became of them.
    const first = await check(await keyFor());
    const statuses = first.body.citations!.reduce<Record<string, number>>((n, c) => ({ ...n, [c.verdict.status]: (n[c.verdict.status] ?? 0) + 1 }), {});
    console.log(`text: ${text.length.toLocaleString('en-US')} characters, ${first.body.citations!.length} citations: ${JSON.stringify(statuses)}`);
    for (let i = 0; i < 10; i += 1) await check(await keyFor()); // warm-up

    // Keys are made before the timed calls, so only checks are timed.
    const sequentialKeys: string[] = [];
    for (let i = 0; i < RUNS; i += 1) sequentialKeys.push(await keyFor());
    const load = loadavg()[0];
    const cpuBefore = process.cpuUsage();
    const sequential: number[] = [];
    for (const key of sequentialKeys) sequential.push((await check(key)).ms);
    const cpu = process.cpuUsage(cpuBefore);
    const cpuPerCall = (cpu.user + cpu.system) / 1000 / RUNS;

    const parallelKeys: string[] = [];
    for (let i = 0; i < RUNS; i += 1) parallelKeys.push(await keyFor());
    const parallel: number[] = [];
    for (let i = 0; i < parallelKeys.length; i += CONCURRENCY) {
      const batch = await Promise.all(parallelKeys.slice(i, i + CONCURRENCY).map((key) => check(key)));
      parallel.push(...batch.map((b) => b.ms));
    }

    const p95 = percentile(sequential, 95);
    console.log(`machine: ${cpus().length} cores, load average ${load.toFixed(1)} at the start of the timed calls`);
    console.log(
      `POST /api/v1/check, 50 citations, one at a time (${RUNS} calls): p50 ${percentile(sequential, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${percentile(sequential, 99).toFixed(1)} ms, max ${Math.max(...sequential).toFixed(1)} ms; ${cpuPerCall.toFixed(1)} ms CPU per call (client included)`,
    );
    console.log(`  ${CONCURRENCY} in flight (${parallel.length} calls): p50 ${percentile(parallel, 50).toFixed(1)} ms, p95 ${percentile(parallel, 95).toFixed(1)} ms`);
    console.log(`target p95 < ${TARGET_P95_MS} ms: ${p95 < TARGET_P95_MS ? 'met' : 'NOT met'} (${(p95 / TARGET_P95_MS).toFixed(2)} of the budget)`);
    process.exitCode = p95 < TARGET_P95_MS ? 0 : 1;
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
