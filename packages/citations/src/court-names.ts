/**
 * Court names for CourtListener court ids, so lawyers read "Court of Appeals for the Second
 * Circuit" where the data says `ca2`. Provisional: built from the ids this package already
 * produces (courts.ts) and the federal districts caselaw classifies; the generated courts-db
 * table replaces it. Every caller goes through courtName(), so only this file changes then.
 */

/** Postal code → state or territory name. */
const STATE_NAMES: Record<string, string> = {
  al: 'Alabama', ak: 'Alaska', az: 'Arizona', ar: 'Arkansas', ca: 'California', co: 'Colorado',
  ct: 'Connecticut', de: 'Delaware', dc: 'District of Columbia', fl: 'Florida', ga: 'Georgia',
  hi: 'Hawaii', id: 'Idaho', il: 'Illinois', in: 'Indiana', ia: 'Iowa', ks: 'Kansas', ky: 'Kentucky',
  la: 'Louisiana', me: 'Maine', md: 'Maryland', ma: 'Massachusetts', mi: 'Michigan', mn: 'Minnesota',
  ms: 'Mississippi', mo: 'Missouri', mt: 'Montana', ne: 'Nebraska', nv: 'Nevada', nh: 'New Hampshire',
  nj: 'New Jersey', nm: 'New Mexico', ny: 'New York', nc: 'North Carolina', nd: 'North Dakota',
  oh: 'Ohio', ok: 'Oklahoma', or: 'Oregon', pa: 'Pennsylvania', ri: 'Rhode Island', sc: 'South Carolina',
  sd: 'South Dakota', tn: 'Tennessee', tx: 'Texas', ut: 'Utah', vt: 'Vermont', va: 'Virginia',
  wa: 'Washington', wv: 'West Virginia', wi: 'Wisconsin', wy: 'Wyoming', pr: 'Puerto Rico', gu: 'Guam',
  vi: 'the Virgin Islands', nmi: 'the Northern Mariana Islands',
};

/** CourtListener id of a state's highest court → postal code (as in courts.ts). */
const HIGH_COURTS: Record<string, string> = {
  ala: 'al', alaska: 'ak', ariz: 'az', ark: 'ar', cal: 'ca', colo: 'co', conn: 'ct', del: 'de', fla: 'fl',
  haw: 'hi', idaho: 'id', ill: 'il', ind: 'in', iowa: 'ia', kan: 'ks', mass: 'ma', mich: 'mi', minn: 'mn',
  miss: 'ms', mont: 'mt', neb: 'ne', nev: 'nv', ohio: 'oh', okla: 'ok', tenn: 'tn', tex: 'tx', utah: 'ut',
  wash: 'wa', wva: 'wv', wis: 'wi', wyo: 'wy', ga: 'ga', ky: 'ky', la: 'la', me: 'me', md: 'md', mo: 'mo',
  nh: 'nh', nj: 'nj', nm: 'nm', nc: 'nc', nd: 'nd', or: 'or', pa: 'pa', ri: 'ri', sc: 'sc', sd: 'sd',
  vt: 'vt', va: 'va', dc: 'dc',
};

const ORDINALS = ['', 'First', 'Second', 'Third', 'Fourth', 'Fifth', 'Sixth', 'Seventh', 'Eighth', 'Ninth', 'Tenth', 'Eleventh'];

const NAMED: Record<string, string> = {
  scotus: 'Supreme Court of the United States',
  cadc: 'Court of Appeals for the D.C. Circuit',
  cafc: 'Court of Appeals for the Federal Circuit',
  uscfc: 'United States Court of Federal Claims',
  cc: 'Court of Claims',
  tax: 'United States Tax Court',
  cavc: 'United States Court of Appeals for Veterans Claims',
  armfor: 'Court of Appeals for the Armed Forces',
  cit: 'United States Court of International Trade',
  jpml: 'Judicial Panel on Multidistrict Litigation',
  ny: 'New York Court of Appeals',
  dc: 'District of Columbia Court of Appeals',
  calctapp: 'California Court of Appeal',
  illappct: 'Appellate Court of Illinois',
  nyappdiv: 'Appellate Division of the Supreme Court of New York',
  nysupct: 'New York Supreme Court',
  nycivct: 'Civil Court of the City of New York',
  nyfamct: 'New York Family Court',
  nysurct: 'New York Surrogate’s Court',
  nyclaimsct: 'New York Court of Claims',
  texapp: 'Court of Appeals of Texas',
  texcrimapp: 'Texas Court of Criminal Appeals',
  fladistctapp: 'Florida District Court of Appeal',
  pasuperct: 'Superior Court of Pennsylvania',
  pacommwct: 'Commonwealth Court of Pennsylvania',
  ohioctapp: 'Ohio Court of Appeals',
  gactapp: 'Court of Appeals of Georgia',
  ncctapp: 'Court of Appeals of North Carolina',
  michctapp: 'Michigan Court of Appeals',
  njsuperctappdiv: 'New Jersey Superior Court, Appellate Division',
  massappct: 'Massachusetts Appeals Court',
  delch: 'Delaware Court of Chancery',
  delsuperct: 'Superior Court of Delaware',
};

const DIRECTIONS: Record<string, string> = { n: 'Northern', s: 'Southern', e: 'Eastern', w: 'Western', m: 'Middle', c: 'Central' };

/** The 94 districts' ids that are not postal code + direction + d (courts.ts builds them the same way). */
function districtName(id: string): string | null {
  const m = /^([a-z]{2,3}?)([nsewmc])?([db])$/.exec(id);
  if (!m) return null;
  const state = STATE_NAMES[m[1]];
  if (!state) return null;
  const district = m[2] ? `the ${DIRECTIONS[m[2]]} District of ${state}` : `the District of ${state}`;
  return m[3] === 'd' ? `District Court for ${district}` : `Bankruptcy Court for ${district}`;
}

/**
 * The court's name for a CourtListener court id, or null when the id is not known.
 * @example courtName('ca2')  // 'Court of Appeals for the Second Circuit'
 * @example courtName('nysd') // 'District Court for the Southern District of New York'
 */
export function courtName(id: string): string | null {
  const key = id.trim().toLowerCase();
  if (NAMED[key]) return NAMED[key];
  const circuit = /^ca(\d{1,2})$/.exec(key);
  if (circuit && ORDINALS[Number(circuit[1])]) return `Court of Appeals for the ${ORDINALS[Number(circuit[1])]} Circuit`;
  const bap = /^bap(\d{1,2})$/.exec(key);
  if (bap && ORDINALS[Number(bap[1])]) return `Bankruptcy Appellate Panel of the ${ORDINALS[Number(bap[1])]} Circuit`;
  if (HIGH_COURTS[key]) return `Supreme Court of ${STATE_NAMES[HIGH_COURTS[key]]}`;
  const ctApp = /^([a-z]+)ctapp$/.exec(key);
  if (ctApp && HIGH_COURTS[ctApp[1]]) return `Court of Appeals of ${STATE_NAMES[HIGH_COURTS[ctApp[1]]]}`;
  return districtName(key);
}
