import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { pgCopyCsv, type PgValue } from '../testing/fake-bulk-data';
import { CsvError, CsvParser, detectDialect, readCsv } from './csv';

function parseAll(text: string, chunk = text.length): string[][] {
  const p = new CsvParser();
  const rows: string[][] = [];
  for (let i = 0; i < text.length; i += chunk) rows.push(...p.push(text.slice(i, i + chunk)));
  rows.push(...p.end());
  return rows;
}

describe('CsvParser', () => {
  // PostgreSQL COPY ... ESCAPE '\' output, as in CourtListener's bulk files.
  const pg = '"id","case_name","syllabus"\n"1","Smith v. \\"Jones\\"","line one,\nline two with a \\\\ backslash"\n"2","","x"\n';
  const expected = [
    ['id', 'case_name', 'syllabus'],
    ['1', 'Smith v. "Jones"', 'line one,\nline two with a \\ backslash'],
    ['2', '', 'x'],
  ];

  it('reads backslash escapes, embedded newlines and commas', () => {
    expect(parseAll(pg)).toEqual(expected);
  });

  it('gives the same rows however the input is split into chunks', () => {
    for (let chunk = 1; chunk <= pg.length; chunk++) expect(parseAll(pg, chunk)).toEqual(expected);
  });

  it('agrees with csv-parse on RFC 4180 input (doubled quotes, CRLF, empty and unquoted fields)', () => {
    const rfc = 'a,b,c\r\n"x ""quoted"" y",,plain\r\n"multi\r\nline",2,\r\n1,"",3';
    const ours = parseAll(rfc);
    expect(ours).toEqual(parse(rfc, { relax_column_count: true }));
    for (let chunk = 1; chunk < 8; chunk++) expect(parseAll(rfc, chunk)).toEqual(ours);
  });

  it('reports an unterminated quoted field at the end of the file', () => {
    expect(() => parseAll('"a","b\n')).toThrow(CsvError);
  });

  it('stays linear in the chunk size', () => {
    const row = '"123","456","F.3d","789","1","42","2024-05-06 02:15:00.000000+00","2024-05-06 02:15:00.000000+00"\n';
    const text = row.repeat(40_000); // ~4 MB
    const t0 = performance.now();
    expect(parseAll(text, 1 << 20)).toHaveLength(40_000);
    // Quadratic behaviour took tens of seconds here; linear takes well under one.
    expect(performance.now() - t0).toBeLessThan(5000);
  });
});

describe("CourtListener's two dialects, as PostgreSQL writes them", () => {
  // The rows of fixtures/postgres-copy/ref.sql; the .csv files beside it are PostgreSQL 15's own
  // COPY output with CourtListener's options (new: ESCAPE '\'; old, before 2025-01-24: QUOTE '`').
  const dir = join(__dirname, '..', 'testing', 'fixtures', 'postgres-copy');
  const STAMP = '2024-05-06 02:15:00+00';
  const citations: { header: string[]; rows: PgValue[][] } = {
    header: ['id', 'volume', 'reporter', 'page', 'type', 'cluster_id', 'date_created', 'date_modified'],
    rows: [
      [1, '550', 'U.S.', '544', 1, 10, '2024-05-06 02:15:00.123456+00', STAMP],
      [2, '1975-2', 'Trade Cas.', '60123', 4, 11, STAMP, STAMP],
      [3, '5', 'Neb.', 'xii', 2, 12, STAMP, null],
      [4, '100', 'P.R.', '123', 2, 13, STAMP, STAMP],
      [5, '2019', 'Ohio', '1234', 8, 14, STAMP, STAMP],
      [6, '123', 'F. App\u2019x', '456', 1, 15, STAMP, STAMP],
    ],
  };
  const clusters: { header: string[]; rows: PgValue[][] } = {
    header: ['id', 'date_filed', 'date_filed_is_approximate', 'case_name_short', 'case_name', 'case_name_full', 'syllabus', 'citation_count', 'docket_id'],
    rows: [
      [10, '2007-05-21', false, 'Twombly', 'Bell Atlantic Corp. v. Twombly', '', 'Held: "plausible," not merely conceivable.', 9, 100],
      [11, '1975-06-30', true, '', "O'Brien v. Smith", null, 'A line\nanother line, with a \\ backslash and a `backtick` and ``two``', 0, 101],
      [12, null, false, null, 'State ex rel. \u201cQuoted\u201d v. Jones', 'x', 'trailing backslash \\', null, 102],
      [13, '1971-01-01', false, 'Pueblo', 'Pueblo v. Ortiz', '', 'carriage\r\nreturn', 1, 103],
    ],
  };
  const asRead = (t: { header: string[]; rows: PgValue[][] }): string[][] => [t.header, ...t.rows.map((r) => r.map((v) => (v === null ? '' : typeof v === 'boolean' ? (v ? 't' : 'f') : String(v))))];

  it.each([
    ['citations', citations],
    ['clusters', clusters],
  ] as const)('pgCopyCsv writes %s byte for byte as PostgreSQL does, in both dialects', (name, table) => {
    expect(pgCopyCsv(table.header, table.rows, 'quote')).toBe(readFileSync(join(dir, `${name}-new.csv`), 'utf8'));
    expect(pgCopyCsv(table.header, table.rows, 'backtick')).toBe(readFileSync(join(dir, `${name}-old.csv`), 'utf8'));
  });

  it.each(['new', 'old'])('reads the %s dialect to the same values, however the text is split', (which) => {
    for (const [name, table] of [['citations', citations], ['clusters', clusters]] as const) {
      const text = readFileSync(join(dir, `${name}-${which}.csv`), 'utf8');
      const dialect = detectDialect(text);
      expect(dialect).toBe(which === 'new' ? 'quote' : 'backtick');
      for (const chunk of [1, 7, text.length]) {
        const p = new CsvParser(dialect!);
        const rows: string[][] = [];
        for (let i = 0; i < text.length; i += chunk) rows.push(...p.push(text.slice(i, i + chunk)));
        rows.push(...p.end());
        expect(rows).toEqual(asRead(table));
      }
    }
  });

  it('readCsv tells the dialect from the first data row, even when the header arrives alone', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'csv-dialect-'));
    try {
      const text = readFileSync(join(dir, 'clusters-old.csv'), 'utf8');
      writeFileSync(join(tmp, 'clusters-old.csv'), text);
      const rows: string[][] = [];
      for await (const batch of readCsv(join(tmp, 'clusters-old.csv'))) rows.push(...batch.rows);
      expect(rows).toEqual(asRead(clusters).slice(1));
      expect(detectDialect('id,volume\n')).toBeNull();
      expect(detectDialect('id,volume\n`')).toBe('backtick');
      expect(detectDialect('"id","volume"\n"1"')).toBe('quote');
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});
