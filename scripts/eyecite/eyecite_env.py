"""Makes a local checkout of eyecite importable for our dump and bench scripts.

eyecite is not installed from PyPI here: EYECITE_SRC points at a checkout of
freelawproject/eyecite (tag v2.7.8), and PYTHONPATH must reach checkouts of
freelawproject/reporters-db and freelawproject/courts-db (pure data packages).
regex, lxml and pyahocorasick come from Debian (python3-regex, python3-lxml,
python3-ahocorasick).

eyecite/__init__.py imports eyecite.annotate, which imports
fast_diff_match_patch at module load although only annotate_citations() calls
it. Debian has no package for it (python3-diff-match-patch is a different
library), and these scripts never annotate, so when it is missing we register
an empty module under that name whose diff() raises: any accidental use fails
loudly instead of silently producing something else.
"""

import os
import sys
import types

SETUP_HELP = """eyecite setup is missing: {problem}

  apt-get update && apt-get install -y python3-regex python3-lxml python3-ahocorasick
  # checkouts (any directory): freelawproject/eyecite at tag v2.7.8,
  # freelawproject/reporters-db at tag v3.2.63, freelawproject/courts-db at tag v0.10.27
  export EYECITE_SRC=/path/to/eyecite
  export PYTHONPATH=/path/to/reporters-db:/path/to/courts-db
  # and run with /usr/bin/python3 (the Debian interpreter that sees those packages)
See scripts/eyecite/README.md."""


class SetupError(Exception):
    pass


def _stub_fast_diff_match_patch():
    try:
        import fast_diff_match_patch  # noqa: F401
        return
    except ImportError:
        pass
    stub = types.ModuleType("fast_diff_match_patch")

    def diff(*_args, **_kwargs):
        raise RuntimeError(
            "fast_diff_match_patch is not installed; eyecite.annotate is "
            "unavailable in this setup"
        )

    stub.diff = diff
    sys.modules["fast_diff_match_patch"] = stub


def load_eyecite():
    """Put EYECITE_SRC on sys.path, import eyecite and check its version."""
    src = os.environ.get("EYECITE_SRC")
    if not src:
        raise SetupError(SETUP_HELP.format(problem="EYECITE_SRC is not set"))
    if not os.path.isfile(os.path.join(src, "eyecite", "find.py")):
        raise SetupError(
            SETUP_HELP.format(problem=f"EYECITE_SRC={src} is not an eyecite checkout")
        )
    for module, pkg in (("regex", "python3-regex"), ("lxml", "python3-lxml"),
                        ("ahocorasick", "python3-ahocorasick")):
        try:
            __import__(module)
        except ImportError:
            raise SetupError(SETUP_HELP.format(problem=f"Python module {module} missing ({pkg})"))
    for module, repo in (("reporters_db", "reporters-db"), ("courts_db", "courts-db")):
        try:
            __import__(module)
        except ImportError:
            raise SetupError(SETUP_HELP.format(
                problem=f"{module} not importable: add a {repo} checkout to PYTHONPATH"))
    sys.path.insert(0, src)
    _stub_fast_diff_match_patch()
    import eyecite

    version = _checkout_version(src)
    return eyecite, version


def _checkout_version(src):
    """The version eyecite's pyproject.toml declares (the package has no __version__)."""
    try:
        with open(os.path.join(src, "pyproject.toml"), encoding="utf-8") as f:
            for line in f:
                if line.startswith("version"):
                    return line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return None
