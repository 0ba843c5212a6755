import { describe, expect, it } from '@jest/globals';
import { RegexCache } from './regex-cache';

describe('RegexCache', () => {
  it('compiles each (template, spelling) pair once and tells pairs apart', () => {
    const compiled: string[] = [];
    const cache = new RegexCache(10, (template, written) => {
      compiled.push(`${template}|${written}`);
      return new RegExp(template.replace('$r', written), 'y');
    });
    const a = cache.get('$r \\d+', 'U.S.');
    expect(cache.get('$r \\d+', 'U.S.')).toBe(a);
    expect(cache.get('$r \\d+', 'F.3d')).not.toBe(a);
    expect(cache.get('\\d+ $r', 'U.S.')).not.toBe(a);
    expect(compiled).toEqual(['$r \\d+|U.S.', '$r \\d+|F.3d', '\\d+ $r|U.S.']);
  });

  it('remembers a template that does not compile as null, without compiling it again', () => {
    let calls = 0;
    const cache = new RegexCache(10, () => (calls++, null));
    expect(cache.get('(', 'x')).toBeNull();
    expect(cache.get('(', 'x')).toBeNull();
    expect(calls).toBe(1);
  });

  it('holds at most its limit, starting afresh when full', () => {
    let calls = 0;
    const cache = new RegexCache(3, (t, w) => (calls++, new RegExp(`${t}${w}`)));
    for (const w of ['a', 'b', 'c']) cache.get('t', w);
    expect(calls).toBe(3);
    cache.get('t', 'd'); // full: forgets a, b and c
    cache.get('t', 'd');
    expect(calls).toBe(4);
    cache.get('t', 'a');
    expect(calls).toBe(5);
  });
});
