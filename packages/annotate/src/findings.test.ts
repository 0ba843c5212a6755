import { commentLines, countFindings, findingOf, nameStart, summaryLines, type CitationToAnnotate } from './findings';

const cite = (over: Partial<CitationToAnnotate>): CitationToAnnotate => ({ text: '925 F.3d 1339', start: 0, end: 13, type: 'case', isValid: false, validationDetails: 'x', ...over });

describe('findingOf', () => {
  it.each([
    [{ isValid: false, validationDetails: { message: 'Possible hallucination - citation not found', suggestion: 'Check formatting' } }, 'invalid', 'Possible hallucination - citation not found'],
    // The report's fallbacks for an invalid citation with no reason (SPEC sections 2 and 5).
    [{ isValid: false, validationDetails: '' }, 'invalid', 'Possible hallucination - citation not found'],
    [{ isValid: false, validationDetails: { message: '', suggestion: 'Check the reporter' } }, 'invalid', 'Citation not found. Check the reporter'],
    [{ isValid: null, validationDetails: { message: 'Unverified: no case-law database is available' } }, 'unverified', 'Unverified: no case-law database is available'],
    [{ isValid: true, validationDetails: { message: 'Citation and case name match, but check the year: decided 1998, cited as 1999' } }, 'warning', 'Citation and case name match, but check the year: decided 1998, cited as 1999'],
  ] as const)('%j is a finding of kind %s', (verdict, kind, message) => {
    expect(findingOf(cite(verdict))).toMatchObject({ kind, message });
  });

  it('is none for a valid citation with nothing to check, or a statute, unless valid ones are asked for', () => {
    expect(findingOf(cite({ isValid: true, validationDetails: 'Exact citation and case name match' }))).toBeNull();
    expect(findingOf(cite({ type: 'statute', isValid: null, validationDetails: 'Statutes and regulations are listed, not verified' }))).toBeNull();
    expect(findingOf(cite({ isValid: true, validationDetails: 'Exact citation and case name match' }), true)).toMatchObject({ kind: 'valid', label: 'Valid' });
  });

  it('makes altered and unfound quotations findings, even on a valid citation, and not verified ones', () => {
    const quotes = [
      { text: 'a', status: 'altered', message: 'Reads otherwise' },
      { text: 'b', status: 'verified', message: 'Found' },
      { text: 'c', status: 'not-found', message: 'Not in the opinion' },
    ];
    const finding = findingOf(cite({ isValid: true, validationDetails: 'Exact citation and case name match', quotes }))!;
    expect(finding).toMatchObject({ kind: 'quote', label: 'Quotation' });
    expect(finding.quotes.map((q) => q.text)).toEqual(['a', 'c']);
  });

  it('passes the verdict\'s own words through, evidence and all', () => {
    const message = 'This page falls inside Real v. Case, 905 F. Supp. 2d 98 (D.D.C. 2012): 905 F. Supp. 2d 121 is page 24 of that case, which begins at page 98';
    const c = cite({ text: '905 F. Supp. 2d 121', caseName: 'Petersen v. Iran Air', validationDetails: { message, suggestion: 'No case starts at this page; check the citation' }, checkedAgainst: 'Caselaw Access Project page ranges' });
    expect(commentLines(c, findingOf(c)!)).toEqual([
      'Invalid: Petersen v. Iran Air, 905 F. Supp. 2d 121',
      message,
      'Suggestion: No case starts at this page; check the citation',
      'Checked against Caselaw Access Project page ranges.',
    ]);
  });
});

describe('commentLines', () => {
  it('names the case before a citation, and after an Id. or supra', () => {
    const invalid = { isValid: false as const, validationDetails: 'Possible hallucination - citation not found' };
    const first = (c: CitationToAnnotate) => commentLines(c, findingOf(c)!)[0];
    expect(first(cite({ ...invalid, caseName: 'Varghese v. China S. Airlines' }))).toBe('Invalid: Varghese v. China S. Airlines, 925 F.3d 1339');
    expect(first(cite({ ...invalid, text: 'Id. at 1345', caseName: 'Varghese v. China S. Airlines' }))).toBe('Invalid: Id. at 1345 (Varghese v. China S. Airlines)');
    expect(first(cite({ ...invalid, text: 'Varghese, supra, at 1345', caseName: 'Varghese' }))).toBe('Invalid: Varghese, supra, at 1345');
    expect(first(cite({ ...invalid, caseName: null }))).toBe('Invalid: 925 F.3d 1339');
  });
});

describe('nameStart', () => {
  const text = 'See Varghese v. China Southern Airlines Co., 925 F.3d 1339 (2019).';
  const start = text.indexOf('925');

  it('starts at the engine\'s case name, or the name written just before the citation', () => {
    expect(nameStart(text, cite({ start, fullStart: 4 }))).toBe(4);
    expect(nameStart(text, cite({ start, caseName: 'Varghese v. China Southern Airlines Co.' }))).toBe(4);
    expect(nameStart(text, cite({ start, caseName: 'Someone Else' }))).toBe(start);
  });

  it('never reaches into an earlier paragraph', () => {
    const split = 'ends with Martinez v. Delta Airlines, Inc.,\n\n2019 WL 4639462 (Tex. App. 2019).';
    const at = split.indexOf('2019 WL');
    expect(nameStart(split, cite({ start: at, fullStart: split.indexOf('Martinez') }))).toBe(at);
    expect(nameStart(split, cite({ start: at, caseName: 'Martinez v. Delta Airlines, Inc.' }))).toBe(at);
  });
});

describe('summaryLines', () => {
  it('gives the report\'s totals, what the comments mark, and what could not be placed', () => {
    const citations = [
      cite({ isValid: true, validationDetails: 'Exact citation and case name match' }),
      cite({ isValid: false, validationDetails: 'Possible hallucination - citation not found' }),
      cite({ isValid: null, validationDetails: 'Unverified: not covered' }),
      cite({ type: 'statute', text: '28 U.S.C. § 1332', isValid: null, validationDetails: 'Statutes and regulations are listed, not verified' }),
    ];
    const counts = countFindings(citations, false);
    const unplaced = [{ citation: citations[2], finding: findingOf(citations[2])! }];
    expect(summaryLines(counts, new Date('2023-06-22T23:59:00Z'), unplaced)).toEqual([
      'CiteCheck checked this document on June 22, 2023: 4 citations, 1 valid, 1 invalid, 2 not verified (statutes and regulations are listed, not verified).',
      'Comments mark 1 invalid citation, 1 case not verified, each on its own words.',
      "1 finding could not be placed on the citation's words in this copy:",
      'Not verified: 925 F.3d 1339 — Unverified: not covered',
    ]);
  });
});
