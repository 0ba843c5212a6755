/**
 * Quote-checking benchmark (issue 27's budgets), on the real opinions of the labelled set
 * (packages/quotes/test/opinions):
 *
 *  1. A 50-page brief with 100 quotations, against local text: the opinions in their stored
 *     (compressed) form, as the local index will hold them. Timed: finding the quotations and
 *     tying them to citations, reading each cited opinion from its stored form and preparing
 *     it (once per opinion), checking every quotation. The citation pass is the check's own
 *     and is printed apart. Budget: under 1 s added to the check.
 *  2. A 300-page opinion (the opinions' text joined, 3,000 characters a page, a label per
 *     page): 100 quotations checked against it, each timed; preparing the opinion timed apart
 *     and with the first quotation. Budget: under 50 ms per quotation.
 *  3. Stored size: each opinion in its stored form at three Brotli qualities, the mean per
 *     opinion, and that mean times a million; the encoding and decoding speed.
 *  4. Through the local index: the opinions imported by `caselaw import` from an opinions
 *     file in CourtListener's dialect (with their cases' courts, dockets, clusters and
 *     citations), then test 1's brief checked as the product checks it (`quotesByCitation`:
 *     each case's text looked up by its citation in the index, decoded, joined, prepared,
 *     every quotation checked). Prints the time added to the check, the import's speed and
 *     the index's stored text per opinion and per million opinions.
 *
 *   npx tsx scripts/bench/quotes.ts [runs=5]
 *
 * Not a test: figures depend on the machine (2 shared cores here); CPU time is printed beside
 * the wall clock.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { findBriefQuotes, importBulkData, LocalCitationIndex, quotesByCitation } from '../../packages/caselaw/src';
import { pgCopyCsv } from '../../packages/caselaw/src/testing/fake-bulk-data';
import { findCitations } from '@citecheck/citations';
import {
  checkQuote,
  decodeOpinionText,
  DEFAULT_QUALITY,
  encodeOpinionText,
  findQuotes,
  prepareOpinion,
  quoteTarget,
  type OpinionText,
  type PreparedOpinion,
  type QuoteCheck,
  type QuoteTarget,
} from '../../packages/quotes/src';
import { labelledSet, loadOpinion, manifest } from '../../packages/quotes/test/labelled';

const OPINIONS_DIR = join(__dirname, '..', '..', 'packages', 'quotes', 'test', 'opinions');

const RUNS = Number(process.argv[2] ?? 5);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];
const ms = (x: number) => `${x.toFixed(1)} ms`;

function timed<T>(fn: () => T): { value: T; wall: number; cpu: number } {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const value = fn();
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { value, wall, cpu: (c.user + c.system) / 1000 };
}

const opinions = manifest().map((entry) => ({ entry, opinion: loadOpinion(entry).opinion }));

// ---------------------------------------------------------------------------------------
// 1. A 50-page brief, 100 quotations

const PAGE_CHARS = 3000; // a brief's page, generously (double-spaced pages hold about 1,800)
const PROSE = [
  'Plaintiffs do not dispute that the agreement was signed on March 3, 2019, or that the carrier performed each flight as scheduled.',
  'Nothing in the record suggests that Defendant knew of the alleged defect before the incident, and Plaintiffs identify no document showing otherwise.',
  'The amended complaint repeats the same conclusory allegations, adding only that the damages exceed $75,000, exclusive of interest and costs.',
  'At the hearing held on May 5, 2021, counsel conceded that no expert report had been served within the 90 days required by the scheduling order.',
  'The motion should therefore be granted, and the claims dismissed with prejudice, because amendment would be futile.',
];

function briefOf(passages: string[], pages: number): string {
  const parts: string[] = [];
  let size = 0;
  let p = 0;
  for (let i = 0; size < pages * PAGE_CHARS; i++) {
    if (p < passages.length && i % 2 === 0) parts.push(passages[p++]);
    else parts.push(Array.from({ length: 6 }, (_, k) => PROSE[(i + k) % PROSE.length]).join(' '));
    size += parts[parts.length - 1].length + 2;
  }
  while (p < passages.length) parts.push(passages[p++]);
  return parts.join('\n\n');
}

function briefBench(): void {
  const items = labelledSet();
  // 100 quotations spread over the kinds and the opinions.
  const chosen = items.filter((_, k) => k % Math.floor(items.length / 100) === 0).slice(0, 100);
  const text = briefOf(
    chosen.map((q) => q.brief),
    50,
  );
  // The local index: each case's stored text under each of its citations.
  const stored = new Map<string, Uint8Array>();
  for (const { entry, opinion } of opinions) {
    const bytes = encodeOpinionText(opinion);
    for (const c of entry.citations) stored.set(c, bytes);
  }
  const citations = timed(() => findCitations(text));
  const walls: number[] = [];
  const cpus: number[] = [];
  const parts = { find: [] as number[], load: [] as number[], check: [] as number[] };
  let results: QuoteCheck[] = [];
  for (let run = 0; run < RUNS + 1; run++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const quotes = findQuotes(text, citations.value);
    const t1 = performance.now();
    const cache = new Map<string, PreparedOpinion | null>();
    let load = 0;
    results = quotes.map((quote) => {
      const target = quoteTarget(quote, citations.value);
      if ('reason' in target) return checkQuote(quote, { reason: target.reason });
      let prepared = cache.get(target.caseKey);
      if (prepared === undefined) {
        const l0 = performance.now();
        const bytes = target.cites.map((c) => stored.get(c.normalized)).find((b) => b);
        prepared = bytes ? prepareOpinion(decodeOpinionText(bytes)) : null;
        cache.set(target.caseKey, prepared);
        load += performance.now() - l0;
      }
      return prepared ? checkQuote(quote, { opinion: prepared, target: target as QuoteTarget }) : checkQuote(quote, { reason: 'no-text' });
    });
    const t2 = performance.now();
    const c = process.cpuUsage(c0);
    if (run === 0) continue; // the first run warms the code up
    walls.push(t2 - t0);
    cpus.push((c.user + c.system) / 1000);
    parts.find.push(t1 - t0);
    parts.load.push(load);
    parts.check.push(t2 - t1 - load);
  }
  const statuses = new Map<string, number>();
  for (const r of results) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
  console.log(`1. Brief: ${(text.length / 1000).toFixed(0)} KB (${Math.round(text.length / PAGE_CHARS)} pages of ${PAGE_CHARS} characters), ${citations.value.length} citations, ${results.length} quotations, ${new Set(chosen.map((q) => q.opinion)).size} opinions cited`);
  console.log(`   findCitations (the check's own pass, not counted): ${ms(citations.wall)}`);
  console.log(`   quotations checked against stored text, median of ${RUNS}: ${ms(median(walls))} wall, ${ms(median(cpus))} CPU (best ${ms(Math.min(...walls))}, worst ${ms(Math.max(...walls))})  — budget 1000 ms`);
  console.log(`     finding and tying quotations ${ms(median(parts.find))}; reading and preparing the opinions ${ms(median(parts.load))}; checking ${ms(median(parts.check))}`);
  console.log(`     statuses: ${[...statuses].map(([s, n]) => `${s} ${n}`).join(', ')}`);
  // The same brief twenty times over (a 1,000-page filing): finding and tying stays linear.
  const big = Array.from({ length: 20 }, () => text).join('\n\n');
  const bigCites = findCitations(big, { context: false });
  const bigFind = timed(() => findQuotes(big, bigCites));
  console.log(`   a ${(big.length / 1e6).toFixed(1)} MB filing (${bigCites.length} citations, ${bigFind.value.length} quotations): finding and tying ${ms(bigFind.wall)} wall, ${ms(bigFind.cpu)} CPU`);
}

// ---------------------------------------------------------------------------------------
// 2. A 300-page opinion

function longOpinion(pages: number): OpinionText {
  const all = opinions.map((o) => o.opinion.text).join('\n\n');
  const text = all.slice(0, pages * PAGE_CHARS);
  const marks = [];
  for (let p = 1; p < pages; p++) {
    const at = text.indexOf(' ', p * PAGE_CHARS);
    if (at > 0) marks.push({ offset: at, label: String(1 + p), series: 0 });
  }
  return { text, marks, series: [{ citationIndex: 1 }], footnotes: [] };
}

function longBench(): void {
  const op = longOpinion(300);
  const bytes = encodeOpinionText(op);
  // Quotations: sentences of the text as written, with one word changed, and words shuffled.
  const sentences = op.text.split(/(?<=[.?!])\s+(?=[A-Z])/).filter((s) => s.split(' ').length >= 12 && s.split(' ').length <= 40 && !s.includes('\n'));
  const step = Math.floor(sentences.length / 100);
  const quotes: Array<{ text: string; pin: string }> = [];
  for (let k = 0; k < 100; k++) {
    const s = sentences[k * step];
    const at = op.text.indexOf(s);
    const page = String(1 + op.marks.filter((m) => m.offset <= at).length);
    const words = s.split(' ');
    if (k % 4 === 1) words[Math.floor(words.length / 2)] = 'unreasonable';
    if (k % 4 === 3) words.reverse();
    quotes.push({ text: words.join(' '), pin: page });
  }
  const target = (pin: string): QuoteTarget => ({ caseKey: '1 X. 1', cites: [{ normalized: '1 X. 1', volume: 1, reporter: 'X.', page: '1', pin }] });
  const prepareTimes: number[] = [];
  const prepareCpu: number[] = [];
  const firstTimes: number[] = [];
  const perQuote: number[] = [];
  const perQuoteCpu: number[] = [];
  let statuses = new Map<string, number>();
  for (let run = 0; run < RUNS + 1; run++) {
    const p = timed(() => prepareOpinion(decodeOpinionText(bytes)));
    const prepared = p.value;
    const prep = p.wall;
    if (run > 0) prepareCpu.push(p.cpu);
    statuses = new Map();
    quotes.forEach((q, k) => {
      const t = timed(() => checkQuote(q.text, { opinion: prepared, target: target(q.pin) }));
      statuses.set(t.value.status, (statuses.get(t.value.status) ?? 0) + 1);
      if (run === 0) return;
      perQuote.push(t.wall);
      perQuoteCpu.push(t.cpu);
      if (k === 0) firstTimes.push(prep + t.wall);
    });
    if (run > 0) prepareTimes.push(prep);
  }
  console.log(`2. A 300-page opinion: ${(op.text.length / 1e6).toFixed(2)} M characters, ${op.marks.length + 1} pages, stored in ${(bytes.length / 1e3).toFixed(0)} KB; 100 quotations (${[...statuses].map(([s, n]) => `${s} ${n}`).join(', ')})`);
  console.log(`   per quotation over ${RUNS} runs: median ${ms(median(perQuote))}, p95 ${ms(pct(perQuote, 95))}, max ${ms(Math.max(...perQuote))} wall; median CPU ${ms(median(perQuoteCpu))}  — budget 50 ms`);
  console.log(`   reading and preparing the opinion once: median ${ms(median(prepareTimes))} wall, ${ms(median(prepareCpu))} CPU; with the first quotation: median ${ms(median(firstTimes))} wall`);
}

// ---------------------------------------------------------------------------------------
// 3. Stored size

function sizeBench(): void {
  const qualities = [5, DEFAULT_QUALITY, 9, 11];
  const chars = opinions.reduce((n, o) => n + o.opinion.text.length, 0);
  const textBytes = opinions.reduce((n, o) => n + Buffer.byteLength(o.opinion.text), 0);
  console.log(`3. Stored text: ${opinions.length} real opinions, mean ${(chars / opinions.length / 1000).toFixed(1)} K characters of text each (${(textBytes / 1e6).toFixed(2)} MB in all)`);
  for (const quality of qualities) {
    const enc = timed(() => opinions.map((o) => encodeOpinionText(o.opinion, { quality })));
    const total = enc.value.reduce((n, b) => n + b.length, 0);
    const dec = timed(() => enc.value.map((b) => decodeOpinionText(b)));
    const mean = total / opinions.length;
    console.log(
      `   quality ${String(quality).padStart(2)}${quality === DEFAULT_QUALITY ? ' (default)' : '          '}: ${(total / 1e3).toFixed(0)} KB, ${(mean / 1e3).toFixed(1)} KB per opinion, ${((100 * total) / textBytes).toFixed(1)}% of the text; ` +
        `per million opinions ${((mean * 1e6) / 1e9).toFixed(1)} GB (${((total / chars) * 1000).toFixed(0)} bytes per 1,000 characters); ` +
        `encode ${(textBytes / 1e6 / (enc.cpu / 1000)).toFixed(1)} MB/s, decode ${(textBytes / 1e6 / (dec.cpu / 1000)).toFixed(0)} MB/s (CPU)`,
    );
  }
}

// ---------------------------------------------------------------------------------------
// 4. Through the local index

async function indexBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-quotes-'));
  try {
    const bulk = join(dir, 'bulk');
    mkdirSync(bulk);
    const STAMP = '2026-10-31 02:15:00.000000+00';
    const entries = manifest();
    const columns = ['id', 'date_created', 'date_modified', 'type', 'plain_text', 'html', 'html_lawbox', 'html_columbia', 'html_anon_2020', 'xml_harvard', 'html_with_citations', 'extracted_by_ocr', 'author_id', 'cluster_id'];
    const opinionRows = entries.map((entry, i) => {
      const raw = gunzipSync(readFileSync(join(OPINIONS_DIR, entry.file))).toString('utf8');
      // CAP's HTML as a markup field; the CourtListener opinion with its own fields.
      const fields: Record<string, string> = entry.format === 'courtlistener-api-opinion' ? (JSON.parse(raw) as Record<string, string>) : { html: raw };
      return columns.map((c) => (c === 'id' ? 5000 + i : c === 'cluster_id' ? 1 + i : c === 'type' ? '020lead' : c === 'date_created' || c === 'date_modified' ? STAMP : c === 'extracted_by_ocr' ? false : c === 'author_id' ? null : (fields[c] ?? '')));
    });
    writeFileSync(join(bulk, 'courts-2026-10-31.csv'), pgCopyCsv(['id', 'citation_string', 'full_name', 'jurisdiction'], [['x', 'X', 'A court', 'S']]));
    writeFileSync(join(bulk, 'dockets-2026-10-31.csv'), pgCopyCsv(['id', 'court_id'], entries.map((_, i) => [1 + i, 'x'])));
    writeFileSync(join(bulk, 'opinion-clusters-2026-10-31.csv'), pgCopyCsv(['id', 'case_name', 'date_filed', 'docket_id'], entries.map((e, i) => [1 + i, e.name, `${e.year}-06-01`, 1 + i])));
    let cid = 0;
    const citationRows = entries.flatMap((e, i) =>
      e.citations.map((cite) => {
        const [volume, ...rest] = cite.split(' ');
        const page = rest.pop()!;
        return [++cid, volume, rest.join(' '), page, 2, 1 + i];
      }),
    );
    writeFileSync(join(bulk, 'citations-2026-10-31.csv'), pgCopyCsv(['id', 'volume', 'reporter', 'page', 'type', 'cluster_id'], citationRows));
    writeFileSync(join(bulk, 'opinions-2026-10-31.csv'), pgCopyCsv(columns, opinionRows));
    const indexPath = join(dir, 'caselaw.sqlite');
    const imported = timed(() => 0);
    const t0 = performance.now();
    const report = await importBulkData([bulk], { indexPath, authoritative: false });
    imported.wall = performance.now() - t0;
    const texts = report.files.find((f) => f.kind === 'opinions')!;
    // What the import stored: each opinion's text and page map, compressed.
    const stored = { n: texts.texts!.opinions, bytes: texts.texts!.bytes, chars: texts.texts!.chars };
    console.log(
      `4. Through the local index: ${stored.n} opinions imported from an opinions file of ${(statSync(join(bulk, 'opinions-2026-10-31.csv')).size / 1e6).toFixed(1)} MB in ${ms(imported.wall)} (whole import, ${report.coverage.casesWithText} cases with text, ${texts.rows} rows)`,
    );
    console.log(
      `   stored text in the index: ${(stored.bytes / 1e3).toFixed(0)} KB, ${(stored.bytes / stored.n / 1e3).toFixed(1)} KB per opinion (${((stored.bytes / stored.chars) * 1000).toFixed(0)} bytes per 1,000 characters); ` +
        `per million opinions ${((stored.bytes / stored.n) * 1e6 / 1e9).toFixed(1)} GB`,
    );

    const items = labelledSet();
    const chosen = items.filter((_, k) => k % Math.floor(items.length / 100) === 0).slice(0, 100);
    const text = briefOf(chosen.map((q) => q.brief), 50);
    const citations = findCitations(text);
    const valid = citations.map(() => ({ isValid: true }));
    const index = LocalCitationIndex.open(indexPath);
    try {
      const walls: number[] = [];
      const cpus: number[] = [];
      let statuses = new Map<string, number>();
      for (let run = 0; run < RUNS + 1; run++) {
        const c0 = process.cpuUsage();
        const t1 = performance.now();
        const results = await quotesByCitation(findBriefQuotes(text, citations), citations.length, valid, [index]);
        const wall = performance.now() - t1;
        const c = process.cpuUsage(c0);
        if (run === 0) continue;
        walls.push(wall);
        cpus.push((c.user + c.system) / 1000);
        statuses = new Map();
        for (const r of results.flat()) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      }
      console.log(
        `   test 1's brief (${citations.length} citations, ${[...statuses.values()].reduce((a, b) => a + b, 0)} quotations) checked against the index, median of ${RUNS}: ${ms(median(walls))} wall, ${ms(median(cpus))} CPU ` +
          `(best ${ms(Math.min(...walls))}, worst ${ms(Math.max(...walls))})  — budget 1000 ms added to the check`,
      );
      console.log(`     statuses: ${[...statuses].map(([st, n]) => `${st} ${n}`).join(', ')}`);
    } finally {
      index.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(`quote-checking benchmark (${new Date().toISOString()}, load average ${loadavg()[0].toFixed(1)})`);
briefBench();
longBench();
sizeBench();
void indexBench();
