/**
 * Builds a corpus of real US court opinions as plain-text files, from public repositories
 * that carry them as test fixtures or samples, for scripts/bench/vs-eyecite.ts.
 * The corpus is never committed: it is written outside the repository.
 *
 *   npx tsx scripts/eyecite/build-corpus.ts [outDir]     (default ~/.cache/citecheck/opinions)
 *
 * Each source is read from a local clone (bare or not) named by an environment variable;
 * sources whose variable is unset are skipped with a note. See scripts/eyecite/README.md for
 * the repositories, commits and paths. Every file's text is kept only when it looks like a
 * court decision (length, and enough reporter-citation shapes found by a plain regex below,
 * independent of the citation engine). A MANIFEST.json beside the texts records, per file,
 * the repository, commit, path and court.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { PDFParse } from 'pdf-parse';

interface Source {
  env: string;
  repo: string;
  /** Files of the repository (at HEAD) to read. */
  select: (path: string) => boolean;
  /** Opinions in one file: a name, the court when known, and the text. */
  extract: (path: string, data: Buffer) => Promise<Doc[]>;
}

interface Doc {
  name: string;
  court: string | null;
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', sect: '§', para: '¶', mdash: '—', ndash: '–', rsquo: '’', lsquo: '‘', rdquo: '”', ldquo: '“' };

/** Markup to text: block ends become line breaks, tags go, entities are decoded. */
function markupToText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<\/(p|div|h\d|li|tr|br|blockquote|opinion|parties|docketnumber|court|decisiondate|attorneys|author|footnote)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&([a-z]+);/gi, (m, n: string) => ENTITIES[n.toLowerCase()] ?? m)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n');
}

async function pdfToText(data: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(data), isEvalSupported: false, verbosity: 0 });
  try {
    const result = await parser.getText();
    return result.text;
  } finally {
    await parser.destroy().catch(() => undefined);
  }
}

const base = (p: string) => p.replace(/^.*\//, '').replace(/\.[^.]+$/, '');
const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60);

const SOURCES: Source[] = [
  {
    // Kentucky Supreme Court and Court of Appeals opinions, as their search API returns them
    // (full text split into pages), saved as scraper test examples.
    env: 'JURISCRAPER_SRC',
    repo: 'freelawproject/juriscraper',
    select: (p) => /^tests\/examples\/opinions\/united_states\/(ky|kyctapp)_example\.json$/.test(p),
    extract: async (p, data) => {
      const court = base(p).replace(/_example$/, '');
      const json = JSON.parse(data.toString('utf8')) as { resultItems: { rowMap: Record<string, string>; detailJson: { documentText?: string[] }[] }[] };
      return json.resultItems.flatMap((item) =>
        item.detailJson
          .filter((d) => d.documentText?.length)
          .map((d) => ({ name: `${court}-${slug(item.rowMap['caseHeader.caseNumber'] ?? 'opinion')}`, court, text: d.documentText!.join('\n').replace(/\r\n?/g, '\n') })),
      );
    },
  },
  {
    // Federal appellate and district documents from RECAP, and state opinions, kept as
    // PDF-extraction fixtures.
    env: 'DOCTOR_SRC',
    repo: 'freelawproject/doctor',
    // Left out: vector-pdf.pdf (the same Supreme Court slip opinion as eyecite's asset), and
    // two filings that are not decisions: ca8_.pdf (a Rule 28(j) letter), ca9_19.pdf (a brief).
    select: (p) =>
      /^doctor\/test_assets\/(recap_documents|recap_extract)\/.*\.pdf$|^doctor\/test_assets\/(missouri|ca1-opinion|broken-mime)\.pdf$/.test(p) &&
      !/\/(ca8_|ca9_19)\.pdf$/.test(p),
    extract: async (p, data) => {
      const name = base(p);
      const court = /^(ca\d+|cafc)_/.exec(name)?.[1] ?? /^gov\.uscourts\.([a-z]+)\./.exec(name)?.[1] ?? (name === 'missouri' ? 'mo' : null);
      return [{ name: `doctor-${slug(name)}`, court, text: await pdfToText(data) }];
    },
  },
  {
    // Court filings from RECAP used as redaction-detection fixtures; many are orders and
    // opinions with citations (the filter below drops the rest).
    env: 'XRAY_SRC',
    repo: 'freelawproject/x-ray',
    select: (p) => /^tests\/assets\/.*\.pdf$/.test(p),
    extract: async (p, data) => [{ name: `xray-${slug(base(p))}`, court: 'cacd', text: await pdfToText(data) }],
  },
  {
    // Opinion files CourtListener's own tests extract text from.
    env: 'COURTLISTENER_SRC',
    repo: 'freelawproject/courtlistener',
    select: (p) =>
      // (opinion_pdf_text_based.pdf is left out: the same slip opinion as eyecite's asset.)
      /^cl\/assets\/media\/test\/search\/opinion_(text\.txt|html\.html|tax\.pdf)$/.test(p) ||
      /^cl\/corpus_importer\/test_assets\/tenn_test_files\/.*\.pdf$/.test(p),
    extract: async (p, data) => {
      const name = `courtlistener-${slug(base(p))}`;
      const court = p.includes('tenn_test_files') ? 'tennworkcompapp' : p.includes('opinion_tax') ? 'tax'
        : p.endsWith('opinion_text.txt') ? 'cadc' : p.endsWith('opinion_html.html') ? 'scotus' : null;
      if (p.endsWith('.pdf')) return [{ name, court, text: await pdfToText(data) }];
      const raw = data.toString('utf8');
      return [{ name, court, text: p.endsWith('.html') ? markupToText(raw) : raw }];
    },
  },
  {
    // Ten Illinois Appellate Court opinions from the Caselaw Access Project (casebody XML).
    env: 'SMAA_SRC',
    repo: 'testock/SMAA2020_team_1',
    select: (p) => p === 'dataset/sample_dataset.jsonl',
    extract: async (_p, data) =>
      data
        .toString('utf8')
        .split('\n')
        .filter((l) => l.trim())
        .map((line) => {
          const c = JSON.parse(line) as { id: number; name_abbreviation: string; court?: { slug?: string; name_abbreviation?: string }; casebody: { data: string } };
          return { name: `cap-${c.id}-${slug(c.name_abbreviation)}`, court: c.court?.name_abbreviation ?? null, text: markupToText(c.casebody.data) };
        }),
  },
  {
    // Opinions from many state and federal reporters (A.3d, N.E.2d, N.W.2d, S.E.2d, P.3d,
    // Cal. Rptr. 3d, B.R., S. Ct.) kept as fixtures of the Caselaw Access Project's importer,
    // and one New Mexico Supreme Court opinion from its CourtListener fixtures.
    env: 'CAPSTONE_SRC',
    repo: 'harvard-lil/capstone',
    select: (p) => /^capstone\/test_data\/fastcase\/.*\.html$/.test(p) || p === 'capstone/test_data/courtlistener/opinions.tar',
    extract: async (p, data) => {
      if (p.endsWith('.tar')) {
        // A tar holding a gzipped tar of CourtListener opinion JSON.
        const inner = execFileSync('tar', ['-xO'], { input: data, maxBuffer: 64 * 1024 * 1024 });
        const json = JSON.parse(execFileSync('tar', ['-xzO'], { input: inner, maxBuffer: 64 * 1024 * 1024 }).toString('utf8')) as { id: number; absolute_url: string; plain_text: string };
        return [{ name: `courtlistener-${json.id}-${slug(json.absolute_url.split('/').filter(Boolean).pop() ?? '')}`, court: 'nm', text: json.plain_text }];
      }
      const html = data.toString('utf8');
      const court = /<p class="court"[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '').trim() ?? null;
      return [{ name: `fastcase-${slug(base(p))}`, court, text: markupToText(html) }];
    },
  },
  {
    // The opinion eyecite's own tests and docs use.
    env: 'EYECITE_SRC',
    repo: 'freelawproject/eyecite',
    select: (p) => p === 'tests/assets/opinion.txt',
    extract: async (_p, data) => [{ name: 'eyecite-opinion', court: 'scotus', text: data.toString('utf8') }],
  },
];

/**
 * Shapes of common reporter citations (`550 U.S. 544`, `925 F.3d 1339`, `2019 WL 4639462`),
 * used only to tell a decision full of citations from a form or an exhibit.
 */
const REPORTER_SHAPE =
  /\b\d{1,4} (?:U\. ?S\.|S\. ?Ct\.|L\. ?Ed\.(?: ?2d)?|F\.(?: ?[234]d| ?4th)?|F\. ?Supp\.(?: ?[23]d)?|F\. ?App'x|[ANPS]\.[EW]?\.? ?[23]d|So\. ?[23]d|Cal\. ?Rptr\.(?: ?[23]d)?|Ill\. ?(?:App\. ?)?[23]d|N\.Y\.S\.[23]d|WL|S\.W\.[23]d|Ky\.|Mo\.|Ill\.) \d{1,7}\b/g;
const MIN_CHARS = 2000;
const MIN_CITES = 3;

function git(dir: string, args: string[]): Buffer {
  return execFileSync('git', ['-C', dir, ...args], { maxBuffer: 256 * 1024 * 1024 });
}

async function main() {
  const out = resolve(process.argv[2] ?? join(homedir(), '.cache', 'citecheck', 'opinions'));
  mkdirSync(out, { recursive: true });
  for (const f of readdirSync(out)) if (f.endsWith('.txt') || f === 'MANIFEST.json') rmSync(join(out, f));

  const manifest: { file: string; repo: string; commit: string; path: string; court: string | null; chars: number; citationShapes: number }[] = [];
  const dropped: string[] = [];
  for (const source of SOURCES) {
    const dir = process.env[source.env];
    if (!dir) {
      console.log(`skip ${source.repo}: ${source.env} is not set`);
      continue;
    }
    const commit = git(dir, ['rev-parse', 'HEAD']).toString().trim();
    const paths = git(dir, ['ls-tree', '-r', '--name-only', 'HEAD']).toString().split('\n').filter(source.select);
    let kept = 0;
    for (const path of paths) {
      let docs: Doc[];
      try {
        docs = await source.extract(path, git(dir, ['show', `HEAD:${path}`]));
      } catch (error) {
        dropped.push(`${source.repo}:${path} (unreadable: ${(error as Error).message.slice(0, 60)})`);
        continue;
      }
      for (const doc of docs) {
        const text = doc.text.replace(/\r\n?/g, '\n').trim();
        const shapes = (text.match(REPORTER_SHAPE) ?? []).length;
        if (text.length < MIN_CHARS || shapes < MIN_CITES) {
          dropped.push(`${source.repo}:${path}${docs.length > 1 ? ` [${doc.name}]` : ''} (${text.length} chars, ${shapes} citation shapes)`);
          continue;
        }
        const file = `${doc.name}.txt`;
        writeFileSync(join(out, file), `${text}\n`);
        manifest.push({ file, repo: source.repo, commit, path, court: doc.court, chars: text.length, citationShapes: shapes });
        kept++;
      }
    }
    console.log(`${source.repo} @ ${commit.slice(0, 12)}: ${kept} opinions from ${paths.length} files`);
  }
  writeFileSync(join(out, 'MANIFEST.json'), `${JSON.stringify(manifest, null, 1)}\n`);
  const chars = manifest.reduce((n, m) => n + m.chars, 0);
  console.log(`\n${manifest.length} opinions, ${(chars / 1e6).toFixed(2)} MB of text -> ${out}`);
  if (dropped.length) console.log(`not kept (not a decision, or too few citations):\n  ${dropped.join('\n  ')}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
