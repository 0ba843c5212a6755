/**
 * Stage 4, resolve: link each short form to the full citation it refers to, from the text
 * alone (as eyecite's default resolver does; no database):
 * - `550 U.S. at 556` → the latest earlier full citation in the same volume and reporter
 *   whose first page is not after the pin (and whose name matches, if one is written);
 * - `Id.` / `Ibid.` → whatever was cited just before (a case, or a statute);
 * - `Daubert, supra, at 593` → the latest full citation whose name contains `Daubert`.
 * A resolved short form inherits the antecedent's name, year and court (its own written
 * name, if any, is kept), and id/supra forms its volume, reporter and first page.
 */
import { nameTokens, shortNameMatches } from './similarity';
import type { Citation } from './types';

function inherit(c: Citation, from: Citation): void {
  c.antecedent = from.normalized;
  c.type = from.type;
  c.caseName = c.caseName ?? from.caseName;
  c.plaintiff = from.plaintiff;
  c.defendant = from.defendant;
  c.year = from.year;
  c.court = from.court ?? c.court;
  if (c.form !== 'short') {
    c.volume = from.volume;
    c.reporter = from.reporter;
    c.page = from.page;
    c.section = from.section;
  } else {
    c.page = from.page;
  }
}

const NAMED_WITHOUT_V = /^(?:In re|Ex parte|Matter of|In the Matter of|Estate of|Application of|Petition of)\b/i;

const pageNumber = (p: string | null) => (p && /^\d+$/.test(p) ? Number(p) : NaN);

/**
 * Returns copies of `citations` (in order) with `antecedent` set on short forms that could
 * be resolved; unresolved ones keep `antecedent: null`.
 * @example resolveShortForms(findCitations('Twombly, 550 U.S. 544 (2007). Id. at 556.', { resolve: false }))[1].antecedent
 *   // '550 U.S. 544'
 */
export function resolveShortForms(citations: Citation[]): Citation[] {
  const out = citations.map((c) => ({ ...c, parallels: [...c.parallels] }));
  resolveInPlace(out);
  return out;
}

/** As resolveShortForms, but updating the given citations (findCitations owns its array). */
export function resolveInPlace(out: Citation[]): void {
  const fullCases: Citation[] = [];
  // The citation an `Id.` would point to: the last one cited (a full one, or what a short form resolved to).
  let last: Citation | null = null;

  // Later members of a parallel group → the group's first citation, which stands for it.
  const primaryOf = new Map<Citation, Citation>();
  // Full citations by `volume reporter`, for short forms; and name words, computed once.
  const byVolume = new Map<string, Citation[]>();
  // Names repeat (every short form of a case carries it): words and lowercase by name.
  const tokensOf = new Map<string, string[]>();
  const nameWords = (c: Citation) => {
    const name = c.caseName ?? '';
    let t = tokensOf.get(name);
    if (!t) tokensOf.set(name, (t = nameTokens(name)));
    return t;
  };
  const lowerOf = new Map<string, string>();
  const lower = (name: string) => {
    let l = lowerOf.get(name);
    if (l === undefined) lowerOf.set(name, (l = name.toLowerCase()));
    return l;
  };
  const seen = new Map<string, Citation>();

  for (const c of out) {
    if (c.form === 'full' && c.type === 'case' && c.plaintiff === null && !NAMED_WITHOUT_V.test(c.caseName ?? '')) {
      // The same citation again without a full name (`Martinez, 2019 WL 4639462, at *3`) is a short form.
      const earlier = seen.get(c.normalized as string);
      if (earlier) {
        c.form = 'short';
        inherit(c, primaryOf.get(earlier) ?? earlier);
        last = primaryOf.get(earlier) ?? earlier;
        continue;
      }
    }
    if (c.form === 'full') {
      if (c.type === 'case') {
        fullCases.push(c);
        const key = `${c.volume} ${c.reporter}`;
        const list = byVolume.get(key);
        if (list) list.push(c);
        else byVolume.set(key, [c]);
        if (!seen.has(c.normalized as string)) seen.set(c.normalized as string, c);
        // In a parallel group the first citation stands for the group.
        const primary = last !== null && last.type === 'case' && last.parallels.includes(c.normalized as string) && c.parallels.includes(last.normalized as string) ? (primaryOf.get(last) ?? last) : null;
        if (primary) primaryOf.set(c, primary);
        else last = c;
      } else {
        last = c;
      }
      continue;
    }

    let target: Citation | null = null;
    if (c.form === 'short') {
      const pin = parseInt((c.pinCite ?? '').replace(/^\*+/, ''), 10);
      const candidates = byVolume.get(`${c.volume} ${c.reporter}`) ?? [];
      for (let i = candidates.length - 1; i >= 0; i--) {
        const f = candidates[i];
        const first = pageNumber(f.page);
        if (!Number.isNaN(first) && !Number.isNaN(pin) && pin < first) continue;
        if (c.caseName && f.caseName && !shortNameMatches(nameWords(c), nameWords(f))) continue;
        target = f;
        break;
      }
    } else if (c.form === 'id') {
      target = last;
    } else if (c.form === 'supra' && c.caseName) {
      const words = nameWords(c);
      // Cheap prefilter before comparing words: the short name's longest word, as written.
      const probe = (c.caseName.split(/[\s.,']+/).sort((a, b) => b.length - a.length)[0] ?? '').toLowerCase();
      for (let i = fullCases.length - 1; i >= 0; i--) {
        const f = fullCases[i];
        if (!f.caseName || (probe.length >= 4 && !lower(f.caseName).includes(probe))) continue;
        if (shortNameMatches(words, nameWords(f))) {
          target = f;
          break;
        }
      }
    }

    if (target) {
      // `Miranda, supra` found the group's L. Ed. cite last; it stands for `384 U.S. 436`.
      if (c.form === 'supra') target = primaryOf.get(target) ?? target;
      inherit(c, target);
      last = target;
    } else if (c.form !== 'id') {
      // An unresolvable short form breaks the chain: a following `Id.` cannot be trusted.
      last = null;
    }
  }
}
