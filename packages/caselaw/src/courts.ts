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
