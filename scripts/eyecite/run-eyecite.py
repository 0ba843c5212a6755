#!/usr/bin/env python3
"""Runs eyecite on text files and prints, as JSON, its full case citations with their
spans in the original file, and its timing. Used by scripts/bench/vs-eyecite.ts.

Usage (see scripts/eyecite/README.md):
  EYECITE_SRC=... PYTHONPATH=<reporters-db>:<courts-db> \
    /usr/bin/python3 scripts/eyecite/run-eyecite.py [--check] [--passes N] FILE...
--check only verifies the setup (exit 0), printing the eyecite version.
--passes N runs get_citations() over all the files N times (default 1).
Exit 2 with setup instructions when eyecite cannot be imported.

Each file is cleaned with eyecite's own `all_whitespace` step (line breaks inside a
citation are common in text taken from PDFs, and eyecite's reporter patterns expect
single spaces), then passed to get_citations() with its default tokenizer. Spans are
mapped back to offsets in the original text. The time reported is get_citations() alone,
wall clock and CPU (process_time), for every pass: the first pass also pays for what
eyecite builds on first use (each reporter's regex is compiled the first time its
spelling is met), later passes are warm. `seconds` and `cpuSeconds` are the best pass.
"""

import json
import logging
import os
import re
import resource
import sys
import time

# No __pycache__ beside these scripts in the repository.
sys.dont_write_bytecode = True

from eyecite_env import SetupError, load_eyecite  # noqa: E402


def collapse_whitespace(text):
    """eyecite's all_whitespace cleaning, with a map from each cleaned offset back to
    the original offset (a collapsed run maps to where it began)."""
    pattern = re.compile(r"[\u200b\s]+")
    out = []
    back = []
    pos = 0
    for m in pattern.finditer(text):
        out.append(text[pos:m.start()])
        back.extend(range(pos, m.start()))
        out.append(" ")
        back.append(m.start())
        pos = m.end()
    out.append(text[pos:])
    back.extend(range(pos, len(text)))
    back.append(len(text))  # end offsets may point one past the last character
    return "".join(out), back


def main():
    args = sys.argv[1:]
    # eyecite logs every overlapping-citation case it meets; in whole opinions that is
    # hundreds of lines of noise on stderr.
    logging.getLogger("eyecite").setLevel(logging.ERROR)
    t0 = time.perf_counter()
    try:
        _eyecite, version = load_eyecite()
        from eyecite import get_citations
        from eyecite.models import FullCaseCitation
        # The tokenizer builds its automaton lazily; build it now so that it is not
        # charged to the first file.
        get_citations("1 U.S. 1")
    except SetupError as e:
        print(e, file=sys.stderr)
        return 2
    import_seconds = time.perf_counter() - t0
    if args[:1] == ["--check"]:
        print(json.dumps({"eyecite": version}))
        return 0

    passes = 1
    if args[:1] == ["--passes"]:
        passes = max(1, int(args[1]))
        args = args[2:]

    inputs = []
    for path in args:
        with open(path, encoding="utf-8") as f:
            original = f.read()
        cleaned, back = collapse_whitespace(original)
        inputs.append((path, original, cleaned, back))

    # Every pass finds the same citations; the first pass's are reported.
    found = []
    pass_times = []
    for p in range(passes):
        wall = 0.0
        cpu = 0.0
        for _path, _original, cleaned, _back in inputs:
            t = time.perf_counter()
            c = time.process_time()
            cites = get_citations(cleaned)
            cpu += time.process_time() - c
            seconds = time.perf_counter() - t
            wall += seconds
            if p == 0:
                found.append((cites, seconds))
        pass_times.append({"seconds": wall, "cpuSeconds": cpu})

    files = []
    for (path, original, _cleaned, back), (cites, seconds) in zip(inputs, found):
        out = []
        for c in cites:
            if not isinstance(c, FullCaseCitation):
                continue
            start, end = c.span()
            out.append({
                "start": back[start],
                "end": back[end],
                "volume": c.groups.get("volume"),
                "reporter": c.corrected_reporter(),
                "page": c.groups.get("page"),
                "text": c.matched_text(),
            })
        files.append({
            "file": os.path.basename(path),
            "bytes": len(original.encode("utf-8")),
            "seconds": seconds,
            "citations": out,
        })
    print(json.dumps({
        "eyecite": version,
        "importSeconds": import_seconds,
        "seconds": min(t["seconds"] for t in pass_times),
        "cpuSeconds": min(t["cpuSeconds"] for t in pass_times),
        "passes": pass_times,
        "peakRssMB": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "files": files,
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
