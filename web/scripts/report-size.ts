/**
 * Prints the gzipped size of the JavaScript a first visit downloads: the entry script and
 * the chunks dist/index.html preloads. Lazily loaded route chunks are listed separately.
 * Exits non-zero above the budget so a regression fails the build.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 250;
const dist = resolve(dirname(fileURLToPath(import.meta.url)), '../dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');

const initial = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const gz = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

let total = 0;
for (const file of initial) {
  const size = gz(file);
  total += size;
  console.log(`  initial  ${kb(size).padStart(10)}  ${file}`);
}
const lazy = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js') && !initial.includes(`assets/${f}`));
for (const file of lazy) console.log(`  lazy     ${kb(gz(`assets/${file}`)).padStart(10)}  assets/${file}`);
console.log(`Initial JavaScript (gzip): ${kb(total)} (budget ${BUDGET_KB} KB)`);
if (total > BUDGET_KB * 1024) {
  console.error('Initial JavaScript is over budget.');
  process.exit(1);
}
