/**
 * The reporter catalogue is data: validate it against its JSON Schema (with a small
 * validator for the subset of draft-07 the schema uses, so no dependency is needed) and
 * check the facts the verifier relies on.
 */
import data from '../data/reporters.json';
import schema from '../data/reporters.schema.json';
import { findReporter, impliedCourt, reporters } from './catalogue';

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  required?: string[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean;
  items?: Schema;
  minItems?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
};

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (Number.isInteger(v)) return 'integer';
  return typeof v;
}

/** Errors of `value` against `s`, as `path: message` strings. */
function validate(value: unknown, s: Schema, path = '$'): string[] {
  const errors: string[] = [];
  const t = typeOf(value);
  if (s.type) {
    const allowed = Array.isArray(s.type) ? s.type : [s.type];
    const ok = allowed.some((a) => a === t || (a === 'number' && t === 'integer'));
    if (!ok) return [`${path}: expected ${allowed.join('|')}, got ${t}`];
  }
  if (s.enum && !s.enum.includes(value)) errors.push(`${path}: ${String(value)} not in enum`);
  if (typeof value === 'string') {
    if (s.minLength !== undefined && value.length < s.minLength) errors.push(`${path}: too short`);
    if (s.pattern && !new RegExp(s.pattern).test(value)) errors.push(`${path}: does not match ${s.pattern}`);
  }
  if (typeof value === 'number') {
    if (s.minimum !== undefined && value < s.minimum) errors.push(`${path}: below ${s.minimum}`);
    if (s.maximum !== undefined && value > s.maximum) errors.push(`${path}: above ${s.maximum}`);
  }
  if (Array.isArray(value)) {
    if (s.minItems !== undefined && value.length < s.minItems) errors.push(`${path}: fewer than ${s.minItems} items`);
    if (s.items) value.forEach((v, i) => errors.push(...validate(v, s.items as Schema, `${path}[${i}]`)));
  }
  if (t === 'object') {
    const obj = value as Record<string, unknown>;
    for (const r of s.required ?? []) if (!(r in obj)) errors.push(`${path}: missing ${r}`);
    for (const [k, v] of Object.entries(obj)) {
      const sub = s.properties?.[k];
      if (sub) errors.push(...validate(v, sub, `${path}.${k}`));
      else if (s.additionalProperties === false) errors.push(`${path}: unexpected property ${k}`);
    }
  }
  return errors;
}

describe('reporter catalogue', () => {
  it('validates against reporters.schema.json', () => {
    expect(validate(data, schema as Schema)).toEqual([]);
  });

  it('the validator itself rejects bad entries', () => {
    const bad = { version: 1, reporters: [{ name: 'X', kind: 'galactic', courts: ['Not An Id'], editions: [], extra: 1 }] };
    const errors = validate(bad, schema as Schema);
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.stringContaining('not in enum'),
        expect.stringContaining('does not match'),
        expect.stringContaining('fewer than 1'),
        expect.stringContaining('unexpected property extra'),
      ]),
    );
  });

  it('has editions whose years are ordered and whose spellings are unique', () => {
    const seen = new Map<string, string>();
    for (const family of reporters) {
      for (const e of family.editions) {
        if (e.end !== null) expect(e.end).toBeGreaterThanOrEqual(e.start);
        for (const s of [e.canonical, ...e.variations]) {
          const k = s.replace(/\s+/g, '').toLowerCase();
          expect(seen.get(k) ?? e.canonical).toBe(e.canonical);
          seen.set(k, e.canonical);
        }
      }
    }
  });

  // (abbreviation as written, canonical, start, end, maxVolume)
  const facts: [string, string, number, number | null, number | null][] = [
    ['F.2d', 'F.2d', 1924, 1993, 999],
    ['F. 3d', 'F.3d', 1993, 2021, 999],
    ['F.4th', 'F.4th', 2021, null, 140],
    ['F.Supp.', 'F. Supp.', 1932, 1998, 999],
    ['F. Supp. 2d', 'F. Supp. 2d', 1998, 2014, 999],
    ['F. Supp. 3d', 'F. Supp. 3d', 2014, null, 760],
    ["F. App’x", "F. App'x", 2001, 2021, 863],
    ['Fed. Appx.', "F. App'x", 2001, 2021, 863],
    ['So.3d', 'So. 3d', 2008, null, 410],
    ['A.3d', 'A.3d', 2010, null, 330],
    ['N.E.3d', 'N.E.3d', 2014, null, 250],
    ['P.3d', 'P.3d', 2000, null, 570],
    ['S.W.3d', 'S.W.3d', 1999, null, 710],
    ['N.W.2d', 'N.W.2d', 1941, null, 1015],
    ['S.E.2d', 'S.E.2d', 1939, null, 910],
    ['U. S.', 'U.S.', 1790, null, 606],
    ['L.Ed.2d', 'L. Ed. 2d', 1956, null, 222],
    ['Cal.Rptr.3d', 'Cal. Rptr. 3d', 2003, null, 330],
    ['AD3d', 'A.D.3d', 2003, null, 235],
  ];
  it.each(facts)('findReporter(%p) → %p %p–%p, max volume %p', (abbr, canonical, start, end, maxVolume) => {
    const entry = findReporter(abbr);
    expect(entry).not.toBeNull();
    expect(entry).toMatchObject({ canonical, start, end, maxVolume });
  });

  it('covers the required reporters', () => {
    const required = [
      'U.S.', 'S. Ct.', 'L. Ed.', 'L. Ed. 2d', 'F.', 'F.2d', 'F.3d', 'F.4th', 'F. Supp.', 'F. Supp. 2d', 'F. Supp. 3d',
      "F. App'x", 'B.R.', 'F.R.D.', 'Fed. Cl.', 'Ct. Cl.', 'Vet. App.', 'M.J.', 'A.', 'A.2d', 'A.3d', 'N.E.', 'N.E.2d',
      'N.E.3d', 'N.W.', 'N.W.2d', 'P.', 'P.2d', 'P.3d', 'S.E.', 'S.E.2d', 'So.', 'So. 2d', 'So. 3d', 'S.W.', 'S.W.2d',
      'S.W.3d', 'Cal.', 'Cal. 2d', 'Cal. 3d', 'Cal. 4th', 'Cal. 5th', 'Cal. App.', 'Cal. App. 2d', 'Cal. App. 3d',
      'Cal. App. 4th', 'Cal. App. 5th', 'Cal. Rptr.', 'Cal. Rptr. 2d', 'Cal. Rptr. 3d', 'N.Y.', 'N.Y.2d', 'N.Y.3d',
      'A.D.', 'A.D.2d', 'A.D.3d', 'Misc.', 'Misc. 2d', 'Misc. 3d', 'N.Y.S.', 'N.Y.S.2d', 'N.Y.S.3d', 'Tex.', 'Fla.',
      'Ill.', 'Ill. 2d', 'Ill. App.', 'Ill. App. 2d', 'Ill. App. 3d', 'Ill. Dec.', 'Pa.', 'Pa. Super.', 'Ohio St.',
      'Ohio St. 2d', 'Ohio St. 3d', 'Ohio App.', 'Ga.', 'Ga. App.', 'N.C.', 'N.C. App.', 'Mich.', 'Mich. App.',
      'IL', 'IL App', 'ND', 'WL', 'U.S. Dist. LEXIS',
    ];
    expect(required.filter((r) => findReporter(r)?.canonical !== r)).toEqual([]);
  });

  it.each([
    ['U.S.', 'scotus'],
    ['S. Ct.', 'scotus'],
    ['Cal. 4th', 'cal'],
    ['F.3d', null],
    ['F. Supp. 2d', null],
  ])('%p implies court %p', (abbr, court) => {
    expect(impliedCourt(findReporter(abbr)!)).toBe(court);
  });

  it('returns null for unknown abbreviations', () => {
    expect(findReporter('Q.X.Z.')).toBeNull();
  });
});
