/**
 * Whether two builds of the engine give the same citations on random texts made of what the
 * case-name walk reads: parties, `v.` in its spellings, signals and other stop words, `In re`
 * and `Ex parte`, years and court parentheticals before a citation, blank citations, `;`,
 * quotes, white space beyond the space, words that begin like stop words, and citations of
 * every form between them. same-output.ts compares real and generated briefs, whose names are
 * mostly well formed; these texts reach the walk's rarer turns (a court parenthetical with no
 * name before it, a name that begins inside a word, `e gh` read as eyecite's `e.g.`).
 *
 *   npx tsx packages/citations/scripts/same-names.ts --base=/tmp/base.cjs [--new=/tmp/new.cjs] [--texts=20000] [--seed=1]
 *
 * `--base`, `--new`: bundles of the engine, as for same-output.ts (default `--new`: this
 * checkout's src, bundled here). Each text is read with the defaults and with `{ resolve: false }`,
 * and the JSON of every citation compared. Exits 1 after printing the first five differences.
 */
import { baseAndNew, scriptArg as arg } from './alternate';

const { base, after } = baseAndNew('same-names.ts --base=BUNDLE [--new=BUNDLE] [--texts=N] [--seed=N]');
const count = Number(arg('texts') ?? 20000);
let seed = Number(arg('seed') ?? 1);
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const pick = (list: string[]) => list[Math.floor(random() * list.length)];

const WORDS = [
  'v.', 'v', 'V.', 'vs.', '(v)', 'v,', 'See', 'see', 'See,', 'also', 'See also', 'e.g.,', 'E.g.', 'e gh', 'Cf.', 'cf', 'In', 'in', 're', 'In re', 're:',
  'Ex', 'ex', 'parte', 'Ex parte', 'rel.', 'ex rel.', 'for', 'For', 'of', 'the', 'The', 'an', 'and', 'And', 'Also', 'Accord', 'Compare', 'quoting',
  'citing', "aff'd", 'denied', 'Smith', 'Jones', 'Bell', 'Atlantic', 'Corp.', 'Co.', 'Co.,', 'Inc.', 'Inc.,', 'Ltd.,', 'LLC', 'Dist.', "Att'y", 'Coll.',
  'Stats.', 'U.S.A.', 'Twombly,', 'Iqbal', 'SMITH', 'JONES', 'William', 'Frankel', '&', '103rd', '214', '(2022)', '(1993).', '(1953)', '(S.D.N.Y.',
  '1973)', '(Cal.', '2001)', '(Foo', 'Bar)', '(smith', '(', ')', '((', ';', 'Foo;', 'Bar;Baz', '"', 'Quote"', '\u201dEnd', ',', '.', '—', '___', '-',
  '__,', '_', 'foo-Re', 'bar_Baz', 'Café', 'e\u2028g', 'x\u2003y', 'A\u2028v.\u2028B', 'Mr.', 'Dr.', 'No.', 'St.', 'word', 'prose', 'held', 'ruled',
  'bob', 'Lissner', 'Test', '1', '12', 'Id.', 'id.', 'supra,', 'Estate', 'Durden', 'Kedzie', 'Loup-Miller', 'Const.', 'Amick', 'Also Corp.',
  'Accord Wiggins',
];
const CITATIONS = ['550 U.S. 544', '1 U.S. 1', '367 F. Supp. 876', '— U.S. —', '___ U.S. ___', '594 U.S. ___', '550 U.S. at 556', 'Id. at 5', 'supra, at 593', '2010 WI 77', '5 N.W.3d 123', '42 U.S.C. § 1983', '136 S. Ct. 616', '1 U.S. 2.', '384 U.S. 436, 86 S. Ct. 1602'];
const BETWEEN = [' ', ' ', ' ', '  ', ', ', '; ', '. ', ' (', ') ', '\n', ''];

let differences = 0;
let citations = 0;
for (let n = 0; n < count; n++) {
  const parts: string[] = [];
  for (let k = 1 + Math.floor(random() * 40); k > 0; k--) parts.push(random() < 0.15 ? pick(CITATIONS) : pick(WORDS), pick(BETWEEN));
  const text = parts.join('');
  for (const options of [undefined, { resolve: false }]) {
    const a = base(text, options);
    const b = after(text, options);
    citations += a.length;
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    if (differences++ < 5) console.log(`differ: ${JSON.stringify(text)} ${JSON.stringify(options ?? {})}\n  base: ${JSON.stringify(a)}\n  new:  ${JSON.stringify(b)}`);
  }
}
console.log(`${differences === 0 ? 'same output' : `${differences} differences`}: ${count} texts, ${citations} citations, 2 sets of options each`);
process.exit(differences === 0 ? 0 : 1);
