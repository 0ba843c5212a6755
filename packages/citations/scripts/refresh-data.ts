/**
 * Takes reporters-db's and courts-db's JSON files from a clone of each repository at a
 * given commit, puts them in `data/reporters-db/` and `data/courts-db/` with the licence,
 * records where they came from in `data/sources.json` (repository, commit, its date, and
 * each file's git blob id, which catalogue.test.ts checks the kept files against), and
 * regenerates `src/generated/`.
 *
 *   npm run data:refresh -- --reporters-db <clone> [--reporters-db-commit <sha>] \
 *                           --courts-db <clone> [--courts-db-commit <sha>]
 *
 * A clone may be bare; the commit defaults to its HEAD. Review the diff of data/ and
 * src/generated/ (and the overlay: a new edition of a reporter may close the last one), then
 * run the package's tests.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generate, readDatasets, type Sources } from './generate-data';

const packageDir = path.resolve(__dirname, '..');

/** Each repository: where its files are inside it, and where they go here. */
const REPOSITORIES = {
  'reporters-db': {
    repository: 'freelawproject/reporters-db',
    files: ['reporters_db/data/reporters.json', 'reporters_db/data/laws.json', 'reporters_db/data/journals.json', 'reporters_db/data/regexes.json', 'reporters_db/data/case_name_abbreviations.json', 'LICENSE'],
  },
  'courts-db': {
    repository: 'freelawproject/courts-db',
    files: ['courts_db/data/courts.json', 'LICENSE'],
  },
} as const;

function arg(name: string): string | undefined {
  const k = process.argv.indexOf(`--${name}`);
  return k >= 0 ? process.argv[k + 1] : undefined;
}

/** `git` against a clone, bare or not. */
function git(clone: string, args: string[]): Buffer {
  return execFileSync('git', ['-C', clone, ...args], { maxBuffer: 64 * 1024 * 1024 });
}

function main(): void {
  const sources: Sources = {};
  for (const [dir, { repository, files }] of Object.entries(REPOSITORIES)) {
    const clone = arg(dir);
    if (!clone) {
      console.error(`usage: refresh-data.ts --reporters-db <clone> [--reporters-db-commit <sha>] --courts-db <clone> [--courts-db-commit <sha>]`);
      process.exit(2);
    }
    const commit = git(clone, ['rev-parse', `${arg(`${dir}-commit`) ?? 'HEAD'}^{commit}`]).toString().trim();
    const date = git(clone, ['log', '-1', '--format=%cI', commit]).toString().trim();
    const blobs: Record<string, string> = {};
    mkdirSync(path.join(packageDir, 'data', dir), { recursive: true });
    for (const file of files) {
      const name = path.basename(file);
      writeFileSync(path.join(packageDir, 'data', dir, name), git(clone, ['show', `${commit}:${file}`]));
      blobs[name] = git(clone, ['rev-parse', `${commit}:${file}`]).toString().trim();
    }
    sources[dir] = { repository, commit, date, files: blobs };
    console.log(`${repository} @ ${commit} (${date})`);
  }
  writeFileSync(path.join(packageDir, 'data', 'sources.json'), `${JSON.stringify(sources, null, 2)}\n`);
  const out = generate(readDatasets(), sources);
  for (const [name, text] of Object.entries(out)) writeFileSync(path.join(packageDir, 'src', 'generated', name), text);
  console.log('wrote data/sources.json and src/generated/; now review the diff and the overlay, and run the tests');
}

main();
