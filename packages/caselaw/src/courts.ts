/**
 * Which kind of court a CourtListener court id names. The reporter catalogue lists courts as
 * ids or as groups (`group:federal-district`); to say "a district court is not reported in
 * F.3d" we must know which group an id belongs to. Only ids we can classify with certainty are
 * ever used to call a citation implausible.
 */

/** The 94 federal judicial districts, as CourtListener spells them. */
const DISTRICTS = `almd alnd alsd akd azd ared arwd cacd caed cand casd cod ctd ded dcd flmd flnd flsd
gamd gand gasd hid idd ilcd ilnd ilsd innd insd iand iasd ksd kyed kywd laed lamd lawd med mdd
mad mied miwd mnd msnd mssd moed mowd mtd ned nvd nhd njd nmd nyed nynd nysd nywd nced ncmd ncwd
ndd ohnd ohsd oked oknd okwd ord paed pamd pawd rid scd sdd tned tnmd tnwd txed txnd txsd txwd
utd vtd vaed vawd waed wawd wvnd wvsd wied wiwd wyd gud nmid prd vid`.split(/\s+/);

const DISTRICT_SET = new Set(DISTRICTS);
/** Bankruptcy courts share the district's letters with a final `b` (`nysb`), plus the BAPs. */
const BANKRUPTCY_SET = new Set([...DISTRICTS.map((d) => d.replace(/d$/, 'b')), 'bap1', 'bap2', 'bap6', 'bap8', 'bap9', 'bap10']);
const APPELLATE_SET = new Set(['ca1', 'ca2', 'ca3', 'ca4', 'ca5', 'ca6', 'ca7', 'ca8', 'ca9', 'ca10', 'ca11', 'cadc', 'cafc']);

export type CourtKind = 'scotus' | 'federal-appellate' | 'federal-district' | 'federal-bankruptcy' | 'other';

export function courtKind(courtId: string): CourtKind {
  if (courtId === 'scotus') return 'scotus';
  if (APPELLATE_SET.has(courtId)) return 'federal-appellate';
  if (DISTRICT_SET.has(courtId)) return 'federal-district';
  if (BANKRUPTCY_SET.has(courtId)) return 'federal-bankruptcy';
  return 'other';
}

const KIND_LABEL: Record<Exclude<CourtKind, 'other'>, string> = {
  scotus: 'the Supreme Court',
  'federal-appellate': 'a federal court of appeals',
  'federal-district': 'a federal district court',
  'federal-bankruptcy': 'a bankruptcy court',
};

/**
 * Whether a reporter whose catalogue entry lists `reporterCourts` can carry a decision of
 * `courtId`. Returns a reason when it certainly cannot, null when it can or we cannot tell.
 * We only decide for the general federal reporters (U.S., F.3d, F. Supp. ...) and the four
 * federal kinds we can recognise: specialty reporters mix courts (a district court's
 * bankruptcy appeal is reported in B.R.), and a state court id is never held against a citation.
 */
export function courtMismatch(courtId: string, reporter: { kind: string; courts: string[]; name: string }): string | null {
  const reporterCourts = reporter.courts;
  if (reporter.kind !== 'federal' || reporterCourts.length === 0 || reporterCourts.includes(courtId)) return null;
  const kind = courtKind(courtId);
  if (kind === 'other') return null;
  if (reporterCourts.includes(`group:${kind}`)) return null;
  return `${reporter.name} does not report decisions of ${KIND_LABEL[kind]} (${courtId})`;
}

/**
 * The courts a name search looks among: a case cited to the Eleventh Circuit is looked for
 * among the decisions of the federal courts of appeals, one cited to an Ohio court among Ohio's
 * courts, because a lawyer who gets the court slightly wrong (the court of appeals for the
 * district court, one state court for another) still names that family, and a same-named case
 * in another family is another case. `scotus`, `fed-app`, `fed-trial` (district and
 * bankruptcy courts), `fed-special` (Tax Court, Court of Federal Claims ...), `state:<name>`
 * (`state:new york`), or null when the court cannot be placed (military, tribal, unknown).
 */
export type CourtFamily = string;

/** State and territory names, longest first so that `West Virginia` is not read as `Virginia`. */
const STATE_NAMES = `Alabama Alaska Arizona Arkansas California Colorado Connecticut Delaware Florida Georgia Hawaii Idaho Illinois
Indiana Iowa Kansas Kentucky Louisiana Maine Maryland Massachusetts Michigan Minnesota Mississippi Missouri Montana Nebraska Nevada
Ohio Oklahoma Oregon Pennsylvania Tennessee Texas Utah Vermont Virginia Washington Wisconsin Wyoming Guam`
  .split(/\s+/)
  .concat(['New Hampshire', 'New Jersey', 'New Mexico', 'New York', 'North Carolina', 'North Dakota', 'Rhode Island', 'South Carolina', 'South Dakota', 'West Virginia', 'Puerto Rico', 'District of Columbia', 'Virgin Islands', 'Northern Mariana Islands', 'American Samoa'])
  .sort((a, b) => b.length - a.length);
const STATE_IN_NAME = new RegExp(`\\b(${STATE_NAMES.join('|')})\\b`, 'i');

/** The state a court or reporter name is of (`Supreme Court of Ohio` → `ohio`), or null. */
export function stateIn(name: string | null | undefined): string | null {
  const m = name ? STATE_IN_NAME.exec(name) : null;
  return m ? m[1].toLowerCase() : null;
}

/**
 * A court's family from its CourtListener id, with its full name and CourtListener's
 * jurisdiction code (`F`, `FD`, `FB`, `FBP`, `FS`, `S`, `SA`, `ST`, `SS`, `SAG`, ...) when known.
 * @example courtFamily('ca11') // 'fed-app'
 * @example courtFamily('ohioctapp', 'Ohio Court of Appeals', 'SA') // 'state:ohio'
 */
export function courtFamily(courtId: string | null | undefined, fullName?: string | null, jurisdiction?: string | null): CourtFamily | null {
  if (!courtId) return null;
  const kind = courtKind(courtId);
  if (kind === 'scotus') return 'scotus';
  if (kind === 'federal-appellate') return 'fed-app';
  if (kind === 'federal-district' || kind === 'federal-bankruptcy' || /^bap\d+$/.test(courtId)) return 'fed-trial';
  const j = (jurisdiction ?? '').toUpperCase();
  if (j === 'FD' || j === 'FB' || j === 'FBP') return 'fed-trial';
  if (j === 'FS') return 'fed-special';
  if (j === 'F') return 'fed-special';
  const federal = /\b(?:United States|U\.\s?S\.|Federal)\b/i.test(fullName ?? '');
  if (j === '' || j.startsWith('S')) {
    // The District of Columbia's local courts are a "state" of their own; federal courts sitting there are not.
    const state = stateIn(fullName);
    if (state && !federal) return `state:${state}`;
    if (j === '' && federal) return 'fed-special';
    // Some courts' names do not say their state (`The Four Departments of the Appellate
    // Division`); CourtListener's ids begin with it (`nyappdiv`, `calctapp`, `pasuperct`).
    const prefix = STATE_PREFIXES.find(([p]) => courtId.startsWith(p));
    if (prefix) return `state:${prefix[1]}`;
  }
  return null;
}

/** CourtListener's state court id prefixes, longest first (`alaska` before `ala`, `wva` before `va`). */
const STATE_PREFIXES: [string, string][] = (
  [
    ['ala', 'alabama'], ['alaska', 'alaska'], ['ariz', 'arizona'], ['ark', 'arkansas'], ['cal', 'california'], ['colo', 'colorado'],
    ['conn', 'connecticut'], ['del', 'delaware'], ['dc', 'district of columbia'], ['fla', 'florida'], ['ga', 'georgia'], ['haw', 'hawaii'],
    ['idaho', 'idaho'], ['ill', 'illinois'], ['ind', 'indiana'], ['iowa', 'iowa'], ['kan', 'kansas'], ['ky', 'kentucky'], ['la', 'louisiana'],
    ['me', 'maine'], ['md', 'maryland'], ['mass', 'massachusetts'], ['mich', 'michigan'], ['minn', 'minnesota'], ['miss', 'mississippi'],
    ['mo', 'missouri'], ['mont', 'montana'], ['neb', 'nebraska'], ['nev', 'nevada'], ['nh', 'new hampshire'], ['nj', 'new jersey'],
    ['nm', 'new mexico'], ['ny', 'new york'], ['nc', 'north carolina'], ['nd', 'north dakota'], ['ohio', 'ohio'], ['okla', 'oklahoma'],
    ['or', 'oregon'], ['pa', 'pennsylvania'], ['ri', 'rhode island'], ['sc', 'south carolina'], ['sd', 'south dakota'], ['tenn', 'tennessee'],
    ['tex', 'texas'], ['utah', 'utah'], ['vt', 'vermont'], ['va', 'virginia'], ['wash', 'washington'], ['wva', 'west virginia'],
    ['wis', 'wisconsin'], ['wyo', 'wyoming'], ['pr', 'puerto rico'], ['guam', 'guam'], ['vi', 'virgin islands'],
  ] as [string, string][]
).sort((a, b) => b[0].length - a[0].length);

/** A family in a lawyer's words, for "no case of that name among ..." */
export function familyLabel(family: CourtFamily): string {
  if (family === 'scotus') return 'the Supreme Court';
  if (family === 'fed-app') return 'the federal courts of appeals';
  if (family === 'fed-trial') return 'the federal district and bankruptcy courts';
  if (family === 'fed-special') return 'the specialised federal courts';
  if (family.startsWith('state:')) return `the courts of ${family.slice(6).replace(/\b\w/g, (c) => c.toUpperCase()).replace(/\bOf\b/, 'of')}`;
  return 'those courts';
}
