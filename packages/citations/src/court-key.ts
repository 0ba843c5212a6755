/**
 * A court's citation string as eyecite compares it: everything but letters, digits and `_`
 * removed, lowercased (`Pa. Super.` → `pasuper`). Shared by the parenthetical reader and the
 * data generator, which stores every court's key so that none is computed at run time.
 */
export const courtKey = (s: string) => s.replace(/[^\p{L}\p{N}_]/gu, '').toLowerCase();
