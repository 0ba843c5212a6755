import { describe, expect, it } from '@jest/globals';
import { allSampleCitations, brief } from './brief';

describe('sample filing', () => {
  const text = brief.sections.flatMap((s) => s.paragraphs).join('\n');

  it('contains every listed citation verbatim', () => {
    for (const citation of allSampleCitations()) expect(text).toContain(citation);
  });

  it('has no stray Id. short forms beyond the one listed', () => {
    expect(text.match(/\bId\./g)).toHaveLength(1);
  });
});
