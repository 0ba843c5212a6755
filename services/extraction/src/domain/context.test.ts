import { describe, expect, it } from '@jest/globals';
import { readableContext } from './context';
import { findDocumentCitations } from './extract';

/** What extraction hands on as each citation's originalContext. */
const contextsOf = (text: string) => findDocumentCitations({ text, positions: [] }).map((c) => c.context);

describe('citation context snippets (originalContext)', () => {
  it('keeps the brief’s own punctuation: dashes, curly quotes, apostrophes, section and paragraph signs', () => {
    const text = 'The court held—in a “landmark” ruling—that it’s plausible; see Bell Atlantic Corp. v. Twombly, 550 U.S. 544, 556 (2007) (“plausible”) … and ¶ 5 of § 12. Next.';
    expect(contextsOf(text)[0]).toBe(
      'The court held—in a “landmark” ruling—that it’s plausible; see Bell Atlantic Corp. v. Twombly, 550 U.S. 544, 556 (2007) (“plausible”) … and ¶ 5 of § 12.',
    );
  });

  it('keeps the sentence’s final punctuation', () => {
    const text = 'First point. Plaintiffs rely on Ashcroft v. Iqbal, 556 U.S. 662, 678 (2009). Then more.';
    expect(contextsOf(text)[0]).toBe('Plaintiffs rely on Ashcroft v. Iqbal, 556 U.S. 662, 678 (2009).');
  });

  it('never starts or ends a snippet in the middle of a word; a cut is marked with an ellipsis', () => {
    const text = `${'Counsel argued extensively '.repeat(30)}see Bell Atlantic Corp. v. Twombly, 550 U.S. 544, 556 (2007), and ${'the motion remained pending '.repeat(30)}end.`;
    const [context] = contextsOf(text);
    expect(context).toContain('Bell Atlantic Corp. v. Twombly, 550 U.S. 544, 556 (2007)');
    const words = new Set(text.replace(/[.,()]/g, ' ').split(/\s+/));
    const inner = context.replace(/^… /, '').replace(/ …$/, '');
    for (const word of [inner.split(' ')[0], inner.split(' ').at(-1)!]) expect(words.has(word.replace(/[.,()]/g, ''))).toBe(true);
    expect(context.startsWith('… ') || context.startsWith('Counsel')).toBe(true);
    expect(context.endsWith(' …') || context.endsWith('end.')).toBe(true);
  });

  it('joins line breaks inside a sentence with a single space', () => {
    const text = 'Plaintiffs rely on\nAshcroft v. Iqbal,  556 U.S.\n662 (2009). Next.';
    expect(contextsOf(text)[0]).toBe('Plaintiffs rely on Ashcroft v. Iqbal, 556 U.S. 662 (2009).');
  });

  it('trims a context found elsewhere (the model pass) at word boundaries too', () => {
    const text = 'xx Alpha beta gamma, see Ashcroft v. Iqbal, 556 U.S. 662 (2009), delta epsilon zeta yy';
    const start = text.indexOf('556 U.S. 662');
    const context = readableContext(text, { start, end: start + 12, fullStart: start, context: 'pha beta gamma, see Ashcroft v. Iqbal, 556 U.S. 662 (2009), delta epsilon ze' });
    expect(context).toBe('… beta gamma, see Ashcroft v. Iqbal, 556 U.S. 662 (2009), delta epsilon …');
  });
});
