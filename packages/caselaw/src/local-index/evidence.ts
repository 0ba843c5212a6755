/**
 * What a reporter's volumes say about a citation to one of them, from the data itself (the
 * volumes table: per volume, the span of its decision years in CourtListener's data and whether
 * CAP lists it). Two rules, each evidence that no case sits at the cited address:
 *
 * - past the newest: reporters print their volumes in order, at a pace the data shows. A
 *   volume beyond the newest the data holds by more than that pace allows for the cited year
 *   did not exist (`955 F. Supp. 3d 441 (S.D.N.Y. 2025)`: F. Supp. 3d had not reached 800 in 2026);
 * - other years: the decisions of a year sit in a few volumes (1998: 522-525 U.S.); a cited
 *   volume far from those, of a year the data holds well, holds other years' decisions
 *   (`612 U.S. 1045 (1998)`).
 *
 * Both are derived from the data, never from hand-typed tables, and stay silent where the data
 * is thin (fewer than three volumes with dates, no volume of the cited year).
 */
import type Database from 'better-sqlite3';

export interface VolumeRow {
  cases: number;
  types: number;
  first_year: number | null;
  last_year: number | null;
  cap_cases: number | null;
}

interface Dated {
  volume: number;
  firstYear: number | null;
  lastYear: number | null;
  held: boolean;
}

/** The volumes of one reporter, numbered ones only, ascending. */
interface ReporterVolumes {
  dated: Dated[];
  newest: number;
}

export class VolumeFacts {
  private readonly one: Database.Statement;
  private readonly all: Database.Statement;
  private readonly byReporter = new Map<number, ReporterVolumes | null>();

  constructor(
    db: Database.Database,
    private readonly description: string,
    private readonly snapshotYear: number,
  ) {
    this.one = db.prepare('SELECT cases, types, first_year, last_year, cap_cases FROM volumes WHERE reporter_id = ? AND volume = ?');
    this.all = db.prepare("SELECT volume, first_year, last_year, cases, cap_cases FROM volumes WHERE reporter_id = ? AND typeof(volume) = 'integer' ORDER BY volume");
  }

  of(reporterId: number, volume: number | string): VolumeRow | null {
    return (this.one.get(reporterId, volume) as VolumeRow | undefined) ?? null;
  }

  private volumesOf(reporterId: number): ReporterVolumes | null {
    let hit = this.byReporter.get(reporterId);
    if (hit === undefined) {
      const rows = this.all.all(reporterId) as { volume: number; first_year: number | null; last_year: number | null; cases: number; cap_cases: number | null }[];
      const dated = rows.map((r) => ({ volume: r.volume, firstYear: r.first_year, lastYear: r.last_year, held: r.cases > 0 || (r.cap_cases ?? 0) > 0 })).filter((r) => r.held);
      hit = dated.length ? { dated, newest: dated[dated.length - 1].volume } : null;
      this.byReporter.set(reporterId, hit);
    }
    return hit;
  }

  /**
   * The pace of the reporter over the last years of the data: volumes a year, from the newest
   * dated volume and one at least three years older. Null when the data cannot tell.
   */
  private pace(v: ReporterVolumes): { newestYear: number; perYear: number } | null {
    const withYears = v.dated.filter((d) => d.lastYear !== null);
    if (withYears.length < 3) return null;
    const newest = withYears[withYears.length - 1];
    const newestYear = newest.lastYear!;
    const older = [...withYears].reverse().find((d) => d.lastYear! <= newestYear - 3);
    if (!older || newest.volume <= older.volume) return null;
    return { newestYear, perYear: (newest.volume - older.volume) / (newestYear - older.lastYear!) };
  }

  /** Evidence that the volume did not exist for a decision of `year`, or null. */
  pastNewest(reporterId: number, reporter: string, volume: number | string, year: number | null): string | null {
    if (typeof volume !== 'number' || year === null || year > this.snapshotYear) return null;
    const v = this.volumesOf(reporterId);
    if (!v || volume <= v.newest) return null;
    const pace = this.pace(v);
    if (!pace) return null;
    // The volume that would hold a decision of that year, at the data's pace, with a margin for
    // a volume printed late and for a pace that quickens.
    const slack = Math.max(5, Math.ceil(pace.perYear));
    const reach = v.newest + Math.ceil(pace.perYear * Math.max(0, year - pace.newestYear + 1)) + slack;
    if (volume <= reach) return null;
    const rate = pace.perYear >= 1.5 ? `about ${Math.round(pace.perYear)} volumes a year` : `about ${pace.perYear.toFixed(1)} volumes a year`;
    return `the newest volume of ${reporter} in ${this.description} is ${v.newest} (decisions of ${pace.newestYear}); at ${rate}, volume ${volume} cannot hold a decision of ${year}`;
  }

  /** Evidence that the volume holds the decisions of other years than the cited one, or null. */
  otherYears(reporterId: number, reporter: string, volume: number | string, year: number | null): string | null {
    if (typeof volume !== 'number' || year === null) return null;
    const v = this.volumesOf(reporterId);
    if (!v) return null;
    const ofYear = v.dated.filter((d) => d.firstYear !== null && d.lastYear !== null && d.firstYear <= year && year <= d.lastYear);
    if (ofYear.length < 2) return null;
    const first = ofYear[0].volume;
    const last = ofYear[ofYear.length - 1].volume;
    const slack = Math.max(3, Math.ceil((last - first) / 2));
    if (volume >= first - slack && volume <= last + slack) return null;
    const own = v.dated.find((d) => d.volume === volume);
    const ownYears = own && own.firstYear !== null ? (own.firstYear === own.lastYear ? ` volume ${volume} holds decisions of ${own.firstYear}` : ` volume ${volume} holds decisions of ${own.firstYear}-${own.lastYear}`) : '';
    const span = first === last ? `volume ${first}` : `volumes ${first}-${last}`;
    return `the decisions of ${year} are in ${span} of ${reporter} in ${this.description}${ownYears ? `;${ownYears}` : ''}`;
  }
}
