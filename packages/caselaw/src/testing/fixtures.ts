/**
 * Test fixtures: the suite's case-law data as CourtListener bulk CSVs (the demo files plus a
 * few rows in `fixtures/` for data conditions: a second cluster at one address, a duplicate
 * row, a corrupt row, a multi-line quoted field, and one later case in each volume a fabricated
 * citation points into, so the index holds those volumes as a full snapshot would), the same data as the fake server's case
 * list, and a Citation factory for tests that do not start from text.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { demoIndexInputs } from '../demo';
import type { Citation } from '../engine';
import { readCsv } from '../local-index/csv';
import { bulkFileKind } from '../local-index/import';
import type { FakeCase } from './fake-courtlistener';

export const FIXTURE_DIR = join(__dirname, 'fixtures');

/** The verification suite's inputs: demo data + fixture rows. */
export function suiteIndexInputs(): string[] {
  return [...demoIndexInputs(), ...readdirSync(FIXTURE_DIR).filter((n) => n.endsWith('.csv')).map((n) => join(FIXTURE_DIR, n))];
}

/** Reads bulk CSVs into the fake server's case list (corrupt rows skipped, as the importer does). */
export async function loadFakeCases(paths: string[]): Promise<FakeCase[]> {
  const courts = new Map<string, { id: string; citationString: string; fullName: string }>();
  const dockets = new Map<number, string>();
  const clusters = new Map<number, { name: string; short: string; date: string; docket: number }>();
  const cites: { cluster: number; cite: string }[] = [];
  for (const path of paths) {
    const kind = bulkFileKind(path);
    for await (const { columns, rows } of readCsv(path)) {
      const get = (row: string[], name: string): string => row[columns.get(name) ?? -1] ?? '';
      for (const row of rows) {
        if (kind === 'courts') courts.set(get(row, 'id'), { id: get(row, 'id'), citationString: get(row, 'citation_string'), fullName: get(row, 'full_name') });
        if (kind === 'dockets') dockets.set(Number(get(row, 'id')), get(row, 'court_id'));
        if (kind === 'clusters') {
          clusters.set(Number(get(row, 'id')), { name: get(row, 'case_name'), short: get(row, 'case_name_short'), date: get(row, 'date_filed'), docket: Number(get(row, 'docket_id')) });
        }
        if (kind === 'citations' && /^\d+$/.test(get(row, 'volume'))) {
          cites.push({ cluster: Number(get(row, 'cluster_id')), cite: `${get(row, 'volume')} ${get(row, 'reporter')} ${get(row, 'page')}` });
        }
      }
    }
  }
  return [...clusters].map(([id, c]) => {
    const courtId = dockets.get(c.docket) ?? '';
    return {
      clusterId: id,
      caseName: c.name,
      caseNameShort: c.short,
      dateFiled: c.date,
      docketId: c.docket,
      court: courts.get(courtId) ?? { id: courtId, citationString: courtId, fullName: courtId },
      citations: [...new Set(cites.filter((x) => x.cluster === id).map((x) => x.cite))],
    };
  });
}

/** A case Citation with sensible defaults, for tests that need no text. */
export function makeCitation(fields: Partial<Citation>): Citation {
  const volume = fields.volume ?? null;
  const reporter = fields.reporter ?? null;
  const page = fields.page ?? null;
  const normalized = fields.normalized ?? (volume !== null && reporter && page ? `${volume} ${reporter} ${page}` : null);
  return {
    type: 'case',
    form: 'full',
    text: normalized ?? '',
    start: 0,
    end: 0,
    normalized,
    volume,
    reporter,
    page,
    pinCite: null,
    caseName: null,
    plaintiff: null,
    defendant: null,
    year: null,
    court: null,
    parenthetical: null,
    context: '',
    documentPage: null,
    paragraph: null,
    paragraphKind: null,
    antecedent: null,
    parallels: [],
    section: null,
    fullStart: 0,
    fullEnd: 0,
    ...fields,
  };
}
