import { describe, expect, it } from '@jest/globals';
import type { Citation } from '@citecheck/proto/graphql/types';
import { aCitation } from '@/testing/citations';
import { buildCsvReport, CSV_COLUMNS, csvCell, csvFileName } from './csv-export';

const citation = aCitation;

const citations: Citation[] = [
  citation({
    id: '1',
    text: 'Air France v. Saks, 470 U.S. 392, 405 (1985)',
    type: 'case',
    caseName: 'Air France v. Saks',
    page: 2,
    paragraph: 3,
    isValid: true,
    confidence: 97,
    validationDetails: { message: 'Exact citation and case name match', suggestion: null },
    courtListenerData: { caseName: 'Air France v. Saks', court: 'scotus', year: 1985, absoluteUrl: '/opinion/111/air-france-v-saks/' },
  }),
  citation({ id: '2', text: 'Varghese v. China Southern Airlines Co., 925 F.3d 1339 (11th Cir. 2019)', type: 'case', isValid: false }),
  citation({ id: '3', text: '28 U.S.C. § 1332(a)', type: 'statute', isValid: null }),
];

describe('CSV export (SPEC section 9)', () => {
  it('names the file after the document and the day', () => {
    expect(csvFileName('brief.pdf', new Date(2025, 0, 9))).toBe('citation-validation-report-brief.pdf-2025-01-09.csv');
  });

  it('starts with a UTF-8 byte order mark, so Excel reads § and curly quotes as UTF-8', () => {
    const csv = buildCsvReport(citations);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect([...new TextEncoder().encode(csv).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv).toContain('28 U.S.C. § 1332(a)');
  });

  it('writes the columns, one row per citation, and the summary block', () => {
    const lines = buildCsvReport(citations).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe(CSV_COLUMNS.join(','));
    expect(lines[0].split(',')).toEqual([
      'Citation Text', 'Case Name', 'Type', 'Page', 'Paragraph', 'Status', 'Confidence', 'Court', 'Year', 'Validation Details', 'CourtListener URL', 'Quotations',
    ]);
    expect(lines[1]).toBe(
      '"Air France v. Saks, 470 U.S. 392, 405 (1985)",Air France v. Saks,case,2,3,Valid,97%,scotus,1985,Exact citation and case name match,https://www.courtlistener.com/opinion/111/air-france-v-saks/,',
    );
    expect(lines[2]).toContain(',Invalid,');
    expect(lines[2]).toContain('Citation could not be verified');
    // A statute is listed, not checked: it says so, with no confidence and no 'Pending'.
    expect(lines[3]).toBe('28 U.S.C. § 1332(a),,statute,,,Not checked (statute),,,,"Not checked: statutes are listed, not verified.",,');
    expect(lines.slice(-8)).toEqual([
      'Summary',
      'Total Citations,3',
      'Valid Citations,1',
      'Invalid Citations,1',
      'Not Checked or Not Verified,1',
      'Checked Citations,2',
      'Accuracy Rate,50.0%',
      'Accuracy Rate Basis,"valid citations of those checked; statutes, regulations and cases not verified are not counted as failures"',
    ]);
  });

  it('writes a reason and its suggestion as two sentences', () => {
    const flagged = citation({ id: '9', text: '999 U.S. 1', type: 'case', isValid: false, validationDetails: { message: 'Possible hallucination - citation not found', suggestion: 'Check formatting' } });
    const [, row] = buildCsvReport([flagged]).replace(/^\uFEFF/, '').split('\r\n');
    expect(row).toContain(',Possible hallucination - citation not found. Check formatting.,');
  });

  it('quotes and neutralises cells', () => {
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
  });

  it('says in the summary block what the verdicts were checked against, each source once', () => {
    const checked = citations.map((c, i) => ({ ...c, checkedAgainst: i < 2 ? 'CourtListener bulk data of 2026-10-31' : null }));
    const lines = buildCsvReport(checked).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe(CSV_COLUMNS.join(','));
    expect(lines.slice(-9, -3)).toEqual([
      'Summary',
      'Checked Against,CourtListener bulk data of 2026-10-31',
      'Total Citations,3',
      'Valid Citations,1',
      'Invalid Citations,1',
      'Not Checked or Not Verified,1',
    ]);
  });
});

describe('CSV export: quotations', () => {
  it('lists each quotation of a case in its own column, and counts altered and unfound ones in the summary', () => {
    const quoted = [
      citation({
        id: 'q',
        text: 'Smith v. Jones, 925 F.3d 1320, 1321 (11th Cir. 2019)',
        type: 'case',
        isValid: true,
        quotes: [
          { text: 'may not weigh the credibility of witnesses', status: 'verified', foundPage: '1321', message: 'Found on page 1321 of the opinion, as cited.', pin: '1321', opinionText: null, diff: null },
          { text: 'shall weigh the credibility of witnesses', status: 'altered', foundPage: '1321', message: 'The opinion\'s words differ (page 1321): it says “may not” where the quotation says “shall”.', pin: '1321', opinionText: null, diff: null },
          { text: 'a seller who stays silent waives every defense', status: 'not-found', foundPage: null, message: 'These words were not found in the opinion, nor anything close to them.', pin: '1321', opinionText: null, diff: null },
        ],
      }),
    ];
    const csv = buildCsvReport(quoted);
    expect(csv).toContain('"Quotation verified: “may not weigh the credibility of witnesses” (Found on page 1321 of the opinion, as cited.)\nAltered quotation: “shall weigh');
    const lines = csv.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines.slice(-4)).toEqual(['Quotations,3', 'Altered Quotations,1', 'Quotations Not Found,1', 'Quotations Not Checked,0']);
  });
});
