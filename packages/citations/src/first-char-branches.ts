/**
 * The root branches of a spelling trie (reporter-trie.ts, laws.ts), one per first character,
 * each built the first time a text needs it. A walk starts at every volume and many capitals,
 * and looking its branch up in the root's Map (and, for one not built yet, in the Map of those
 * waiting) cost more than the walk's first steps: the branches of ASCII characters are read
 * from an array once built.
 */
export class FirstCharBranches<N> {
  /** By ASCII code: the branch, null when no spelling begins with it, undefined when not asked yet. */
  private readonly ascii: (N | null | undefined)[] = new Array<N | null | undefined>(128).fill(undefined);

  /** @param build the branch of `c`, built if it is not yet (asked again for the same `c` it gives the same node) */
  constructor(private readonly build: (c: number) => N | undefined) {}

  /** The branch of the first character `c` (a straightened apostrophe), or undefined when no spelling begins with it. */
  get(c: number): N | undefined {
    if (!(c < 128)) return this.build(c);
    let branch = this.ascii[c];
    if (branch === undefined) this.ascii[c] = branch = this.build(c) ?? null;
    return branch ?? undefined;
  }
}
