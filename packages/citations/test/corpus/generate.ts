/**
 * Template-generated brief passages with their labels. The labels come from the templates
 * (what was written where), never from the engine, so the accuracy test can fail.
 *
 * Noise is injected the way real filings carry it: OCR spacing (`U. S.`, `F. 3d`), line
 * breaks inside citations, footnote numbers glued to the end of a sentence or to `Id.`,
 * superscript footnote markers, string cites, citations inside parentheticals, and prose
 * full of numbers that look like citations (dates, dollar amounts, docket numbers).
 */
import type { Expected, Passage } from './types';

/** Small seeded PRNG (mulberry32), so the corpus is the same on every run. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface CaseFact {
  name: string;
  /** Name used in short forms and supra. */
  short: string;
  volume: number;
  /** Spellings of the reporter a brief may use; the first is canonical. */
  reporters: string[];
  page: string;
  /** Court parenthetical without the year (`11th Cir.`), or '' for the Supreme Court. */
  court: string;
  year: number;
  parallels?: string[];
  /** Neutral / WL citations are written whole. */
  whole?: string;
}

export const CASES: CaseFact[] = [
  { name: 'Bell Atlantic Corp. v. Twombly', short: 'Twombly', volume: 550, reporters: ['U.S.', 'U. S.'], page: '544', court: '', year: 2007, parallels: ['127 S. Ct. 1955', '167 L. Ed. 2d 929'] },
  { name: 'Ashcroft v. Iqbal', short: 'Iqbal', volume: 556, reporters: ['U.S.', 'U. S.'], page: '662', court: '', year: 2009, parallels: ['129 S. Ct. 1937'] },
  { name: 'Celotex Corp. v. Catrett', short: 'Celotex', volume: 477, reporters: ['U.S.'], page: '317', court: '', year: 1986 },
  { name: 'Anderson v. Liberty Lobby, Inc.', short: 'Anderson', volume: 477, reporters: ['U.S.'], page: '242', court: '', year: 1986 },
  { name: 'Daubert v. Merrell Dow Pharmaceuticals, Inc.', short: 'Daubert', volume: 509, reporters: ['U.S.', 'U. S.'], page: '579', court: '', year: 1993 },
  { name: 'Chevron U.S.A. Inc. v. Natural Resources Defense Council, Inc.', short: 'Chevron', volume: 467, reporters: ['U.S.'], page: '837', court: '', year: 1984 },
  { name: 'Miranda v. Arizona', short: 'Miranda', volume: 384, reporters: ['U.S.'], page: '436', court: '', year: 1966, parallels: ['86 S. Ct. 1602', '16 L. Ed. 2d 694'] },
  { name: 'Brown v. Board of Education', short: 'Brown', volume: 347, reporters: ['U.S.', 'U. S.'], page: '483', court: '', year: 1954 },
  { name: 'Erie Railroad Co. v. Tompkins', short: 'Erie', volume: 304, reporters: ['U.S.'], page: '64', court: '', year: 1938 },
  { name: 'Matsushita Electric Industrial Co. v. Zenith Radio Corp.', short: 'Matsushita', volume: 475, reporters: ['U.S.'], page: '574', court: '', year: 1986 },
  { name: 'Conley v. Gibson', short: 'Conley', volume: 355, reporters: ['U.S.'], page: '41', court: '', year: 1957 },
  { name: 'Zicherman v. Korean Air Lines Co.', short: 'Zicherman', volume: 516, reporters: ['U.S.'], page: '217', court: '', year: 1996 },
  { name: 'Tellabs, Inc. v. Makor Issues & Rights, Ltd.', short: 'Tellabs', volume: 551, reporters: ['U.S.'], page: '308', court: '', year: 2007 },
  { name: 'Loper Bright Enterprises v. Raimondo', short: 'Loper Bright', volume: 603, reporters: ['U.S.'], page: '369', court: '', year: 2024 },
  { name: 'Varghese v. China Southern Airlines Co.', short: 'Varghese', volume: 925, reporters: ['F.3d', 'F. 3d'], page: '1339', court: '11th Cir.', year: 2019 },
  { name: 'Miller v. United Airlines, Inc.', short: 'Miller', volume: 174, reporters: ['F.3d', 'F. 3d'], page: '366', court: '2d Cir.', year: 1999 },
  { name: 'Ehrlich v. American Airlines, Inc.', short: 'Ehrlich', volume: 360, reporters: ['F.3d'], page: '366', court: '2d Cir.', year: 2004 },
  { name: 'Kolbe v. Hogan', short: 'Kolbe', volume: 849, reporters: ['F.3d'], page: '114', court: '4th Cir.', year: 2017 },
  { name: 'Doe v. Trump Corp.', short: 'Trump Corp.', volume: 6, reporters: ['F.4th'], page: '400', court: '2d Cir.', year: 2021 },
  { name: 'In re Air Crash Disaster Near New Orleans', short: 'Air Crash Disaster', volume: 821, reporters: ['F.2d', 'F. 2d'], page: '1147', court: '5th Cir.', year: 1987 },
  { name: 'Petersen v. Iran Air', short: 'Petersen', volume: 905, reporters: ['F. Supp. 2d', 'F.Supp.2d', 'F. Supp.2d'], page: '121', court: 'D.D.C.', year: 2012 },
  { name: 'Rodriguez v. Signet Jewelers Ltd.', short: 'Rodriguez', volume: 312, reporters: ['F. Supp. 3d', 'F.Supp.3d'], page: '88', court: 'S.D.N.Y.', year: 2018 },
  { name: 'United States v. Greene', short: 'Greene', volume: 123, reporters: ["F. App'x", 'Fed. Appx.', 'F. App’x'], page: '456', court: '3d Cir.', year: 2005 },
  { name: 'Leon v. Martinez', short: 'Leon', volume: 84, reporters: ['N.Y.2d', 'N.Y. 2d'], page: '83', court: '', year: 1994 },
  { name: 'Baral v. Schnitt', short: 'Baral', volume: 1, reporters: ['Cal. 5th', 'Cal.5th'], page: '376', court: '', year: 2016 },
  { name: 'Navellier v. Sletten', short: 'Navellier', volume: 29, reporters: ['Cal. 4th'], page: '82', court: '', year: 2002 },
  { name: 'In re Lipsky', short: 'Lipsky', volume: 460, reporters: ['S.W.3d', 'S.W. 3d'], page: '579', court: 'Tex.', year: 2015 },
  { name: 'Globe Newspaper Co. v. King', short: 'Globe Newspaper', volume: 658, reporters: ['So. 2d', 'So.2d'], page: '518', court: 'Fla.', year: 1995 },
  { name: 'Kedzie & 103rd Currency Exchange, Inc. v. Hodge', short: 'Kedzie', volume: 156, reporters: ['Ill. 2d'], page: '112', court: '', year: 1993 },
  { name: 'Sosa v. Alvarez-Machain', short: 'Sosa', volume: 542, reporters: ['U.S.'], page: '692', court: '', year: 2004 },
  { name: 'Hoffman v. Red Owl Stores, Inc.', short: 'Hoffman', volume: 133, reporters: ['N.W.2d'], page: '267', court: 'Wis.', year: 1965 },
  { name: 'Palsgraf v. Long Island Railroad Co.', short: 'Palsgraf', volume: 162, reporters: ['N.E.'], page: '99', court: 'N.Y.', year: 1928 },
  { name: 'Commonwealth v. Santiago', short: 'Santiago', volume: 209, reporters: ['A.3d'], page: '912', court: 'Pa.', year: 2019 },
  { name: 'Garcia v. Hilton Hotels Corp.', short: 'Garcia', volume: 97, reporters: ['F.R.D.'], page: '1', court: 'D.P.R.', year: 1982 },
  { name: 'Shaboon v. Egyptair', short: 'Shaboon', volume: 2013, reporters: ['IL App'], page: '111279-U', court: '', year: 2013, whole: '2013 IL App (1st) 111279-U' },
  { name: 'Martinez v. Delta Airlines, Inc.', short: 'Martinez', volume: 2019, reporters: ['WL'], page: '4639462', court: 'S.D.N.Y. Sept. 30,', year: 2019, whole: '2019 WL 4639462' },
  { name: 'Estate of Durden v. KLM Royal Dutch Airlines', short: 'Durden', volume: 2017, reporters: ['WL'], page: '2418825', court: 'N.D. Ga. June 5,', year: 2017, whole: '2017 WL 2418825' },
  { name: 'Hageness v. Schmidt', short: 'Hageness', volume: 2014, reporters: ['ND'], page: '95', court: '', year: 2014, whole: '2014 ND 95' },
  { name: 'Smith v. Hartford Insurance Co.', short: 'Smith', volume: 2019, reporters: ['U.S. Dist. LEXIS'], page: '12345', court: 'E.D. Pa. Jan. 25,', year: 2019, whole: '2019 U.S. Dist. LEXIS 12345' },
];

/** Canonical reporter of each spelling used above. */
const CANONICAL: Record<string, string> = {
  'U. S.': 'U.S.', 'F. 3d': 'F.3d', 'F. 2d': 'F.2d', 'F.Supp.2d': 'F. Supp. 2d', 'F. Supp.2d': 'F. Supp. 2d',
  'F.Supp.3d': 'F. Supp. 3d', 'Fed. Appx.': "F. App'x", 'F. App’x': "F. App'x", 'N.Y. 2d': 'N.Y.2d', 'Cal.5th': 'Cal. 5th',
  'S.W. 3d': 'S.W.3d', 'So.2d': 'So. 2d',
};
const canonical = (r: string) => CANONICAL[r] ?? r;
const fullNormalized = (c: CaseFact) => c.whole ?? `${c.volume} ${c.reporters[0]} ${c.page}`;

interface StatuteFact {
  written: string[];
  normalized: string;
  type: 'statute' | 'regulation';
}

export const STATUTES: StatuteFact[] = [
  { written: ['42 U.S.C. § 1983', '42 U.S.C. §1983', '42 U. S. C. § 1983'], normalized: '42 U.S.C. § 1983', type: 'statute' },
  { written: ['28 U.S.C. §§ 1331, 1343'], normalized: '28 U.S.C. §§ 1331, 1343', type: 'statute' },
  { written: ['28 U.S.C. § 1332(a)(1)'], normalized: '28 U.S.C. § 1332(a)(1)', type: 'statute' },
  { written: ['42 U.S.C. § 2000e-2(a)'], normalized: '42 U.S.C. § 2000e-2(a)', type: 'statute' },
  { written: ['15 U.S.C. § 78j(b)'], normalized: '15 U.S.C. § 78j(b)', type: 'statute' },
  { written: ['49 U.S.C. § 40101'], normalized: '49 U.S.C. § 40101', type: 'statute' },
  { written: ['Cal. Civ. Proc. Code § 425.16'], normalized: 'Cal. Civ. Proc. Code § 425.16', type: 'statute' },
  { written: ['Cal. Bus. & Prof. Code § 17200'], normalized: 'Cal. Bus. & Prof. Code § 17200', type: 'statute' },
  { written: ['N.Y. C.P.L.R. 3211(a)(7)', 'CPLR 3211(a)(7)'], normalized: 'N.Y. C.P.L.R. 3211(a)(7)', type: 'statute' },
  { written: ['N.Y. Gen. Bus. Law § 349'], normalized: 'N.Y. Gen. Bus. Law § 349', type: 'statute' },
  { written: ['Tex. Civ. Prac. & Rem. Code Ann. § 27.001'], normalized: 'Tex. Civ. Prac. & Rem. Code Ann. § 27.001', type: 'statute' },
  { written: ['Tex. Bus. & Com. Code § 17.46'], normalized: 'Tex. Bus. & Com. Code § 17.46', type: 'statute' },
  { written: ['Fla. Stat. § 768.72', 'Fla. Stat. §768.72'], normalized: 'Fla. Stat. § 768.72', type: 'statute' },
  { written: ['Fla. Stat. § 501.204'], normalized: 'Fla. Stat. § 501.204', type: 'statute' },
  { written: ['735 ILCS 5/2-619', '735 ILCS 5/2-619(a)(9)'], normalized: '', type: 'statute' },
  { written: ['815 ILCS 505/2'], normalized: '815 ILCS 505/2', type: 'statute' },
  { written: ['29 C.F.R. § 1630.2(g)', '29 C.F.R. §1630.2(g)'], normalized: '29 C.F.R. § 1630.2(g)', type: 'regulation' },
  { written: ['17 C.F.R. § 240.10b-5'], normalized: '17 C.F.R. § 240.10b-5', type: 'regulation' },
  { written: ['14 C.F.R. § 121.311'], normalized: '14 C.F.R. § 121.311', type: 'regulation' },
  { written: ['85 Fed. Reg. 12345', '85 Fed. Reg. 12,345'], normalized: '85 Fed. Reg. 12345', type: 'regulation' },
  { written: ['88 Fed. Reg. 54714'], normalized: '88 Fed. Reg. 54714', type: 'regulation' },
];

const PROPS = [
  'a complaint must contain enough facts to state a claim to relief that is plausible on its face',
  'summary judgment is appropriate where there is no genuine dispute as to any material fact',
  'the trial court acts as a gatekeeper for expert testimony',
  'the carrier is liable for damage sustained in the event of the death or bodily injury of a passenger',
  'the limitations period is a condition precedent to suit',
  'threadbare recitals of the elements of a cause of action do not suffice',
  'the moving party bears the initial burden of identifying the absence of a genuine issue',
  'the Convention provides the exclusive cause of action for injuries sustained during international air travel',
];

const DISTRACTORS = [
  'On May 5, 2019, Plaintiff paid $1,000,000 to Defendant under the agreement.',
  'The parties exchanged 2,500 pages of documents between March 3, 2020 and June 30, 2021.',
  'Section 12 of 2020 Public Act 101 was not in force at the time.',
  'See Compl. ¶¶ 12-15; Dkt. No. 45 at 3; ECF No. 12, at 4.',
  'The flight departed at 10:30 a.m. and carried 925 passengers and 14 crew.',
  'Case No. 1:19-cv-04639 (S.D.N.Y. filed Aug. 2, 2019) remains pending before Judge Castel.',
  'Plaintiff claims $17,200 in medical expenses and $425.16 in filing costs.',
  'Contact counsel at (212) 555-0134 or 100 Main St., Suite 550, New York, NY 10001.',
  'The 11th Circuit and the 2d Circuit have not addressed the question since 2019.',
  'Exhibit 12, at 3, shows the ticket was issued on 4/6/2019 for 1,339 dollars.',
  'The regulation was amended in 1993 and again in 2021, effective 30 days after publication.',
  'Between 1,000 and 2,000 claims were filed, about 95 percent of them in 2014.',
];

class Builder {
  text = '';
  expected: Expected[] = [];
  add(s: string): void {
    this.text += s;
  }
  cite(s: string, label: Omit<Expected, 'text' | 'start'>): void {
    this.expected.push({ text: s, start: this.text.length, ...label });
    this.text += s;
  }
}

/**
 * `count` passages of about a dozen citations each.
 * @example generateCorpus(7, 30) // same 30 passages on every run
 */
export function generateCorpus(seed: number, count: number): Passage[] {
  const rand = rng(seed);
  const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)];
  const chance = (p: number) => rand() < p;
  const passages: Passage[] = [];

  for (let n = 0; n < count; n++) {
    const b = new Builder();
    const cited: CaseFact[] = [];
    // What an `Id.` would refer to, or null when the last cite makes `Id.` ambiguous.
    let last: string | null = null;
    let lastType: 'case' | 'statute' | 'regulation' = 'case';

    /** Writes one full case citation (with name, pin, parenthetical) and labels it. */
    const writeFull = (c: CaseFact, opts: { pin?: boolean } = {}) => {
      b.add(`${c.name}, `);
      const rep = pick(c.reporters);
      if (c.whole) {
        b.cite(c.whole, { type: 'case', form: 'full', normalized: c.whole, caseName: c.name });
      } else {
        // OCR line breaks: one of the spaces inside the citation becomes a newline.
        let written = `${c.volume} ${rep} ${c.page}`;
        if (chance(0.15)) written = written.replace(/ (?=[^ ]*$)/, '\n');
        else if (chance(0.1)) written = written.replace(' ', '\n');
        b.cite(written, { type: 'case', form: 'full', normalized: `${c.volume} ${canonical(rep)} ${c.page}`, caseName: c.name });
      }
      if (opts.pin !== false && chance(0.6)) {
        const p = c.whole ? `*${1 + Math.floor(rand() * 8)}` : String(Number(c.page.replace(/\D.*/, '')) + 1 + Math.floor(rand() * 20));
        b.add(c.whole ? `, at ${p}` : `, ${p}`);
      }
      if (c.parallels && chance(0.5)) {
        for (const par of c.parallels) {
          b.add(', ');
          b.cite(par, { type: 'case', form: 'full', normalized: par, caseName: c.name });
        }
      }
      if (!(c.whole && c.court === '')) b.add(` (${c.court ? `${c.court} ` : ''}${c.year})`);
      cited.push(c);
      last = fullNormalized(c);
      lastType = 'case';
    };

    const sentences = 6 + Math.floor(rand() * 6);
    for (let s = 0; s < sentences; s++) {
      const r = rand();
      if (s > 0) b.add(chance(0.2) ? '\n\n' : ' ');
      if (r < 0.3 || cited.length === 0) {
        const c = pick(CASES);
        const form = Math.floor(rand() * 4);
        if (form === 0) {
          b.add(`The Court held in `);
          writeFull(c, { pin: true });
          b.add(`, that ${pick(PROPS)}.`);
        } else if (form === 1) {
          b.add(`${pick(PROPS).replace(/^./, (x) => x.toUpperCase())}. See `);
          writeFull(c);
          b.add('.');
        } else if (form === 2) {
          b.add('See, e.g., ');
          writeFull(c, { pin: false });
          b.add('; ');
          const c2 = pick(CASES.filter((x) => x !== c));
          writeFull(c2, { pin: false });
          b.add(chance(0.5) ? '.' : `.${1 + Math.floor(rand() * 40)}`);
        } else {
          b.add(`${pick(PROPS).replace(/^./, (x) => x.toUpperCase())}. `);
          writeFull(c);
          b.add(' (quoting ');
          const c2 = pick(CASES.filter((x) => x !== c));
          writeFull(c2);
          b.add(').');
          // `Id.` after a quoting parenthetical is ambiguous; keep the corpus unambiguous.
          last = null;
        }
      } else if (r < 0.5) {
        // Short form of a case cited earlier in this passage.
        const c = pick(cited);
        if (c.whole) {
          // Bluebook's short form for WL, LEXIS and neutral cites repeats the whole cite.
          b.add(`${c.short}, `);
          b.cite(`${c.whole}`, { type: 'case', form: 'short', normalized: c.whole, antecedent: c.whole });
          b.add(`, at *${2 + Math.floor(rand() * 5)}.`);
          last = c.whole;
          lastType = 'case';
          continue;
        }
        const pin = Number(c.page) + 1 + Math.floor(rand() * 30);
        const rep = pick(c.reporters);
        const named = chance(0.6);
        b.add(named ? `See ${c.short}, ` : 'See ');
        b.cite(`${c.volume} ${rep} at ${pin}`, {
          type: 'case',
          form: 'short',
          normalized: `${c.volume} ${canonical(rep)} at ${pin}`,
          antecedent: fullNormalized(c),
        });
        b.add('.');
        last = fullNormalized(c);
        lastType = 'case';
      } else if (r < 0.62 && last) {
        // A pin inside the case cited just before (a few pages after its first page), as real
        // briefs write it; a pin before the first page could not be that case.
        const firstPage = lastType === 'case' ? Number(/ (\d+)$/.exec(last)?.[1] ?? NaN) : NaN;
        const pin = Number.isNaN(firstPage) ? 1 + Math.floor(rand() * 900) : firstPage + Math.floor(rand() * 40);
        const style = Math.floor(rand() * 4);
        const written = style === 0 ? 'Id.' : style === 1 ? `Id. at ${pin}` : style === 2 ? `id. at ${pin}` : 'Ibid.';
        if (style === 2) b.add('See ');
        b.cite(written, { type: lastType, form: 'id', normalized: written === 'Ibid.' ? 'Id.' : written.replace(/^id/, 'Id'), antecedent: last });
        // A footnote number glued to `Id.` (`Id.12`), or a superscript marker after the cite.
        if (written.endsWith('.')) b.add(chance(0.3) ? `${1 + Math.floor(rand() * 30)}` : chance(0.2) ? '²' : '');
        else b.add(chance(0.2) ? '.²' : '.');
      } else if (r < 0.7) {
        const c = pick(cited.filter((x) => !x.whole).concat(cited.slice(0, 1)));
        if (c.whole) continue;
        const pin = Number(c.page) + 1 + Math.floor(rand() * 30);
        b.add('As explained in ');
        b.cite(`${c.short}, supra, at ${pin}`, { type: 'case', form: 'supra', normalized: `${c.short}, supra, at ${pin}`, antecedent: fullNormalized(c) });
        b.add(`, ${pick(PROPS)}.`);
        last = fullNormalized(c);
        lastType = 'case';
      } else if (r < 0.85) {
        const st = pick(STATUTES);
        const written = pick(st.written);
        const normalized = st.normalized || written;
        b.add(pick(['Plaintiff brings this action under ', 'Jurisdiction is proper under ', 'The claim arises under ', 'Defendant moves to dismiss under ']));
        b.cite(written, { type: st.type, form: 'full', normalized });
        b.add(chance(0.3) ? ` and ${pick(PROPS)}.` : '.');
        last = normalized;
        lastType = st.type;
      } else {
        b.add(pick(DISTRACTORS));
      }
    }
    passages.push({ name: `generated-${n}`, text: b.text, expected: b.expected });
  }
  return passages;
}
