/**
 * The labelled verification suite: citations as a brief writes them, each with the verdict a
 * careful clerk would give. (The held-out set from public sources, run through the real bulk
 * dialect with CourtListener's holes, is real-world-set.ts.) Real citations, the fabricated ones from the public sanctions
 * orders (Mata v. Avianca, Park v. Kim), real addresses under the wrong case name, pin pages
 * cited as first pages, impossible dates, courts and volumes, an address shared by two
 * clusters, short forms and statutes. The case-law data is the demo set plus `fixtures/`.
 *
 * Each entry is text run through the real citation engine; `pick` selects which citation
 * of the text is judged (default: the last one).
 */
import { findCitations } from '@citecheck/citations';
import type { Verdict } from '@citecheck/proto';
import type { Citation } from '../engine';
import type { CaseLawProvider } from '../provider';
import { verify } from '../verdict/verify';

export type SuiteLabel = 'real' | 'fabricated' | 'unverifiable' | 'wrong-name' | 'mid-opinion' | 'implausible' | 'year-mismatch' | 'ambiguous' | 'short-form' | 'statute';

export interface SuiteEntry {
  label: SuiteLabel;
  text: string;
  pick?: number;
  /** true valid, false invalid, null unverified/pending/listed. */
  expected: boolean | null;
  /** A fragment the verdict's message must contain. */
  says?: string;
  /**
   * What a local index built from bulk data says instead, where it cannot decide: bulk data
   * never holds every WL number or neutral citation, so a miss there is "not in the local data".
   */
  onIndex?: { expected: boolean | null; says: string };
  /**
   * What CourtListener's API says of a mid-opinion page, which it cannot place inside a case
   * (by default "not found"): a cited name it finds elsewhere by its search is said to be reported there.
   */
  onApi?: { says: string };
}

const real = (text: string, pick?: number): SuiteEntry => ({ label: 'real', text, expected: true, pick });
const fake = (text: string, says = 'Possible hallucination'): SuiteEntry => ({ label: 'fabricated', text, expected: false, says });
const wrongName = (text: string, says: string): SuiteEntry => ({ label: 'wrong-name', text, expected: false, says });
const midOpinion = (text: string, says: string): SuiteEntry => ({ label: 'mid-opinion', text, expected: false, says });
const implausible = (text: string, says: string): SuiteEntry => ({ label: 'implausible', text, expected: false, says });
/** Fabricated, but in a series no source of CourtListener's data holds completely: only Westlaw or the court can rule it out. */
const unverifiable = (text: string): SuiteEntry => ({ label: 'unverifiable', text, expected: null, says: 'Unverified: not in' });

export const SUITE: SuiteEntry[] = [
  real('Bell Atlantic Corp. v. Twombly, 550 U.S. 544 (2007).'),
  real('Ashcroft v. Iqbal, 556 U.S. 662 (2009).'),
  real('Air France v. Saks, 470 U.S. 392 (1985).'),
  real('El Al Israel Airlines, Ltd. v. Tsui Yuan Tseng, 525 U.S. 155 (1999).'),
  real('Zicherman v. Korean Air Lines Co., 516 U.S. 217 (1996).'),
  real('Celotex Corp. v. Catrett, 477 U.S. 317 (1986).'),
  real('Anderson v. Liberty Lobby, Inc., 477 U.S. 242 (1986).'),
  real('Matsushita Elec. Indus. Co. v. Zenith Radio Corp., 475 U.S. 574 (1986).'),
  real('Daubert v. Merrell Dow Pharmaceuticals, Inc., 509 U.S. 579 (1993).'),
  real('Chevron U.S.A. Inc. v. NRDC, 467 U.S. 837 (1984).'),
  real('Miranda v. Arizona, 384 U.S. 436, 86 S. Ct. 1602, 16 L. Ed. 2d 694 (1966).', 0),
  real('Miranda v. Arizona, 384 U.S. 436, 86 S. Ct. 1602, 16 L. Ed. 2d 694 (1966).', 1),
  real('Miranda v. Arizona, 384 U.S. 436, 86 S. Ct. 1602, 16 L. Ed. 2d 694 (1966).', 2),
  real('Brown v. Board of Education, 347 U.S. 483 (1954).'),
  real('Bolling v. Sharpe, 347 U.S. 497 (1954).'),
  real('Olympic Airways v. Husain, 540 U.S. 644 (2004).'),
  real('Eastern Airlines, Inc. v. Floyd, 499 U.S. 530 (1991).'),
  real('Marbury v. Madison, 5 U.S. 137 (1803).'),
  real('Gideon v. Wainwright, 372 U.S. 335 (1963).'),
  real('Roe v. Wade, 410 U.S. 113 (1973).'),
  real('Mapp v. Ohio, 367 U.S. 643 (1961).'),
  real('Terry v. Ohio, 392 U.S. 1 (1968).'),
  real('New York Times Co. v. Sullivan, 376 U.S. 254 (1964).'),
  real('Conley v. Gibson, 355 U.S. 41 (1957).'),
  real('Lujan v. Defenders of Wildlife, 504 U.S. 555 (1992).'),
  real('Strickland v. Washington, 466 U.S. 668 (1984).'),
  real('Monell v. Department of Social Services, 436 U.S. 658 (1978).'),
  real('Hickman v. Taylor, 329 U.S. 495 (1947).'),
  real('International Shoe Co. v. Washington, 326 U.S. 310 (1945).'),
  real('Kumho Tire Co. v. Carmichael, 526 U.S. 137 (1999).'),
  real('Morrison v. National Australia Bank Ltd., 561 U.S. 247 (2010).'),
  real('Johnson v. New Jersey, 384 U.S. 719 (1966).'),
  real('Bell Atlantic Corp. v. Twombly, 127 S. Ct. 1955 (2007).'),
  real('Ashcroft v. Iqbal, 173 L. Ed. 2d 868 (2009).'),
  real('Daubert v. Merrell Dow Pharms., Inc., 113 S. Ct. 2786 (1993).'),
  real('United States v. Carroll Towing Co., 159 F.2d 169 (2d Cir. 1947).'),
  real('Day v. Trans World Airlines, Inc., 528 F.2d 31 (2d Cir. 1975).'),
  real('Evangelinos v. Trans World Airlines, Inc., 550 F.2d 152 (3d Cir. 1977).'),
  real('Fishman v. Delta Air Lines, Inc., 132 F.3d 138 (2d Cir. 1998).'),
  real('Wallace v. Korean Air, 214 F.3d 293 (2d Cir. 2000).'),
  real('Ehrlich v. American Airlines, Inc., 360 F.3d 366 (2d Cir. 2004).'),
  real('Mata v. Avianca, Inc., 678 F. Supp. 3d 443 (S.D.N.Y. 2023).'),
  real('Palsgraf v. Long Island R.R. Co., 248 N.Y. 339, 162 N.E. 99 (1928).', 0),
  real('Palsgraf v. Long Island R.R. Co., 248 N.Y. 339, 162 N.E. 99 (1928).', 1),
  real('MacPherson v. Buick Motor Co., 217 N.Y. 382 (1916).'),
  real('The standard is settled. See 556 U.S. 662, 678 (2009).'),
  // A scanned brief: OCR read Iqbal as Igbal. The same case, never "a different case".
  { label: 'real', text: 'Ashcroft v. Igbal, 556 U.S. 662 (2009).', expected: true, says: 'Exact citation and case name match' },
  // A real case with a slip in the parenthetical: valid, with the real value to correct it.
  { label: 'real', text: 'Ashcroft v. Iqbal, 556 U.S. 662 (2007).', expected: true, says: 'decided 2009, cited as 2007' },
  { label: 'real', text: 'Fishman v. Delta Air Lines, Inc., 132 F.3d 138 (5th Cir. 1998).', expected: true, says: 'cited as the Fifth Circuit' },
  { label: 'short-form', text: 'Bell Atlantic Corp. v. Twombly, 550 U.S. 544 (2007). A claim must be plausible. Twombly, 550 U.S. at 570.', expected: true },
  { label: 'short-form', text: 'Celotex Corp. v. Catrett, 477 U.S. 317 (1986). The movant bears the burden. Id. at 323.', expected: true },
  { label: 'short-form', text: 'Kaufman v. Alitalia Airlines, Inc., 477 U.S. 242 (1986). The claim fails. Id. at 250.', expected: false, says: 'Anderson v. Liberty Lobby' },

  fake('Varghese v. China Southern Airlines Co., 925 F.3d 1339 (11th Cir. 2019).'),
  unverifiable('Shaboon v. Egyptair, 2013 IL App (1st) 111279-U.'),
  fake('Petersen v. Iran Air, 905 F. Supp. 2d 121 (D.D.C. 2012).'),
  unverifiable('Martinez v. Delta Airlines, Inc., 2019 WL 4639462 (Tex. App. Sept. 25, 2019).'),
  unverifiable('Smith v. Jones, 2021 WL 1234567 (S.D.N.Y. Mar. 1, 2021).'),
  unverifiable('People v. Doe, 2020 IL App (1st) 191234.'),
  fake('Miller v. United Airlines, Inc., 174 F.3d 366 (2d Cir. 1999).'),
  fake("Matter of Bourguignon v. Coordinated Behavioral Health Servs., Inc., 114 A.D.3d 947 (3d Dep't 2014)."),
  { label: 'fabricated', text: 'Durden v. KLM Royal Dutch Airlines, 88 F.4th 1012 (2d Cir. 2031).', expected: false, says: 'in the future' },
  { label: 'fabricated', text: 'Zaunbrecher v. Delta Air Lines, Inc., 512 F.4th 233 (5th Cir. 2015).', expected: false, says: 'F.4th began in 2021' },

  wrongName('Kaufman v. Alitalia Airlines, Inc., 477 U.S. 242 (1986).', 'Anderson v. Liberty Lobby, Inc., 477 U.S. 242 (1986)'),
  wrongName('Smith v. Delta Air Lines, Inc., 470 U.S. 392 (1985).', 'Air France v. Saks'),
  wrongName('Johnson v. Lufthansa German Airlines, 550 U.S. 544 (2007).', 'Bell Atlantic Corp. v. Twombly'),
  wrongName('Rivera v. American Airlines, Inc., 132 F.3d 138 (2d Cir. 1998).', 'Fishman v. Delta Air Lines'),
  wrongName('Garcia v. United Airlines, Inc., 86 S. Ct. 1602 (1966).', 'Miranda v. Arizona'),

  midOpinion('Lopez v. Iberia Airlines, 477 U.S. 255 (1986).', 'falls inside Anderson v. Liberty Lobby, Inc., 477 U.S. 242 (1986)'),
  midOpinion('Chen v. Cathay Pacific Airways, 384 U.S. 478 (1966).', 'falls inside Miranda v. Arizona, 384 U.S. 436 (1966)'),
  midOpinion('Okafor v. Air France, 347 U.S. 495 (1954).', 'falls inside Brown v. Board of Education'),
  { ...midOpinion('Anderson v. Liberty Lobby, Inc., 477 U.S. 248 (1986).', 'starts at 477 U.S. 242'), onApi: { says: 'Anderson v. Liberty Lobby, Inc. is reported at 477 U.S. 242, not 477 U.S. 248' } },

  implausible('Hernandez v. Iberia Lineas Aereas de Espana, 45 F. Supp. 3d 210 (2d Cir. 2015).', 'does not report decisions of a federal court of appeals'),
  implausible('Nguyen v. Japan Airlines Co., 150 F.3d 100 (S.D.N.Y. 1998).', 'does not report decisions of a federal district court'),
  implausible('Okeke v. Nigeria Airways, 1204 F.2d 12 (9th Cir. 1990).', 'F.2d has no volume 1204'),
  implausible('Patel v. Air India, 210 F.2d 45 (2d Cir. 2001).', 'F.2d ended in 1993'),
  implausible('Kowalski v. LOT Polish Airlines, 300 F.3d 12 (9th Cir. 1985).', 'F.3d began in 1993'),
  // No name to confirm the address and a year that points elsewhere: a warning, not a verdict of fabrication.
  { label: 'year-mismatch', text: 'The rule is old. See 550 U.S. 544 (1990).', expected: null, says: 'decided 2007, cited as 1990' },

  { label: 'ambiguous', text: 'Erie R.R. Co. v. Tompkins, 304 U.S. 64 (1938).', expected: null, says: 'Several cases share this citation' },

  { label: 'statute', text: 'Jurisdiction lies under 28 U.S.C. § 1332.', expected: null, says: 'listed, not verified' },
  { label: 'statute', text: 'The claim arises under 42 U.S.C. § 1983.', expected: null, says: 'listed, not verified' },
  { label: 'statute', text: 'See 29 C.F.R. § 1630.2(g).', expected: null, says: 'listed, not verified' },
];

export interface SuiteRow {
  entry: SuiteEntry;
  citation: Citation;
  verdict: Verdict;
  pass: boolean;
}

/**
 * Runs every entry's text through the engine and the verdict logic. CourtListener's API
 * cannot say a page falls inside another case (only the index can), so with
 * `containedIn: false` a mid-opinion citation is expected to be "not found" instead. With
 * `index` (the default unless `containedIn` is off) entries judge by their `onIndex` expectation.
 */
export async function runSuite(providers: CaseLawProvider[], now: Date, { entries = SUITE, containedIn = true, index }: { entries?: SuiteEntry[]; containedIn?: boolean; index?: boolean } = {}): Promise<SuiteRow[]> {
  const onIndex = index ?? containedIn;
  const rows: SuiteRow[] = [];
  for (const entry of entries) {
    const citations = findCitations(entry.text);
    if (!citations.length) throw new Error(`the engine found no citation in: ${entry.text}`);
    const { verdicts } = await verify(citations, providers, { now });
    const k = entry.pick ?? citations.length - 1;
    const verdict = verdicts[k];
    const message = messageOf(verdict);
    const expected = onIndex && entry.onIndex ? entry.onIndex : entry;
    const says = entry.label === 'mid-opinion' && !containedIn ? (entry.onApi?.says ?? 'Possible hallucination - citation not found') : expected.says;
    const pass = verdict.isValid === expected.expected && (!says || message.includes(says));
    rows.push({ entry, citation: citations[k], verdict, pass });
  }
  return rows;
}

export function messageOf(v: Verdict): string {
  return typeof v.validationDetails === 'string' ? v.validationDetails : v.validationDetails.message;
}

const show = (v: boolean | null): string => (v === true ? 'valid' : v === false ? 'invalid' : 'unverified');

/** The table printed by the suite: expected vs got, then counts per label. */
export function formatSuiteTable(rows: SuiteRow[], title: string): string {
  const lines = [`${title}`, `${'label'.padEnd(12)} ${'citation'.padEnd(34)} ${'expected'.padEnd(10)} ${'got'.padEnd(10)} conf  ok  message`];
  for (const r of rows) {
    lines.push(
      `${r.entry.label.padEnd(12)} ${(r.citation.normalized ?? r.citation.text).slice(0, 34).padEnd(34)} ${show(r.entry.expected).padEnd(10)} ${show(r.verdict.isValid).padEnd(10)} ${String(r.verdict.confidence).padStart(4)}  ${r.pass ? 'ok' : 'XX'}  ${messageOf(r.verdict).slice(0, 110)}`,
    );
  }
  const labels = [...new Set(rows.map((r) => r.entry.label))];
  lines.push('', 'counts:');
  for (const l of labels) {
    const of = rows.filter((r) => r.entry.label === l);
    lines.push(`  ${l.padEnd(12)} ${of.filter((r) => r.pass).length}/${of.length} as expected`);
  }
  const fabricated = rows.filter((r) => r.entry.expected === false);
  const realOnes = rows.filter((r) => r.entry.expected === true);
  lines.push(
    `  total        ${rows.filter((r) => r.pass).length}/${rows.length} as expected`,
    `  flagged invalid: ${fabricated.filter((r) => r.verdict.isValid === false).length}/${fabricated.length} of the citations that should be; real citations flagged invalid: ${realOnes.filter((r) => r.verdict.isValid === false).length}/${realOnes.length}`,
  );
  return lines.join('\n');
}
