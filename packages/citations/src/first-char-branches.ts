/**
 * A node of a spelling trie (reporter-trie.ts, laws.ts): its children by character, and the
 * child last looked up, which a walk asks first (childOf).
 */
export interface TrieNode<N> {
  next: Map<number, N> | null;
  /** The character last looked up among the children (-1 before any). */
  lastCode: number;
  /** The child found then, or the trie's stand-in for none (so that the field only ever holds a node). */
  lastChild: N;
}

/**
 * The child of `node` under the character `c`, or undefined; `none` is the trie's stand-in
 * for no child in `lastChild`. A text cites the same few reporters and codes again and
 * again, so a walk mostly takes the way the walk before it took through a node: that child
 * is kept on the node and found without the Map lookup. It is the trie's own data, not an
 * answer about a text: a node's children are all in place before any walk reaches it (a
 * branch is built whole, the first time a text needs it), and never change. (The stand-in
 * rather than undefined: a field that held both undefined and nodes made V8 redo the walks'
 * compiled code at a cold start, 4 ms of CPU more on the first call.)
 */
export function childOf<N extends TrieNode<N>>(node: N, c: number, none: N): N | undefined {
  if (node.lastCode !== c) {
    node.lastCode = c;
    node.lastChild = node.next?.get(c) ?? none;
  }
  const child = node.lastChild;
  return child === none ? undefined : child;
}

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
