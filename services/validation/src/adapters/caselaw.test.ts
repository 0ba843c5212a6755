import { describe, expect, it } from '@jest/globals';
import type { CaseLawProvider, NameQuery } from '@citecheck/caselaw';
import { caseLawCalls, perDocument } from './caselaw';

describe('perDocument', () => {
  it('passes the name search through to the source, and counts it as a case-law call', async () => {
    const seen: NameQuery[] = [];
    const inner: CaseLawProvider = {
      name: 'local case-law index',
      authoritative: true,
      lookup: async (rs) => rs.map((r) => ({ id: r.id, status: 'not-found' as const })),
      searchByName: async (qs) => qs.map((q) => (seen.push(q), { id: q.id, same: [], similar: [], conclusive: true, scope: 'x' })),
    };
    const [wrapped] = perDocument([inner]);
    expect(typeof wrapped.searchByName).toBe('function');
    await wrapped.lookup([{ id: 'a', volume: 925, reporter: 'F.3d', page: '1339' }]);
    const [r] = await wrapped.searchByName!([{ id: 'q', caseName: 'Varghese v. China Southern Airlines Co.', year: 2019, court: 'ca11', reporter: 'F.3d', volume: 925, page: '1339' }]);
    expect(r.conclusive).toBe(true);
    expect(seen).toHaveLength(1);
    expect(caseLawCalls([wrapped])).toBe(2);
  });

  it('leaves it out for a source that cannot search by name', () => {
    const [wrapped] = perDocument([{ name: 'CourtListener', authoritative: true, lookup: async () => [] }]);
    expect(wrapped.searchByName).toBeUndefined();
  });
});

describe('storeOpinionTexts', () => {
  it('keeps an opinion text in its stored form by citation key, in the store', async () => {
    const { createSqliteStore } = await import('@citecheck/platform');
    const { encodeOpinionText, decodeOpinionText, parseOpinion } = await import('@citecheck/quotes');
    const { storeOpinionTexts } = await import('./caselaw');
    const store = createSqliteStore({ dir: ':memory:', service: 'validation' });
    try {
      const cache = storeOpinionTexts(store);
      expect(await cache.get('780 F.3d 900')).toBeUndefined();
      const opinion = parseOpinion({ html_with_citations: '<p>The carrier bears the burden. <span class="star-pagination">*901</span> We affirm.</p>' })!.opinion;
      await cache.set('780 F.3d 900', encodeOpinionText(opinion));
      await cache.set('780 F.3d 900', encodeOpinionText(opinion)); // again: replaced, not duplicated
      expect(decodeOpinionText((await cache.get('780 F.3d 900'))!)).toEqual(opinion);
    } finally {
      store.close();
    }
  });

  it('passes opinion text requests through perDocument, counting them', async () => {
    const inner: CaseLawProvider = { name: 'x', authoritative: false, lookup: async () => [], opinionText: async () => ({ status: 'no-text' }) };
    const [wrapped] = perDocument([inner]);
    expect(await wrapped.opinionText!({ volume: 1, reporter: 'F.3d', page: '1' })).toEqual({ status: 'no-text' });
    expect(caseLawCalls([wrapped])).toBe(1);
  });
});
