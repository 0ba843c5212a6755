/**
 * Court names for verdict wording: a lawyer reads "the Eleventh Circuit", not `ca11`. The
 * courts met most often are named here the way a sentence needs them; every other court
 * takes its courts-db name (`courtName` of the citation engine).
 */
import { courtName } from '@citecheck/citations';
import { courtKind } from '../courts';

const ORDINALS = ['', 'First', 'Second', 'Third', 'Fourth', 'Fifth', 'Sixth', 'Seventh', 'Eighth', 'Ninth', 'Tenth', 'Eleventh'];

/** Postal code → state name, for federal district ids (`nysd` = New York, southern district). */
const STATE_NAMES: Record<string, string> = {
  al: 'Alabama', ak: 'Alaska', az: 'Arizona', ar: 'Arkansas', ca: 'California', co: 'Colorado', ct: 'Connecticut', de: 'Delaware',
  dc: 'the District of Columbia', fl: 'Florida', ga: 'Georgia', hi: 'Hawaii', id: 'Idaho', il: 'Illinois', in: 'Indiana', ia: 'Iowa',
  ks: 'Kansas', ky: 'Kentucky', la: 'Louisiana', me: 'Maine', md: 'Maryland', ma: 'Massachusetts', mi: 'Michigan', mn: 'Minnesota',
  ms: 'Mississippi', mo: 'Missouri', mt: 'Montana', ne: 'Nebraska', nv: 'Nevada', nh: 'New Hampshire', nj: 'New Jersey', nm: 'New Mexico',
  ny: 'New York', nc: 'North Carolina', nd: 'North Dakota', oh: 'Ohio', ok: 'Oklahoma', or: 'Oregon', pa: 'Pennsylvania', ri: 'Rhode Island',
  sc: 'South Carolina', sd: 'South Dakota', tn: 'Tennessee', tx: 'Texas', ut: 'Utah', vt: 'Vermont', va: 'Virginia', wa: 'Washington',
  wv: 'West Virginia', wi: 'Wisconsin', wy: 'Wyoming', gu: 'Guam', pr: 'Puerto Rico', vi: 'the Virgin Islands', nmi: 'the Northern Mariana Islands',
};
const DIVISION: Record<string, string> = { n: 'Northern', s: 'Southern', e: 'Eastern', w: 'Western', m: 'Middle', c: 'Central' };

/** Named courts that are not federal districts, by CourtListener id. */
const NAMED: Record<string, string> = {
  scotus: 'the Supreme Court of the United States',
  cadc: 'the D.C. Circuit',
  cafc: 'the Federal Circuit',
  uscfc: 'the Court of Federal Claims',
  cit: 'the Court of International Trade',
  tax: 'the Tax Court',
  calctapp: 'the California Court of Appeal',
  cal: 'the Supreme Court of California',
  ny: 'the New York Court of Appeals',
  nyappdiv: 'the New York Appellate Division',
  nysupct: 'the New York Supreme Court',
  texapp: 'the Texas Court of Appeals',
  tex: 'the Supreme Court of Texas',
  texcrimapp: 'the Texas Court of Criminal Appeals',
  ill: 'the Supreme Court of Illinois',
  illappct: 'the Illinois Appellate Court',
  fla: 'the Supreme Court of Florida',
  fladistctapp: 'a Florida District Court of Appeal',
  pasuperct: 'the Pennsylvania Superior Court',
  pacommwct: 'the Pennsylvania Commonwealth Court',
  delch: 'the Delaware Court of Chancery',
};

/**
 * A court's name for a lawyer, or null when no table knows it (callers then word around it).
 * @example courtLabel('ca11') // 'the Eleventh Circuit'
 * @example courtLabel('nysd') // 'the Southern District of New York'
 */
export function courtLabel(id: string | null | undefined): string | null {
  if (!id) return null;
  if (NAMED[id]) return NAMED[id];
  const circuit = /^ca(\d{1,2})$/.exec(id);
  if (circuit && ORDINALS[Number(circuit[1])]) return `the ${ORDINALS[Number(circuit[1])]} Circuit`;
  const kind = courtKind(id);
  const district = /^([a-z]{2,3}?)([nsewmc]?)([db])$/.exec(id);
  if ((kind === 'federal-district' || kind === 'federal-bankruptcy') && district && STATE_NAMES[district[1]]) {
    const where = `${district[2] ? `the ${DIVISION[district[2]]} District` : 'the District'} of ${STATE_NAMES[district[1]]}`;
    return kind === 'federal-bankruptcy' ? `the Bankruptcy Court for ${where}` : where;
  }
  return courtName(id);
}
