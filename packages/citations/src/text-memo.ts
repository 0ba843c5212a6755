/**
 * Answers of a pure function remembered while one text is read, and forgotten when the next
 * text begins (startText, called by extractCitations).
 *
 * A text asks the same questions again and again (is `Corp.` an abbreviation, what court is
 * `(9th Cir. 2019)`, who are the parties of `Smith v. Jones`). Remembered across texts, the
 * answers would also come back for a text read before: the benchmarks read the same opinions
 * pass after pass, and would time remembered answers where a new brief pays for each one
 * (eyecite, which they are compared with, remembers none). So the memory lasts one text.
 */
const memos: TextMemo<unknown, unknown>[] = [];

export class TextMemo<K, V> {
  private readonly answers = new Map<K, V>();

  /** `limit`: answers kept at most (a long text of distinct questions starts over). */
  constructor(
    private readonly answer: (key: K) => V,
    private readonly limit = 4096,
  ) {
    memos.push(this as TextMemo<unknown, unknown>);
  }

  get(key: K): V {
    let value = this.answers.get(key);
    if (value === undefined && !this.answers.has(key)) {
      value = this.answer(key);
      if (this.answers.size >= this.limit) this.answers.clear();
      this.answers.set(key, value);
    }
    return value as V;
  }

  forget(): void {
    this.answers.clear();
  }
}

/** Forgets every memo's answers: a new text begins. */
export function startText(): void {
  for (let k = 0; k < memos.length; k++) memos[k].forget();
}
