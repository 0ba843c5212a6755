/**
 * The labelled set from public sources (testing/real-world-set.ts), through the real command
 * path: a bucket stand-in in CourtListener's real dialect, with its holes (clusters without
 * citation rows, cases missing but listed by the Caselaw Access Project, cases missing from
 * both), downloaded and imported by downloadSnapshot with the CAP lists, then judged citation by
 * citation. What must hold: no real case is accused; every fabrication in a reporter is flagged,
 * with its evidence named; Westlaw and public-domain fabrications stay unverified, never accused.
 * Run in both of CourtListener's dialects (the backtick one of the files before 2025-01-24).
 */
import { findCitations } from '@citecheck/citations';
import type { Verdict } from '@citecheck/proto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { downloadSnapshot } from '../download/download';
import { LocalCitationIndex } from '../local-index/lookup';
import { FakeBulkData } from '../testing/fake-bulk-data';
import { REAL_WORLD_DATE, realWorldBucket } from '../testing/real-world-bucket';
import { PIN_PAST_END, REAL_WORLD_SET, type LabelledCitation } from '../testing/real-world-set';
import { verify } from './verify';

jest.setTimeout(120_000);
const NOW = new Date('2026-11-28T12:00:00Z');

interface Row {
  entry: LabelledCitation;
  verdict: Verdict;
}

const messageOf = (v: Verdict): string => (typeof v.validationDetails === 'string' ? v.validationDetails : v.validationDetails.message);
const show = (v: boolean | null): string => (v === true ? 'valid' : v === false ? 'INVALID' : 'unverified');

async function run(dialect: 'quote' | 'backtick'): Promise<{ rows: Row[]; stats: ReturnType<typeof realWorldBucket>['stats']; index: LocalCitationIndex; dir: string }> {
  const built = realWorldBucket(dialect);
  const bucket = new FakeBulkData(built.objects);
  const cap = new FakeBulkData(built.cap);
  await bucket.start();
  await cap.start();
  const dir = mkdtempSync(join(tmpdir(), `real-world-${dialect}-`));
  try {
    await downloadSnapshot({ bucketUrl: bucket.url, capUrl: cap.url, withCap: true, dir: join(dir, 'bulk'), indexPath: join(dir, 'caselaw.sqlite'), freeBytes: () => 1e12, retryDelayMs: 1 });
  } finally {
    await bucket.stop();
    await cap.stop();
  }
  const index = LocalCitationIndex.open(join(dir, 'caselaw.sqlite'));
  const rows: Row[] = [];
  for (const entry of REAL_WORLD_SET) {
    const citations = findCitations(entry.text);
    if (!citations.length) throw new Error(`the engine found no citation in: ${entry.text}`);
    const { verdicts } = await verify(citations, [index], { now: NOW });
    rows.push({ entry, verdict: verdicts[0] });
  }
  return { rows, stats: built.stats, index, dir };
}

function table(rows: Row[], title: string): string {
  const lines = [title, `${'label'.padEnd(24)} ${'citation'.padEnd(58)} ${'holds'.padEnd(15)} ${'verdict'.padEnd(10)} message`];
  for (const r of rows) {
    lines.push(`${r.entry.label.padEnd(24)} ${r.entry.text.slice(0, 58).padEnd(58)} ${(r.entry.record?.holds ?? '-').padEnd(15)} ${show(r.verdict.isValid).padEnd(10)} ${messageOf(r.verdict)}`);
  }
  return lines.join('\n');
}

let quote: Awaited<ReturnType<typeof run>>;
beforeAll(async () => {
  quote = await run('quote');
});
afterAll(() => {
  quote?.index.close();
  if (quote) rmSync(quote.dir, { recursive: true, force: true });
});

describe(`the labelled real-world set, through CourtListener's real bulk dialect with its holes (snapshot ${REAL_WORLD_DATE})`, () => {
  it('accuses no real case, flags every fabrication in a reporter, never accuses a Westlaw or public-domain one', () => {
    const { rows, stats } = quote;
    const realRows = rows.filter((r) => r.entry.label === 'real');
    const fabricated = rows.filter((r) => r.entry.label === 'fabricated');
    const misattributed = rows.filter((r) => r.entry.label === 'misattributed');
    // How each fabrication is flagged: on which evidence, or as another case's address.
    const kind = (r: Row): string => {
      const m = messageOf(r.verdict);
      if (r.verdict.isValid !== false) return 'not flagged';
      if (/^Possible hallucination/.test(m)) return /newest volume/.test(m) ? 'hallucination: past the reporter\'s reach' : /Caselaw Access Project's list/.test(m) ? 'hallucination: CAP\'s list' : /no case named/.test(m) ? 'hallucination: name search' : 'hallucination: other evidence';
      if (/^This page falls inside/.test(m)) return 'falls inside another case (CAP\'s page range)';
      if (/^This page probably falls inside/.test(m)) return 'probably inside another case, with evidence';
      if (/^Citation points to a different case/.test(m)) return 'points to a different case';
      if (/is reported at/.test(m)) return 'the name is reported elsewhere';
      return 'other';
    };
    const tally = (group: Row[]): string => {
      const counts = new Map<string, number>();
      for (const r of group) counts.set(kind(r), (counts.get(kind(r)) ?? 0) + 1);
      return [...counts].map(([k, v]) => `${v} ${k}`).join('; ');
    };
    const numbers = rows.filter((r) => r.entry.label === 'fabricated-unverifiable');
    const accused = realRows.filter((r) => r.verdict.isValid === false);
    const hole = (h: string) => realRows.filter((r) => r.entry.record?.holds === h);
    console.log(
      [
        table(rows, `Real-world set: ${rows.length} citations`),
        '',
        `bucket stand-in: ${stats.clusters} clusters, ${stats.citations} citation rows, CAP lists of ${stats.capVolumes} volumes; of ${stats.realCases} real cases, ${stats.withoutCitation} without their citation rows, ${stats.missingInCap} missing but listed by CAP, ${stats.missing} missing from both`,
        `real cases accused: ${accused.length} of ${realRows.length}` +
          ` (without citation rows: ${hole('no-citation').filter((r) => r.verdict.isValid === false).length} of ${hole('no-citation').length};` +
          ` missing but in CAP: ${hole('missing-in-cap').filter((r) => r.verdict.isValid === false).length} of ${hole('missing-in-cap').length};` +
          ` missing from both: ${hole('missing').filter((r) => r.verdict.isValid === false).length} of ${hole('missing').length})`,
        `real cases confirmed: ${realRows.filter((r) => r.verdict.isValid === true).length} of ${realRows.length}; left unverified: ${realRows.filter((r) => r.verdict.isValid === null).length}`,
        `fabrications in a reporter flagged: ${fabricated.filter((r) => r.verdict.isValid === false).length} of ${fabricated.length} (${tally(fabricated)})`,
        `misattributed addresses flagged as another case's: ${misattributed.filter((r) => r.verdict.isValid === false && !/hallucination/i.test(messageOf(r.verdict))).length} of ${misattributed.length} (${tally(misattributed)})`,
        `Westlaw / public-domain fabrications accused: ${numbers.filter((r) => r.verdict.isValid === false).length} of ${numbers.length} (they stay unverified: no data holds those series)`,
      ].join('\n'),
    );
    expect(accused.map((r) => `${r.entry.text} → ${messageOf(r.verdict)}`)).toEqual([]);
    expect(fabricated.filter((r) => r.verdict.isValid !== false).map((r) => `${r.entry.text} → ${messageOf(r.verdict)}`)).toEqual([]);
    expect(numbers.map((r) => r.verdict.isValid)).toEqual(numbers.map(() => null));
    // A real case's address cited under another name: another case, never an empty address, never confirmed.
    expect(misattributed.filter((r) => r.verdict.isValid === true || /hallucination/i.test(messageOf(r.verdict))).map((r) => r.entry.text)).toEqual([]);
    // The one left unverified: after CAP's years the host is only the nearest earlier case, and
    // cases of either of its hyphenated surnames in other circuits keep the name search from ruling it out.
    expect(misattributed.filter((r) => r.verdict.isValid !== false).map((r) => r.entry.text)).toEqual(['United States v. Figueroa-Florez, 64 F.4th 223 (2d Cir. 2022).']);
  });

  it('names the evidence of every "not found", in words a lawyer reads', () => {
    for (const r of quote.rows.filter((x) => /hallucination/i.test(messageOf(x.verdict)))) {
      expect(messageOf(r.verdict)).toMatch(/^Possible hallucination - citation not found: \S/);
      expect(messageOf(r.verdict)).not.toMatch(/authoritative|\bindex\b|cluster|not-covered|contained-in|\bnull\b|undefined/);
    }
    const by = (start: string) => messageOf(quote.rows.find((r) => r.entry.text.startsWith(start))!.verdict);
    // CAP's list of the volume, for a volume it has; the name search for one it has not; the reporter's reach.
    // A printed volume is continuous: a fabricated page of a volume CAP lists falls inside a case of it, for certain.
    expect(by('Miller v. United Airlines')).toMatch(/^This page falls inside .+, 174 F\.3d \d+ \(1st Cir\. 1999\): 174 F\.3d 366 is page 366 of that case, which runs from page \d+ to \d+$/);
    // After CAP's years, the nearest earlier case is only the likely host: it stands on the name search.
    expect(by('Varghese v. China Southern')).toMatch(/^This page probably falls inside .+: no case begins at 925 F\.3d 1339, .+; no case named Varghese v\. China Southern Airlines Co\., Ltd\. among the decisions of the federal courts of appeals from 2016 to 2022 in CourtListener bulk data of 2026-10-31, with or without a citation$/);
    // The Cohen order: 64 F.4th 223 is a page in the middle of United States v. Drake, 64 F.4th 220.
    // F.4th has no CAP page ranges, so Drake is only the likely host, and the other circuits'
    // `United States v. Figueroa` and `United States v. Florez` are leads: unverified, naming them all.
    expect(by('United States v. Figueroa-Florez')).toBe(
      'Unverified: the nearest case before it is United States v. Drake, 64 F.4th 220 (4th Cir. 2023), but the data lacks some cases and citations; a case with a similar name is there: United States v. Florez (4th Cir. 2022); United States v. Figueroa (11th Cir. 2021)',
    );
    // Perkins shares only a surname with another circuit's case of another party: still ruled out by name.
    expect(by('Perkins v. Fed. Fruit')).toMatch(/; no case named Perkins v\. Fed\. Fruit & Produce Co\. among the decisions of the federal courts of appeals from 2016 to 2022/);
    // A real case missing from the data, whose surname other cases share: never "reported at" theirs.
    expect(by('State v. Williams, 2024-Ohio-1433')).toMatch(/^Unverified: .*a case with a similar name is there: Williams v\. /);
    // The Evans order: two cases of that title exist elsewhere; the one within the cited years is named.
    expect(by('Mickens v. 10th Jud. Dist. Ct.')).toMatch(/; Mickens v\. 10th Jud\. Cir\. Ct\. is reported at 458 F\. App'x 839, not 460 F\. App'x 728$/);
    expect(by('FutureGrowth Corp. v. SEC')).toMatch(/the newest volume of F\. Supp\. 3d in CourtListener bulk data of 2026-10-31 is 790 \(decisions of 2026\); at about \d+ volumes a year, volume 955 cannot hold a decision of 2025/);
  });

  it('says what it found of the real cases CourtListener lacks a citation for', () => {
    const by = (start: string) => quote.rows.find((r) => r.entry.text.startsWith(start))!.verdict;
    // CourtListener holds it without its U.S. citation (#6889); CAP's list of 573 U.S. has it at 149.
    expect(by('Susan B. Anthony List')).toMatchObject({ isValid: true, courtListenerData: { caseName: 'Susan B. Anthony List v. Driehaus' } });
    expect(messageOf(by('Susan B. Anthony List'))).toBe("Exact citation and case name match (listed by the Caselaw Access Project; CourtListener's data lacks 573 U.S. 149)");
    // A case only the Caselaw Access Project's list of its volume has.
    expect(messageOf(by('Shaw v. Hunt'))).toMatch(/listed by the Caselaw Access Project; CourtListener's data lacks 517 U\.S\. 899/);
    // After CAP's years, the name search finds a case with no citation at all.
    expect(messageOf(by('United States ex rel. 84Partners'))).toBe('Found by name: United States ex rel. 84Partners, LLC v. Nuflo, Inc. (Court of Appeals for the Eleventh Circuit, 2023-08-17); CourtListener holds no F.4th citation for it');
    expect(by('State v. Smart').isValid).not.toBe(false);
    // West v. United States, stored under its caption: the same case, never "a different case".
    expect(by('West v. United States').isValid).toBe(true);
  });

  it('flags a pin past the end of a real case (Id. at 679 after Twombly, 544-597)', async () => {
    const citations = findCitations(PIN_PAST_END);
    const { verdicts } = await verify(citations, [quote.index], { now: NOW });
    expect(verdicts[1]).toMatchObject({ isValid: true });
    expect(messageOf(verdicts[1])).toBe('Refers to 550 U.S. 544. Exact citation and case name match; check the pin cite: the case ends at page 597, so page 679 is not in it');
    expect(verdicts[1].confidence).toBeLessThanOrEqual(80);
  });

  it('the files of before 2025-01-24 (backtick dialect) give the same verdicts', async () => {
    const old = await run('backtick');
    try {
      expect(old.rows.map((r) => [r.entry.text, r.verdict.isValid, messageOf(r.verdict)])).toEqual(quote.rows.map((r) => [r.entry.text, r.verdict.isValid, messageOf(r.verdict)]));
    } finally {
      old.index.close();
      rmSync(old.dir, { recursive: true, force: true });
    }
  });
});
