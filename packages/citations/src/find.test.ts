/** Table-driven tests for the whole pipeline: (text, expected fields of the citations). */
import { findCitations, formatCitationsJson, normalize } from './index';
import { pinNumber } from './resolve';
import { courtId } from './courts';
import { cleanText } from './clean';
import { BEFORE_SUPRA, commaBetween, contextText, lastPossibleSupraStart, sentenceAround } from './find';
import type { Citation } from './types';

const pickFields = (c: Citation, keys: (keyof Citation)[]) => Object.fromEntries(keys.map((k) => [k, c[k]]));

describe('findCitations: full case citations', () => {
  const table: [string, Partial<Citation>][] = [
    ['Varghese v. China Southern Airlines Co., 925 F.3d 1339, 1345 (11th Cir. 2019).',
      { normalized: '925 F.3d 1339', volume: 925, reporter: 'F.3d', page: '1339', pinCite: '1345', caseName: 'Varghese v. China Southern Airlines Co.', plaintiff: 'Varghese', defendant: 'China Southern Airlines Co.', year: 2019, court: 'ca11' }],
    ['Brown v. Board of Education, 347 U. S. 483 (1954)', { normalized: '347 U.S. 483', court: 'scotus', year: 1954, caseName: 'Brown v. Board of Education' }],
    ['Petersen v. Iran Air, 905 F.\nSupp. 2d 121 (D.D.C. 2012)', { normalized: '905 F. Supp. 2d 121', court: 'dcd', text: '905 F.\nSupp. 2d 121' }],
    ['See Hernandez v. Mesa, 589 U.S. ___ (2020).', { normalized: '589 U.S. ___', page: '___', court: 'scotus' }],
    // A volume with a suffix is kept in the canonical form, not as a number.
    ['Smith v. Jones, 1982-1 Trade Cas. (CCH) ¶ 64,500 (D. Md. 1982)', { normalized: '1982-1 Trade Cas. (CCH) 64,500', volume: null, page: '64,500' }],
    ['Shaboon v. Egyptair, 2013 IL App (1st) 111279-U', { normalized: '2013 IL App (1st) 111279-U', court: 'illappct', year: 2013 }],
    ['Hageness v. Schmidt, 2014 ND 95, ¶ 12', { normalized: '2014 ND 95', court: 'nd' }],
    ['Martinez v. Delta Airlines, Inc., 2019 WL 4639462, at *3 (S.D.N.Y. Sept. 30, 2019)', { normalized: '2019 WL 4639462', pinCite: '*3', court: 'nysd', year: 2019 }],
    ['Smith v. Hartford Ins. Co., 2019 U.S. Dist. LEXIS 12345 (E.D. Pa. Jan. 25, 2019)', { normalized: '2019 U.S. Dist. LEXIS 12345', reporter: 'U.S. Dist. LEXIS', court: 'paed' }],
    ['In re Smith, 123 B.R. 45 (Bankr. S.D.N.Y. 1990)', { caseName: 'In re Smith', court: 'nysb', normalized: '123 B.R. 45' }],
    ['Leon v. Martinez, 84 NY2d 83 (1994)', { normalized: '84 N.Y.2d 83', court: 'ny' }],
    ['United States v. Greene, 123 F. App’x 456 (3d Cir. 2005) (unpublished) (per curiam)', { normalized: "123 F. App'x 456", court: 'ca3', parenthetical: 'unpublished' }],
    ['Ehrlich v. American Airlines, Inc., 360 F.3d 366, 373 (2d Cir. 2004) (holding that (a) the text controls)', { parenthetical: 'holding that (a) the text controls', court: 'ca2' }],
  ];
  it.each(table)('%p', (text, expected) => {
    const [c] = findCitations(text);
    expect(c).toMatchObject({ type: 'case', form: 'full', ...expected });
  });

  it('groups parallel citations and shares name, year and court', () => {
    const cites = findCitations('Miranda v. Arizona, 384 U.S. 436, 444, 86 S. Ct. 1602, 16 L. Ed. 2d 694 (1966).');
    expect(cites.map((c) => pickFields(c, ['normalized', 'pinCite', 'caseName', 'year', 'court']))).toEqual([
      { normalized: '384 U.S. 436', pinCite: '444', caseName: 'Miranda v. Arizona', year: 1966, court: 'scotus' },
      { normalized: '86 S. Ct. 1602', pinCite: null, caseName: 'Miranda v. Arizona', year: 1966, court: 'scotus' },
      { normalized: '16 L. Ed. 2d 694', pinCite: null, caseName: 'Miranda v. Arizona', year: 1966, court: 'scotus' },
    ]);
    expect(cites[0].parallels).toEqual(['86 S. Ct. 1602', '16 L. Ed. 2d 694']);
  });

  // Seen on real briefs and opinions: the sentence's first word was read as the plaintiff's.
  it.each([
    ['Also Commonwealth v. Diatchenko, 466 Mass. 655 (2013).', 'Commonwealth', 'Diatchenko'],
    ['The sentence was lawful. Also Commonwealth v. Diatchenko, 466 Mass. 655, 671 (2013).', 'Commonwealth', 'Diatchenko'],
    ['introducing evidence not disclosed." Accord Wiggins v. United States, 521 A.2d 1146, 1148 (D.C.1987).', 'Wiggins', 'United States'],
    ['Compare Smith v. Jones, 100 F.3d 1 (1st Cir. 1996), with Doe v. Roe, 200 F.3d 2 (2d Cir. 1999).', 'Smith', 'Jones'],
    // A company's name that begins with one of those words keeps it.
    ['Also Corp. v. Smith, 466 Mass. 655 (2013).', 'Also Corp.', 'Smith'],
    ['Accord v. Smith, 466 Mass. 655 (2013).', 'Accord', 'Smith'],
  ])('does not take a signal opening the sentence into the plaintiff: %p', (text, plaintiff, defendant) => {
    const [c] = findCitations(text);
    expect([c.plaintiff, c.defendant, c.caseName]).toEqual([plaintiff, defendant, `${plaintiff} v. ${defendant}`]);
    expect(text.slice(c.fullStart, c.fullStart + plaintiff.length)).toBe(plaintiff);
  });

  // Seen on a real brief and in real opinions: a `for` inside a party's name ended it.
  it.each([
    ["Diatchenko v. Dist. Att'y for Suffolk Dist., 466 Mass. 655", 'Diatchenko', "Dist. Att'y for Suffolk Dist."],
    ['See Diatchenko v. District Attorney for Suffolk Dist., 466 Mass. 655, 671 (2013).', 'Diatchenko', 'District Attorney for Suffolk Dist.'],
    ['Mississippi Univ. for Women v. Hogan, 458 U. S. 718 (1982)', 'Mississippi Univ. for Women', 'Hogan'],
    ['Accord Coordinating Council for Indep. Living, Inc. v. Palmer, 209 W.Va. 274, 546 S.E.2d 454 (2001).', 'Coordinating Council for Indep. Living, Inc.', 'Palmer'],
    ['to Anders v. California, 386 U.S. 738 (1967) and A.C. v. \nCabinet for Health and Family Services, 362 S.W.3d 361 (Ky. App. 2012) for the', 'A.C.', 'Cabinet for Health and Family Services'],
    // Prose before the name is not taken into it.
    ['The court ruled for Smith v. Jones, 209 W.Va. 274 (2001).', 'Smith', 'Jones'],
  ])('reads a party name holding `for`: %p', (text, plaintiff, defendant) => {
    const c = findCitations(text).filter((x) => x.form === 'full').pop() as Citation;
    expect([c.plaintiff, c.defendant, c.caseName]).toEqual([plaintiff, defendant, `${plaintiff} v. ${defendant}`]);
    expect(text.slice(c.fullStart, c.fullStart + plaintiff.length)).toBe(plaintiff);
  });

  it('reads a short form after a prose `for` as before', () => {
    const [, short] = findCitations('Bell Atlantic Corp. v. Twombly, 550 U.S. 544 (2007). The same is true for Twombly, 550 U.S. at 556.');
    expect([short.form, short.caseName, short.antecedent]).toEqual(['short', 'Twombly', '550 U.S. 544']);
  });

  // From real opinions: a year closing the citation before was read as a year written before
  // this one, and the name ran on into the earlier case's.
  it.each([
    ['defendant also cites to Alford v. Washington, 238 N.C. 694, 78 S.E.2d 915 (1953) and Shapiro v. Toyota Motor Co., 38 N.C.App. 658, 248 S.E.2d 868 (1978), in support', 'Shapiro', 'Toyota Motor Co.'],
    ['the directives in Miller v. \nAlabama, 567 U.S. 460 (2012) and Montgomery v. Louisiana, 577 U.S. 190 \n(2016).', 'Montgomery', 'Louisiana'],
  ])('reads the name of the second of two cases joined by `and`: %p', (text, plaintiff, defendant) => {
    const c = findCitations(text).filter((x) => x.form === 'full').pop() as Citation;
    expect([c.plaintiff, c.defendant, c.caseName]).toEqual([plaintiff, defendant, `${plaintiff} v. ${defendant}`]);
    expect(text.slice(c.fullStart, c.fullStart + plaintiff.length)).toBe(plaintiff);
    // The year before a citation, as California writes it, is still read.
    expect(findCitations('Viking River Cruises v. Moriana (2022) 596 U.S. 639')[0]).toMatchObject({ caseName: 'Viking River Cruises v. Moriana', year: 2022 });
  });

  it.each([
    ['On May 5, 2019, Plaintiff paid $1,000,000.'],
    ['Section 12 of 2020 Public Act 101 applies.'],
    ['See Dkt. No. 45 at 3; ECF No. 12, at 4; Compl. ¶¶ 12-15.'],
    ['The 11th Circuit decided 925 appeals in 2019 F.Y.'],
    ['as discussed supra, the claim fails'],
  ])('finds nothing in %p', (text) => {
    expect(findCitations(text)).toEqual([]);
  });
});

describe('findCitations: short forms and their antecedents', () => {
  const text =
    'Bell Atlantic Corp. v. Twombly, 550 U.S. 544 (2007); Daubert v. Merrell Dow Pharms., Inc., 509 U.S. 579 (1993). ' +
    'Twombly, 550 U.S. at 556. Id.12 The court agreed. Daubert, supra, at 593. Ibid. 509 U.S., at 597. Id. at 598.';
  const table: [string, string, string | null, string | null][] = [
    // text, form, antecedent, pin
    ['550 U.S. at 556', 'short', '550 U.S. 544', '556'],
    ['Id.', 'id', '550 U.S. 544', null],
    ['Daubert, supra, at 593', 'supra', '509 U.S. 579', '593'],
    ['Ibid.', 'id', '509 U.S. 579', null],
    ['509 U.S., at 597', 'short', '509 U.S. 579', '597'],
    ['Id. at 598', 'id', '509 U.S. 579', '598'],
  ];
  const shorts = findCitations(text).filter((c) => c.form !== 'full');
  it.each(table.map((row, i) => [i, ...row] as const))('#%p %p', (i, written, form, antecedent, pin) => {
    expect(pickFields(shorts[i], ['text', 'form', 'antecedent', 'pinCite'])).toEqual({ text: written, form, antecedent, pinCite: pin });
  });

  it('copies the antecedent name and court onto a short form', () => {
    expect(shorts[0]).toMatchObject({ caseName: 'Twombly', year: 2007, court: 'scotus' });
    expect(shorts[2]).toMatchObject({ caseName: 'Daubert', volume: 509, reporter: 'U.S.', page: '579' });
  });

  it('leaves a short form unresolved when nothing matches', () => {
    expect(findCitations('See 999 F.3d at 12.')[0]).toMatchObject({ form: 'short', antecedent: null });
  });

  it('finds a case cited under two names by either, whichever was cited last', () => {
    // The same citation under a second name is listed under that name too (a supra by it
    // resolves), and the first name, cited again after it, is still known as listed.
    const text =
      'Foo v. Bar, 1 U.S. 2 (1990). Quux v. Bar, 1 U.S. 2 (1990). Foo v. Bar, 1 U.S. 2 (1990). ' +
      'Quux, supra, at 4. Foo, supra, at 5. Foo v. Bar, 1 U.S. 2 (1990). Quux v. Bar, 1 U.S. 2 (1990). Quux, supra, at 6.';
    const supras = findCitations(text).filter((c) => c.form === 'supra');
    expect(supras.map((c) => [c.text, c.antecedent, c.caseName])).toEqual([
      ['Quux, supra, at 4', '1 U.S. 2', 'Quux'],
      ['Foo, supra, at 5', '1 U.S. 2', 'Foo'],
      ['Quux, supra, at 6', '1 U.S. 2', 'Quux'],
    ]);
  });

  it('a case cited twice with its parallel is one case for a later supra', () => {
    // The second group's parallel stands for the case's first citation, not for the second
    // group's: two cases of one name would leave the supra unresolved.
    const text =
      'Miranda v. Arizona, 384 U.S. 436, 86 S. Ct. 1602 (1966). The warnings are required. ' +
      'Miranda v. Arizona, 384 U.S. 436, 86 S. Ct. 1602 (1966). See Miranda, supra, at 444. Id. at 445.';
    const shorts = findCitations(text).filter((c) => c.form !== 'full');
    expect(shorts.map((c) => [c.text, c.form, c.antecedent, c.pinCite])).toEqual([
      ['Miranda, supra, at 444', 'supra', '384 U.S. 436', '444'],
      ['Id. at 445', 'id', '384 U.S. 436', '445'],
    ]);
  });

  it('an Id. after a statute refers to the statute', () => {
    expect(findCitations('Under 42 U.S.C. § 1983, a person acting under color of law is liable. Id.')[1]).toMatchObject({ type: 'statute', form: 'id', antecedent: '42 U.S.C. § 1983' });
  });
});

describe('findCitations: statutes and regulations', () => {
  const table: [string, string, 'statute' | 'regulation'][] = [
    ['42 U.S.C. § 1983', '42 U.S.C. § 1983', 'statute'],
    ['28 U.S.C. §§ 1331, 1343', '28 U.S.C. §§ 1331, 1343', 'statute'],
    ['42 U.S.C. § 2000e-2(a)(1)', '42 U.S.C. § 2000e-2(a)(1)', 'statute'],
    ['15 U.S.C.A. § 78j(b)', '15 U.S.C. § 78j(b)', 'statute'],
    ['Cal. Civ. Proc. Code § 425.16', 'Cal. Civ. Proc. Code § 425.16', 'statute'],
    ['Cal. Bus. & Prof. Code § 17200 et seq.', 'Cal. Bus. & Prof. Code § 17200', 'statute'],
    ['N.Y. C.P.L.R. 3211(a)(7)', 'N.Y. C.P.L.R. 3211(a)(7)', 'statute'],
    ['CPLR 3211(a)(7)', 'N.Y. C.P.L.R. 3211(a)(7)', 'statute'],
    ['N.Y. Gen. Bus. Law § 349', 'N.Y. Gen. Bus. Law § 349', 'statute'],
    ['Tex. Civ. Prac. & Rem. Code Ann. § 27.001', 'Tex. Civ. Prac. & Rem. Code Ann. § 27.001', 'statute'],
    ['Fla. Stat. § 768.72', 'Fla. Stat. § 768.72', 'statute'],
    ['735 ILCS 5/2-619', '735 ILCS 5/2-619', 'statute'],
    ['29 C.F.R. § 1630.2(g)', '29 C.F.R. § 1630.2(g)', 'regulation'],
    ['17 C.F.R. § 240.10b-5', '17 C.F.R. § 240.10b-5', 'regulation'],
    ['85 Fed. Reg. 12,345', '85 Fed. Reg. 12345', 'regulation'],
  ];
  it.each(table)('%p → %p', (text, normalized, type) => {
    const found = findCitations(`Under ${text}, the claim fails.`);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ type, form: 'full', normalized });
  });

  it('a single § takes one section: the next number is prose', () => {
    expect(findCitations('under 42 U.S.C. § 1983, 12 defendants').map((c) => c.text)).toEqual(['42 U.S.C. § 1983']);
  });
});

describe('positions, context and JSON', () => {
  it('assigns document page and paragraph from positions', () => {
    const text = 'First paragraph.\n\nSee Conley v. Gibson, 355 U.S. 41 (1957).';
    const [c] = findCitations(text, { positions: [{ offset: 0, page: 1, paragraph: 0 }, { offset: 18, page: 2, paragraph: 1, kind: 'footnote' }] });
    expect(c).toMatchObject({ documentPage: 2, paragraph: 1, paragraphKind: 'footnote' });
    expect(c.context).toBe('See Conley v. Gibson, 355 U.S. 41 (1957).');
  });

  it('gives each citation the sentence around it, as sentenceAround reads it', () => {
    // Blank lines (one, two, a line of spaces between breaks), `?` and `!`, abbreviations,
    // neighbouring citations sharing a sentence, and windows cut at MAX_CONTEXT.
    const text = [
      'Is it settled? See Conley v. Gibson, 355 U.S. 41 (1957); Twombly v. Bell, 550 U.S. 544, 556 (2007)!',
      '',
      'Id. at 557. The Court in Twombly, 550 U.S. at 570, said so.\n\n\nIqbal, 556 U.S. 662 (2009), agreed.',
      ' \nA line after spaces: Smith v. Jones Corp., 1 F.3d 2 (1st Cir. 1993). Id.',
      'II. A HEADING WITHOUT A STOP\n\nas held in Roe v. Wade, 410 U.S. 113 (1973), and prose without one\n\nafter the break',
      `${'word '.repeat(120)}Doe v. Roe, 3 F.4th 5 (2d Cir. 2021) ${'more '.repeat(120)}end.`,
    ].join('\n');
    const citations = findCitations(text);
    expect(citations.length).toBeGreaterThanOrEqual(8);
    const clean = cleanText(text);
    for (const c of citations) expect([c.text, c.context]).toEqual([c.text, sentenceAround(text, clean, c.fullStart, c.fullEnd)]);
  });

  it('gives every citation of random texts the sentence sentenceAround reads', () => {
    // Citations side by side and far apart, blank lines (and lines of spaces), sentence ends
    // and abbreviations, runs of spaces, and stretches longer than MAX_CONTEXT.
    const pieces = [
      'Foo v. Bar, 1 U.S. 2 (1990)', 'Id.', 'Id. at 5', 'See 1 U.S. at 3', 'Foo, supra, at 4', 'Foo at 6', '550 U.S. 544, 127 S. Ct. 1955',
      'Smith v. Jones Corp., 3 F.3d 4 (2d Cir. 1993)', '42 U.S.C. § 1983', 'The Court held so.', 'Corp.', 'U.S.', 'v.', '?', '!', '.',
      ' ', ' ', ' ', '  ', '\n', '\n\n', '\n \n', '\n\n\n', ' (A', ' "B', 'word', 'Word', `${'word '.repeat(90)}`,
    ];
    let seed = 71;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    let citations = 0;
    for (let n = 0; n < 400; n++) {
      const text = Array.from({ length: 5 + Math.floor(next() * 40) }, () => pieces[Math.floor(next() * pieces.length)]).join(next() < 0.5 ? ' ' : '');
      const clean = cleanText(text);
      for (const c of findCitations(text)) {
        citations++;
        expect([text, c.text, c.context]).toEqual([text, c.text, sentenceAround(text, clean, c.fullStart, c.fullEnd)]);
      }
    }
    expect(citations).toBeGreaterThan(2000);
  });

  it('gives a reference citation its sentence too', () => {
    const text = 'See Ashcroft v. Iqbal, 556 U.S. 662 (2009). The standard applies. Iqbal, at 678. Later prose.';
    const reference = findCitations(text).find((c) => c.form === 'reference');
    expect(reference).toMatchObject({ text: 'Iqbal, at 678', context: 'Iqbal, at 678.' });
  });

  it('leaves the sentences out when asked (context: false), and nothing else', () => {
    const text = 'See Ashcroft v. Iqbal, 556 U.S. 662, 678 (2009). Id. at 679. Iqbal, at 680. 42 U.S.C. § 1983.';
    const withContext = findCitations(text);
    const without = findCitations(text, { context: false });
    expect(without.map((c) => c.context)).toEqual(without.map(() => ''));
    expect(without).toEqual(withContext.map((c) => ({ ...c, context: '' })));
  });

  it('formats the CLI JSON with the agreed fields', () => {
    const json = formatCitationsJson(findCitations('Twombly v. Bell, 550 U.S. 544 (2007). Id. at 556.'));
    expect(Object.keys(json[0])).toEqual(expect.arrayContaining(['type', 'form', 'text', 'normalized', 'volume', 'reporter', 'page', 'pinCite', 'caseName', 'year', 'court', 'start', 'end']));
    expect(json[0]).not.toHaveProperty('antecedent');
    expect(json[1]).toMatchObject({ form: 'id', antecedent: '550 U.S. 544', pinCite: '556' });
  });

  it('normalize() takes a citation or a string', () => {
    expect(normalize('925 F. 3d 1339')).toBe('925 F.3d 1339');
    expect(normalize(findCitations('29 C.F.R. § 1630.2(g)')[0])).toBe('29 C.F.R. § 1630.2(g)');
    expect(normalize('no citation here')).toBeNull();
  });
});

describe('findCitations: the field\'s own formats', () => {
  // Illinois v. Caballes, 543 U.S. 405, 125 S. Ct. 834 (2005). State opinions repeat the
  // parallel's first page after a short form; the engine once printed `125 S. Ct. 405` here,
  // an address that does not exist, by copying the U.S. first page onto the parallel.
  it('reads a parallel after a short form at the page written, never the antecedent\'s', () => {
    const text = 'Illinois v. Caballes, 543 U.S. 405, 125 S.Ct. 834 (2005). See Caballes, 543 U.S. at 410, 125 S.Ct. 834.';
    const found = findCitations(text);
    expect(found.map((c) => c.normalized)).not.toContain('125 S. Ct. 405');
    const parallel = found.filter((c) => c.text === '125 S.Ct. 834')[1];
    expect(pickFields(parallel, ['volume', 'reporter', 'page', 'caseName'])).toEqual({ volume: 125, reporter: 'S. Ct.', page: '834', caseName: 'Caballes' });
    expect(found.find((c) => c.text === '543 U.S. at 410')).toMatchObject({ form: 'short', antecedent: '543 U.S. 405', pinCite: '410' });
  });

  it.each([
    ['The motion under Fed. R. Civ. P. 12(b)(6) fails.', 'Fed. R. Civ. P. 12(b)(6)'],
    ['Expert testimony is governed by Fed. R. Evid. 702.', 'Fed. R. Evid. 702'],
    ['See Fed.R.App.P. 28(j).', 'Fed. R. App. P. 28(j)'],
    ['Review is discretionary. Sup. Ct. R. 10.', 'Sup. Ct. R. 10'],
  ])('court rules are their own type: %s', (text, normalized) => {
    expect(findCitations(text).filter((c) => c.type === 'rule').map((c) => c.normalized)).toEqual([normalized]);
  });

  it('reads `81 T.C. at 828` as a short form, though reporters-db spells T.C. as `T.C. at` too', () => {
    expect(findCitations('Brand v. Commissioner, 81 T.C. at 828.')[0]).toMatchObject({ form: 'short', reporter: 'T.C.', pinCite: '828' });
  });

  it.each([
    ['Commonwealth v. Hunt, 45 Mass. (4 Met.) 111 (1842)', '45 Mass. 111', 'Commonwealth v. Hunt'],
    ['State v. Jones, 2010 WI 77, 327 Wis. 2d 1', '2010 WI 77', 'State v. Jones'],
    ['Marbury v. Madison, 5 U.S. (1 Cranch) 137 (1803)', '5 U.S. 137', 'Marbury v. Madison'],
    ['State v. Smith, 2009-Ohio-1234', '2009-Ohio-1234', 'State v. Smith'],
    ['People v. Y, 2013 IL App (1st) 111279-U', '2013 IL App (1st) 111279-U', 'People v. Y'],
    ['Doe v. Roe, 2019 U.S. Dist. LEXIS 12345 (D. Mass. 2019)', '2019 U.S. Dist. LEXIS 12345', 'Doe v. Roe'],
    ['Smith v. Jones, 2019 WL 4639462, at *3 (S.D.N.Y. Sept. 30, 2019)', '2019 WL 4639462', 'Smith v. Jones'],
    ['Brand v. Commissioner, T.C. Memo. 2010-123', 'T.C. Memo. 2010-123', 'Brand v. Commissioner'],
  ])('%s', (text, normalized, caseName) => {
    expect(findCitations(text)[0]).toMatchObject({ normalized, caseName });
  });
});

describe('helpers', () => {
  it.each([
    ['11th Cir.', 'ca11'], ['2d Cir.', 'ca2'], ['D.C. Cir.', 'cadc'], ['Fed. Cir.', 'cafc'], ['S.D.N.Y.', 'nysd'],
    ['N.D. Cal.', 'cand'], ['S.D. Tex.', 'txsd'], ['D. Mass.', 'mad'], ['Bankr. D. Del.', 'deb'], ['Ill.', 'ill'],
    ['Cal. Ct. App.', 'calctapp'], ['N.Y. App. Div.', 'nyappdiv'], ['Tex. App.', 'texapp'], ['N.D.', 'nd'], ['Narnia', null],
  ])('courtId(%p) = %p', (abbr, id) => {
    expect(courtId(abbr)).toBe(id);
  });

  it('cleanText keeps the length and offsets', () => {
    const raw = 'Id.¹ at 5–6\nF. App’x';
    expect(cleanText(raw)).toBe("Id.  at 5-6 F. App'x");
    expect(cleanText(raw)).toHaveLength(raw.length);
  });

  it('cleanText copies every other code unit as it is, lone surrogates and all, at any length', () => {
    expect(cleanText('a\ud800b\n\udc00’x§é')).toBe("a\ud800b \udc00'x§é");
    for (let k = 1; k < 20; k++) expect(cleanText(`${'\n'.repeat(k)}é${'x'.repeat(k)}`)).toBe(`${' '.repeat(k)}é${'x'.repeat(k)}`);
    const plain = 'See 550 U.S. 544.';
    expect(cleanText(plain)).toBe(plain);
  });
});

describe('the name before supra', () => {
  it('is found by searching only from where its pattern can begin, as by searching the whole text before it', () => {
    // Words, volumes, commas, runs of spaces and characters the pattern never holds, in random order.
    const alphabet = ['a', 'B', 'Qwerty', '1', '23', '4567', ' ', ' ', '  ', '    ', ',', '.', '-', "'", '_', '(', ';', 'x9'];
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const plain = new RegExp(BEFORE_SUPRA.source);
    for (let k = 0; k < 20000; k++) {
      const before = Array.from({ length: Math.floor(next() * 16) }, () => alphabet[Math.floor(next() * alphabet.length)]).join('').slice(-60);
      const whole = plain.exec(before) as RegExpExecArray;
      const from = lastPossibleSupraStart(before);
      const narrowed = BEFORE_SUPRA.exec(before.slice(from)) as RegExpExecArray;
      expect([before, from + narrowed.index, ...narrowed]).toEqual([before, whole.index, ...whole]);
    }
  });

  it('is searched for from the last word that can hold the name, not from the words before it', () => {
    // The name is the last word that is not all digits; a volume may follow it.
    expect(lastPossibleSupraStart('as the Court held in See Daubert, ')).toBe('as the Court held in See '.length);
    expect(lastPossibleSupraStart('as held in Foo, 123 ')).toBe('as held in '.length);
    // Two words of digits: at most the last is in the match (a volume); the search begins at the other.
    expect(lastPossibleSupraStart('at 12 345 ')).toBe('at '.length);
    expect(lastPossibleSupraStart('Daubert, ')).toBe(0);
  });
});

describe('the text of a sentence', () => {
  it('is the stretch with runs of spaces made one and trimmed, as the regex and trim make it', () => {
    // Spaces alone and in runs, every other character trim removes, words and periods.
    const alphabet = ['a', 'Bc', '.', ' ', ' ', '  ', '   ', '\t', '\u00a0', '\u2028', '\u3000', '\ufeff', '\u200b', 'é', ','];
    let seed = 5;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let k = 0; k < 20000; k++) {
      const text = Array.from({ length: Math.floor(next() * 20) }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
      const from = Math.floor(next() * (text.length + 1));
      const to = from + Math.floor(next() * (text.length - from + 1));
      expect([text, from, to, contextText(text, from, to)]).toEqual([text, from, to, text.slice(from, to).replace(/ {2,}/g, ' ').trim()]);
    }
  });
});

describe('the comma between parallel citations', () => {
  it('is found as /^ {0,3}, {0,3}$/ finds it', () => {
    let seed = 41;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const differ: string[] = [];
    for (let n = 0; n < 20000; n++) {
      const s = Array.from({ length: Math.floor(next() * 9) }, () => [' ', ' ', ',', 'x', '1'][Math.floor(next() * 5)]).join('');
      const text = `ab${s}cd`;
      if (commaBetween(text, 2, 2 + s.length) !== /^ {0,3}, {0,3}$/.test(s)) differ.push(s);
    }
    expect(differ).toEqual([]);
  });
});

describe('the page a short form pins', () => {
  it('is read as parseInt of the pin without its stars', () => {
    let seed = 47;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const differ: string[] = [];
    for (let n = 0; n < 20000; n++) {
      const pin = Array.from({ length: Math.floor(next() * 6) }, () => ['*', '*', '1', '9', '0', ' ', '-', 'n', '.', '¶'][Math.floor(next() * 10)]).join('');
      if (!Object.is(pinNumber(pin), parseInt(pin.replace(/^\*+/, ''), 10))) differ.push(pin);
    }
    expect(differ).toEqual([]);
  });
});
