#!/usr/bin/env python3
"""Dumps eyecite's own test tables (tests/test_FindTest.py and the resolution
cases of tests/test_ResolveTest.py) as JSON, so our TypeScript table tests can
hold the citation engine to the same expectations.

Usage (see scripts/eyecite/README.md):
  EYECITE_SRC=... PYTHONPATH=<reporters-db>:<courts-db> \
    /usr/bin/python3 scripts/eyecite/dump-tests.py [OUT]
OUT defaults to ~/.cache/citecheck/eyecite/find-table.json; the resolution
table goes beside it as resolve-table.json. Both stay outside the repository.

How: the test modules are imported unchanged and their assertion methods
(FindTest.run_test_pairs, ResolveTest.checkResolution and
checkReferenceResolution) are wrapped, so every table row is recorded exactly
as the test passes it. Each row is also checked against eyecite itself with
the original method, and each expected citation gets a location in the input
(eyecite's own spans when it agrees), so the TypeScript side can align our
citations by position rather than by value.
"""

import json
import logging
import os
import sys
import traceback
import unittest

# No __pycache__ beside these scripts in the repository.
sys.dont_write_bytecode = True

from eyecite_env import SetupError, load_eyecite  # noqa: E402

# Rows that exercise eyecite-only machinery rather than citation finding. Each
# is skipped by our table test with this reason.
SKIP_TOKENIZER = "custom tokenizer: eyecite test swaps its extractor regexes ('.' -> '[.,]')"
SKIP_EYECITE_FAILS = "eyecite 2.7.8 itself does not pass this row with the reporters-db/courts-db checkouts used"
SKIP_EYECITE_NEEDS_MARKUP = ("eyecite 2.7.8 itself does not pass this row on the text its cleaning makes of the markup "
                             "(it reads names and pinless references from the emphasis around them)")
SKIP_POST_RESOLUTION = "needs resolved_case_name_short set by a caller after resolution (CourtListener-side step)"


def plain(value):
    """JSON-safe copy of groups/metadata values."""
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return str(value)


def metadata_dict(cite):
    return {
        k: plain(v)
        for k, v in vars(cite.metadata).items()
        if v is not None and not k.startswith("pin_cite_span")
    }


def describe(cite, models):
    out = {
        "kind": type(cite).__name__,
        "matchedText": cite.matched_text(),
        "groups": plain(dict(cite.groups)),
        "metadata": metadata_dict(cite),
    }
    if isinstance(cite, models.ResourceCitation):
        out["year"] = cite.year
        out["reporter"] = cite.corrected_reporter()
        out["volume"] = cite.groups.get("volume")
        out["page"] = cite.groups.get("page")
    return out


def locate(text, cites, regex):
    """Offsets of each cite's matched text in the raw input, in order; used when
    eyecite's own spans are unavailable or refer to a cleaned copy of the text."""
    spans = []
    pos = 0
    for cite in cites:
        words = cite["matchedText"].split()
        pattern = r"\s*".join(regex.escape(w) for w in words) if words else None
        m = regex.compile(pattern).search(text, pos) if pattern else None
        if m:
            spans.append([m.start(), m.end()])
            pos = m.start() + 1
        else:
            spans.append(None)
    return spans


def dump_find(eyecite, regex):
    from eyecite import clean_text, get_citations, models
    from eyecite.tokenizers import AhocorasickTokenizer
    from tests import test_FindTest

    original = test_FindTest.FindTest.run_test_pairs
    rows = []
    current = {"test": None}

    def recording(self, test_pairs, message, tokenizers=None):
        for pair in test_pairs:
            q, expected_cites, *rest = pair
            kwargs = dict(rest[0]) if rest else {}
            clean_steps = [s if isinstance(s, str) else getattr(s, "__name__", str(s))
                           for s in kwargs.get("clean_steps", [])]
            skip = None
            markup = "html" in clean_steps
            if tokenizers is not None:
                skip = SKIP_TOKENIZER
            expected = [describe(c, models) for c in expected_cites]
            # Does eyecite pass its own row? Same method, default tokenizer only.
            agrees = True
            try:
                original(self, [pair], message,
                         tokenizers=tokenizers or [AhocorasickTokenizer()])
            except AssertionError:
                agrees = False
            except RuntimeError:
                # Markup rows need fast_diff_match_patch (see eyecite_env.py):
                # eyecite's verdict is unknown, and the row is skipped anyway.
                agrees = None
            if agrees is False and skip is None:
                skip = SKIP_EYECITE_FAILS
            # Where each expected citation sits in the input. When eyecite
            # agrees, its own citations give the real source text (the
            # expected objects carry a synthetic "volume reporter page"), and
            # their spans are exact unless a cleaning step rewrote the text.
            spans = None
            if markup:
                # A document in markup is read into text before any citation is looked
                # for (CiteCheck's readers do that for .docx and PDF): the row is
                # replayed on the text eyecite's own cleaning steps make of it, and
                # each expected citation located there.
                text = clean_text(q, kwargs.get("clean_steps"))
                # Whether eyecite passes the row on that text too (without the markup).
                try:
                    original(self, [(text, expected_cites)], message,
                             tokenizers=[AhocorasickTokenizer()])
                    agrees = True
                except AssertionError:
                    agrees = False
                if not agrees and skip is None:
                    skip = SKIP_EYECITE_NEEDS_MARKUP
                found = get_citations(plain_text=text)
                if len(found) == len(expected):
                    for e, c in zip(expected, found):
                        e["sourceText"] = c.matched_text()
                    spans = [list(c.span()) for c in found]
                else:
                    spans = locate(text, expected, regex)
                for e, span in zip(expected, spans):
                    e["span"] = span
                rows.append({
                    "id": len(rows),
                    "test": current["test"],
                    "message": message,
                    "text": text,
                    "markup": q,
                    "removeAmbiguous": bool(kwargs.get("remove_ambiguous")),
                    "input": "markup",
                    "cleanSteps": clean_steps,
                    "eyeciteAgrees": agrees,
                    "skip": skip,
                    "expected": expected,
                })
                continue
            if agrees and tokenizers is None:
                found = get_citations(plain_text=q, clean_steps=kwargs.get("clean_steps"))
                if len(found) == len(expected):
                    for e, c in zip(expected, found):
                        e["sourceText"] = c.matched_text()
                    if not clean_steps:
                        spans = [list(c.span()) for c in found]
                        for e, c in zip(expected, found):
                            e["fullSpan"] = list(c.full_span())
                    else:
                        spans = locate(q, [{"matchedText": e["sourceText"]} for e in expected], regex)
            if spans is None:
                spans = locate(q, expected, regex)
            for e, span in zip(expected, spans):
                e["span"] = span
            rows.append({
                "id": len(rows),
                "test": current["test"],
                "message": message,
                "text": q,
                "removeAmbiguous": bool(kwargs.get("remove_ambiguous")),
                "input": "markup" if "html" in clean_steps else "plain",
                "cleanSteps": clean_steps,
                "eyeciteAgrees": agrees,
                "skip": skip,
                "expected": expected,
            })

    test_FindTest.FindTest.run_test_pairs = recording
    not_tabular = []
    try:
        names = unittest.TestLoader().getTestCaseNames(test_FindTest.FindTest)
        for name in names:
            current["test"] = name
            before = len(rows)
            case = test_FindTest.FindTest(name)
            try:
                getattr(case, name)()
            except Exception:  # a direct-assertion test; not a table
                traceback.print_exc(limit=1, file=sys.stderr)
            if len(rows) == before:
                not_tabular.append(name)
    finally:
        test_FindTest.FindTest.run_test_pairs = original
    return rows, not_tabular


def dump_resolve():
    from eyecite import get_citations
    from tests import test_ResolveTest

    cls = test_ResolveTest.ResolveTest
    original_check = cls.checkResolution
    original_ref = cls.checkReferenceResolution
    rows = []
    current = {"test": None}

    def record_check(self, *expected_resolutions):
        # Each row is a separate get_citations() call in eyecite's test; we
        # join them with a space so one document holds them all, and keep each
        # row's offsets so the citation can be found again.
        text = ""
        parts = []
        for group, row_text in expected_resolutions:
            start = len(text) + (1 if text else 0)
            text = f"{text} {row_text}" if text else row_text
            found = get_citations(row_text)
            parts.append({
                "text": row_text, "start": start, "end": start + len(row_text),
                "group": group,
                "kind": type(found[0]).__name__ if found else None,
                "matchedText": found[0].matched_text() if found else None,
            })
        agrees = True
        try:
            original_check(self, *expected_resolutions)
        except AssertionError:
            agrees = False
        rows.append({
            "id": len(rows), "test": current["test"], "style": "rows", "text": text,
            "rows": parts, "eyeciteAgrees": agrees,
            "skip": None if agrees else SKIP_EYECITE_FAILS,
        })

    def record_ref(self, expected_indices, citation_text, resolved_case_name_short=None):
        found = get_citations(citation_text)
        cites = [{"kind": type(c).__name__, "matchedText": c.matched_text(),
                  "span": list(c.span())} for c in found]
        agrees = True
        try:
            original_ref(self, expected_indices, citation_text, resolved_case_name_short)
        except AssertionError:
            agrees = False
        skip = SKIP_POST_RESOLUTION if resolved_case_name_short else None
        if not agrees and skip is None:
            skip = SKIP_EYECITE_FAILS
        rows.append({
            "id": len(rows), "test": current["test"], "style": "indices", "text": citation_text,
            # Indices are into eyecite's citation list for the text (cites, in order).
            "groups": expected_indices, "citations": cites,
            "eyeciteAgrees": agrees, "skip": skip,
        })

    cls.checkResolution = record_check
    cls.checkReferenceResolution = record_ref
    try:
        for name in unittest.TestLoader().getTestCaseNames(cls):
            current["test"] = name
            try:
                getattr(cls(name), name)()
            except Exception:
                traceback.print_exc(limit=1, file=sys.stderr)
    finally:
        cls.checkResolution = original_check
        cls.checkReferenceResolution = original_ref
    return rows


def main():
    # eyecite logs overlapping-citation cases; the rows that provoke them are in the table.
    logging.getLogger("eyecite").setLevel(logging.ERROR)
    try:
        eyecite, version = load_eyecite()
    except SetupError as e:
        print(e, file=sys.stderr)
        return 2
    import regex

    out = sys.argv[1] if len(sys.argv) > 1 else os.path.expanduser(
        "~/.cache/citecheck/eyecite/find-table.json")
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    # eyecite's test module keeps a hyperscan cache in the working directory;
    # run from the output directory so nothing lands in the repository.
    os.environ.setdefault("EYECITE_CACHE_DIR", "")
    sys.path.insert(0, os.environ["EYECITE_SRC"])  # for `tests.*`
    cwd = os.getcwd()
    os.chdir(os.path.dirname(os.path.abspath(out)))
    try:
        find_rows, not_tabular = dump_find(eyecite, regex)
        resolve_rows = dump_resolve()
    finally:
        os.chdir(cwd)

    import reporters_db
    source = {
        "eyecite": version,
        "reportersDb": getattr(reporters_db, "__version__", None) or _pkg_version(reporters_db),
    }
    with open(out, "w", encoding="utf-8") as f:
        json.dump({"source": source, "notTabular": not_tabular, "pairs": find_rows},
                  f, ensure_ascii=False, indent=1)
    resolve_out = os.path.join(os.path.dirname(os.path.abspath(out)), "resolve-table.json")
    with open(resolve_out, "w", encoding="utf-8") as f:
        json.dump({"source": source, "cases": resolve_rows}, f, ensure_ascii=False, indent=1)

    def count(rows):
        skipped = sum(1 for r in rows if r["skip"])
        return f"{len(rows)} rows ({len(rows) - skipped} usable, {skipped} skipped)"
    print(f"find table: {count(find_rows)} -> {out}")
    print(f"resolve table: {count(resolve_rows)} -> {resolve_out}")
    print(f"FindTest methods with direct assertions (not dumped): {', '.join(not_tabular)}")
    return 0


def _pkg_version(module):
    """reporters-db declares its version only in pyproject.toml next to the package."""
    path = os.path.join(os.path.dirname(os.path.dirname(module.__file__)), "pyproject.toml")
    try:
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.startswith("version"):
                    return line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return None


if __name__ == "__main__":
    sys.exit(main())
