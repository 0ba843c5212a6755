import { describe, expect, it } from '@jest/globals';
import { STATUTE_PATTERNS } from './statutes';

function statuteOf(name: string, text: string) {
  const pattern = STATUTE_PATTERNS.find((p) => p.name === name);
  if (!pattern) throw new Error(name);
  const re = new RegExp(pattern.regex.source, 'y');
  const m = re.exec(text);
  return m && pattern.build(m);
}

describe('statute patterns', () => {
  it('read several sections after a plural sign written out, in either case, with or without its period, and only the first after a singular one', () => {
    for (const signs of ['§§', 'Secs.', 'secs', 'Sections', 'sections.']) {
      expect([signs, statuteOf('usc', `42 U.S.C. ${signs} 1981, 1983`)?.normalized]).toEqual([signs, '42 U.S.C. §§ 1981, 1983']);
    }
    for (const signs of ['§', 'Sec.', 'sec', 'Section']) {
      expect([signs, statuteOf('usc', `42 U.S.C. ${signs} 1981, 1983`)?.section]).toEqual([signs, '1981']);
    }
    expect(statuteOf('cfr', '40 C.F.R. Parts 60, 61')?.normalized).toBe('40 C.F.R. pt. 60, 61');
  });

  it('write one section sign for one section after a singular sign written out, two after a plural one', () => {
    for (const signs of ['§', 'Sec.', 'sec', 'Section', 'section']) {
      expect([signs, statuteOf('usc', `42 U.S.C. ${signs} 1983`)?.normalized]).toEqual([signs, '42 U.S.C. § 1983']);
    }
    for (const signs of ['§§', 'Secs.', 'sections']) {
      expect([signs, statuteOf('usc', `42 U.S.C. ${signs} 1983`)?.normalized]).toEqual([signs, '42 U.S.C. §§ 1983']);
    }
  });

  it('keep `Ann.` in a state code only when it comes before the section sign', () => {
    expect(statuteOf('state-code', 'Tex. Civ. Prac. & Rem. Code Ann. § 27.001')?.code).toBe('Tex. Civ. Prac. & Rem. Code Ann.');
    expect(statuteOf('state-code', 'Cal. Civ. Proc. Code § 425.16')?.code).toBe('Cal. Civ. Proc. Code');
  });

  it('read a Federal Register page with or without its thousands separator', () => {
    expect(statuteOf('fedreg', '85 Fed. Reg. 12,345')?.section).toBe('12345');
    expect(statuteOf('fedreg', '85 Fed. Reg. 12345')?.normalized).toBe('85 Fed. Reg. 12345');
  });
});
