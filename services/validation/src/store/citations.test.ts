import { createSqliteStore } from '@citecheck/platform';
import type { ValidatedCitation } from '@citecheck/proto';
import { CitationRepository, documentIdOf } from './citations';

const citation = (id: string, isValid: boolean | null): ValidatedCitation => ({
  id, type: 'case', form: 'full', text: '550 U.S. 544', start: 0, end: 12, normalized: '550 U.S. 544', volume: 550, reporter: 'U.S.', page: '544',
  pinCite: null, caseName: null, plaintiff: null, defendant: null, year: null, court: null, parenthetical: null, context: '', documentPage: null,
  paragraph: null, antecedent: null, parallels: [], isValid, confidence: 0, validationDetails: 'x', courtListenerData: null,
});

describe('CitationRepository', () => {
  it('keeps one set per document: a rerun replaces it, and a citation is found by its id', async () => {
    const repo = new CitationRepository(createSqliteStore({ dir: ':memory:', service: 'validation' }));
    await repo.replaceDocument('docA', [citation('docA.1', null), citation('docA.2', null)], new Date());
    await repo.replaceDocument('docA', [citation('docA.3', true)], new Date());
    expect((await repo.ofDocument('docA')).map((c) => c.id)).toEqual(['docA.3']);
    expect(await repo.find('docA.3')).toMatchObject({ documentId: 'docA', index: 0 });
    expect(await repo.find('docA.1')).toBeNull();
    expect(await repo.find('nodot')).toBeNull();
  });

  it.each([
    ['abc.def', 'abc'],
    ['a-b_c.x', 'a-b_c'],
    ['nodot', null],
    ['.x', null],
  ])('documentIdOf(%j) = %j', (id, documentId) => {
    expect(documentIdOf(id)).toBe(documentId);
  });
});
