#!/usr/bin/env python3
"""Runs eyecite on text files, on request, and answers in JSON lines: the time of each
run and, at the end, its full case citations with their spans in the original files.
Used by scripts/bench/vs-eyecite.ts, which times our engine between eyecite's runs.

Usage (see scripts/eyecite/README.md):
  EYECITE_SRC=... PYTHONPATH=<reporters-db>:<courts-db> \
    /usr/bin/python3 scripts/eyecite/run-eyecite.py [--check] FILE...
--check only verifies the setup (exit 0), printing the eyecite version.
Exit 2 with setup instructions when eyecite cannot be imported.

Otherwise it reads the files, prints {"eyecite", "importSeconds"} on one line, then
answers each line read from stdin with one line on stdout:
  cite I   runs eyecite on file I (0-based) and prints {"seconds", "cpuSeconds"};
  report   prints {"files": [...], "peakRssMB"} (each file's citations from its first
           run) and exits.

Each file is cleaned with eyecite's `all_whitespace` step (line breaks inside a citation
are common in text taken from PDFs, and eyecite's reporter patterns expect single spaces),
then passed to get_citations() with its default tokenizer, and the citations found to
resolve_citations(), as our findCitations cleans its text and resolves its short forms. The
time reported is those three calls alone (eyecite's clean_text, get_citations,
resolve_citations), wall clock and CPU (process_time); the text cited is cleaned the same way
when the file is read, with a map from each cleaned offset back to the original. Spans are mapped back to offsets in the original text. eyecite compiles
each reporter's regex the first time it meets its spelling, so the first run over the
files is slower than later ones.
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


def full_case_citations(cites, back):
    """eyecite's full case citations as vs-eyecite.ts compares them."""
    from eyecite.models import FullCaseCitation
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
    return out


def answer(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def main():
    args = sys.argv[1:]
    # eyecite logs every overlapping-citation case it meets; in whole opinions that is
    # hundreds of lines of noise on stderr.
    logging.getLogger("eyecite").setLevel(logging.ERROR)
    t0 = time.perf_counter()
    try:
        _eyecite, version = load_eyecite()
        from eyecite import clean_text, get_citations, resolve_citations
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

    inputs = []
    for path in args:
        with open(path, encoding="utf-8") as f:
            original = f.read()
        cleaned, back = collapse_whitespace(original)
        inputs.append((path, original, cleaned, back))
    answer({"eyecite": version, "importSeconds": import_seconds})

    # Each file's citations from its first run (every run finds the same).
    found = [None] * len(inputs)
    for line in sys.stdin:
        command = line.split()
        if command[:1] == ["cite"] and len(command) == 2:
            i = int(command[1])
            _path, original, cleaned, back = inputs[i]
            t = time.perf_counter()
            c = time.process_time()
            # eyecite's own cleaning is timed, as ours is part of findCitations; the text
            # cited is the same cleaning done here with a map back to the original offsets.
            clean_text(original, ["all_whitespace"])
            cites = get_citations(cleaned)
            resolve_citations(cites)
            cpu = time.process_time() - c
            seconds = time.perf_counter() - t
            if found[i] is None:
                found[i] = full_case_citations(cites, back)
            answer({"seconds": seconds, "cpuSeconds": cpu})
        elif command == ["report"]:
            files = []
            for (path, original, _cleaned, _back), citations in zip(inputs, found):
                files.append({
                    "file": os.path.basename(path),
                    "bytes": len(original.encode("utf-8")),
                    "citations": citations or [],
                })
            answer({
                "files": files,
                "peakRssMB": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            })
            return 0
        else:
            print(f"unknown command: {line.strip()}", file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
