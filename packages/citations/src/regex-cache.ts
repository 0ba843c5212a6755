/**
 * Regexes compiled from a template (a reporters-db format) and a spelling as written,
 * remembered per pair, at most `max` of them (odd input cannot grow it without bound).
 *
 * Two levels of Maps rather than one keyed by the two strings joined: a joined key is a new
 * string as long as the template (often hundreds of characters), built and hashed at every
 * lookup, and the tokenizer looks up at every candidate that could be such a citation. The
 * templates are the same strings every time (from the catalogue), whose hash V8 keeps.
 */
export class RegexCache {
  private readonly byTemplate = new Map<string, Map<string, RegExp | null>>();
  private size = 0;

  constructor(
    private readonly max: number,
    private readonly compile: (template: string, written: string) => RegExp | null,
  ) {}

  /** The regex for `template` with `written`, compiled on first use; null when it does not compile. */
  get(template: string, written: string): RegExp | null {
    let forTemplate = this.byTemplate.get(template);
    let re = forTemplate?.get(written);
    if (re === undefined) {
      re = this.compile(template, written);
      if (this.size >= this.max) {
        this.byTemplate.clear();
        this.size = 0;
        forTemplate = undefined;
      }
      if (!forTemplate) this.byTemplate.set(template, (forTemplate = new Map()));
      forTemplate.set(written, re);
      this.size++;
    }
    return re;
  }
}
