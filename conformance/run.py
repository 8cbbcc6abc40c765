"""Run array-api-tests against aiarray at the pinned revision and write the report.

    python conformance/run.py [--checkout PATH] [--api-version V|all] [--max-examples N]
                              [--seed S] [--workers N] [--report PATH] [-- extra pytest args]

With no --checkout (and no AIARRAY_ARRAY_API_TESTS in the environment) the pinned
revision is cloned from GitHub with its spec submodule into
conformance/array-api-tests/.  The suite's own requirements must be installed in
the running interpreter (``--install`` does it with pip).

``--api-version`` runs the suite at one version of the standard aiarray advertises
(default: the newest, aiarray's ``__array_api_version__``) or at ``all`` of them, each
against ``aiarray._versions.namespace(V)``.  An expected failure in
conformance/xfails.txt may be limited to versions (``[2021.12]`` or ``[<2025.12]``
before its id).  The exit status is 0 only when no version has a failure or error
the xfails do not explain.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
UPSTREAM = "https://github.com/data-apis/array-api-tests.git"


def pinned_revision() -> str:
    """The array-api-tests commit in conformance/REVISION."""
    for line in (HERE / "REVISION").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            return line.strip()
    raise SystemExit("conformance/REVISION holds no revision")


def _applies(selector: str, version: str) -> bool:
    """Whether an xfail's version selector (``2021.12,2022.12`` or ``<2025.12``) names
    ``version``; an empty selector names every version."""
    selector = selector.strip()
    if not selector:
        return True
    if selector.startswith("<"):
        return version < selector[1:].strip()
    return version in {v.strip() for v in selector.split(",")}


def xfail_ids(version: str) -> list[str]:
    """Test ids of conformance/xfails.txt that apply at ``version``, reasons stripped
    (each line must carry one)."""
    ids = []
    for n, line in enumerate((HERE / "xfails.txt").read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        test_id, sep, reason = line.partition("  # ")
        if not sep or not reason.strip():
            raise SystemExit(f"xfails.txt line {n} has no reason: {line!r}")
        selector = ""
        if test_id.startswith("["):
            selector, _, test_id = test_id[1:].partition("]")
        if _applies(selector, version):
            ids.append(test_id.strip())
    return ids


def run(cmd: list[str], **kw: object) -> subprocess.CompletedProcess:
    print("+", " ".join(cmd), flush=True)
    return subprocess.run(cmd, check=True, **kw)  # type: ignore[call-overload]


def ensure_checkout(path: Path | None, revision: str) -> Path:
    """A checkout of array-api-tests at ``revision`` with its spec submodule."""
    if path is None:
        path = HERE / "array-api-tests"
        if not (path / ".git").exists():
            run(["git", "clone", "--quiet", UPSTREAM, str(path)])
        run(["git", "-C", str(path), "fetch", "--quiet", "origin", revision])
        run(["git", "-C", str(path), "-c", "advice.detachedHead=false", "checkout", "--quiet",
             revision])
        run(["git", "-C", str(path), "submodule", "update", "--init", "--quiet"])
    head = subprocess.run(["git", "-C", str(path), "rev-parse", "HEAD"], capture_output=True,
                          text=True).stdout.strip()
    if head and head != revision:
        print(f"warning: {path} is at {head}, not the pinned {revision}", file=sys.stderr)
    if not (path / "array-api" / "spec").is_dir():
        raise SystemExit(f"{path}/array-api/spec is missing: the spec submodule is not checked out")
    return path


def summary_counts(output: str) -> dict[str, int]:
    """Counts from pytest's closing line."""
    last = [ln for ln in output.splitlines() if re.search(r"\d+ (passed|failed)", ln)]
    counts = {}
    if last:
        for num, word in re.findall(r"(\d+) (\w+)", last[-1]):
            counts[word] = int(num)
    return counts


def _section(version: str, counts: dict[str, int], failures: list[str],
             xfails: list[str]) -> list[str]:
    lines = [f"## Standard version {version}", "", "| outcome | tests |", "|---|---|"]
    for key in ("passed", "failed", "errors", "error", "skipped", "xfailed", "xpassed"):
        if key in counts:
            lines.append(f"| {key} | {counts[key]} |")
    lines += ["", "Failures:", ""]
    lines += [f"- `{f}`" for f in failures] or ["None."]
    lines += ["", "Expected failures (conformance/xfails.txt, each with its reason):", ""]
    lines += [f"- `{x}`" for x in xfails] or ["None."]
    return [*lines, ""]


def write_report(path: Path, meta: dict[str, str], sections: list[list[str]]) -> None:
    lines = ["# array-api-tests conformance report", ""]
    lines += [f"- {k}: {v}" for k, v in meta.items()]
    lines.append("")
    for section in sections:
        lines += section
    lines += ["Skips come from the suite itself (tests it marks flaky, or that need",
              "features a version does not have); run with `-rs` to list them.", ""]
    path.write_text("\n".join(lines))


def module_spec(version: str, latest: str) -> str:
    """ARRAY_API_TESTS_MODULE for aiarray at ``version`` (aiarray itself at the newest)."""
    if version == latest:
        return "aiarray"
    return f"exec('import aiarray._versions as v; xp = v.namespace(\"{version}\")')"


def run_version(checkout: Path, version: str, latest: str, args: argparse.Namespace,
                extra: list[str]) -> tuple[dict[str, int], list[str], list[str], int]:
    """One run of the suite at ``version``: (counts, failures, xfails used, exit status)."""
    xfails = xfail_ids(version)
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(xfails) + "\n")
        xfails_file = f.name
    cmd = [sys.executable, "-m", "pytest", "array_api_tests", "-q", "-p", "no:cacheprovider",
           "--max-examples", str(args.max_examples), "--hypothesis-seed", str(args.seed),
           "--xfails-file", xfails_file]
    if args.workers != "0":
        cmd += ["-n", args.workers]
    cmd += extra
    env = dict(os.environ, ARRAY_API_TESTS_MODULE=module_spec(version, latest),
               ARRAY_API_TESTS_VERSION=version,
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    print(f"+ [{version}]", " ".join(cmd), flush=True)
    proc = subprocess.run(cmd, cwd=checkout, env=env, capture_output=True, text=True)
    os.unlink(xfails_file)
    sys.stdout.write(proc.stdout[-20000:])
    sys.stderr.write(proc.stderr[-5000:])
    counts = summary_counts(proc.stdout)
    failures = sorted({m.group(1) for m in re.finditer(r"^(?:FAILED|ERROR) (\S+)", proc.stdout,
                                                      re.M)})
    return counts, failures, xfails, proc.returncode


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    extra: list[str] = []
    if "--" in argv:
        i = argv.index("--")
        argv, extra = argv[:i], argv[i + 1:]
    sys.path.insert(0, str(ROOT))
    import aiarray  # the version under test
    from aiarray._versions import SUPPORTED

    latest = aiarray.__array_api_version__
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--checkout", type=Path, default=os.environ.get("AIARRAY_ARRAY_API_TESTS"),
                   help="existing array-api-tests checkout (default: clone the pinned revision)")
    p.add_argument("--api-version", default=latest, choices=[*SUPPORTED, "all"],
                   help="standard version to test, or all of those aiarray advertises")
    p.add_argument("--max-examples", type=int, default=100)
    p.add_argument("--seed", type=int, default=20251200)
    p.add_argument("--workers", default="2", help="pytest-xdist workers ('0' = no xdist)")
    p.add_argument("--report", type=Path, default=HERE / "REPORT.md")
    p.add_argument("--install", action="store_true", help="pip install the suite's requirements")
    args = p.parse_args(argv)

    revision = pinned_revision()
    checkout = ensure_checkout(Path(args.checkout) if args.checkout else None, revision)
    if args.install:
        run([sys.executable, "-m", "pip", "install", "-q", "-r",
             str(checkout / "requirements.txt"), "pytest-xdist"])
    versions = list(SUPPORTED) if args.api_version == "all" else [args.api_version]
    sections = []
    unexplained: dict[str, list[str]] = {}
    status = 0
    for version in versions:
        counts, failures, xfails, code = run_version(checkout, version, latest, args, extra)
        sections.append(_section(version, counts, failures, xfails))
        if failures or code not in (0, 5) or not counts.get("passed"):
            unexplained[version] = failures or [f"pytest exit status {code}"]
            status = 1
    meta = {
        "date": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "aiarray": aiarray.__version__,
        "standard versions": ", ".join(versions),
        "array-api-tests revision": revision,
        "max-examples": str(args.max_examples),
        "hypothesis seed": str(args.seed),
        "extensions": "linalg and fft included" if "--disable-extension" not in extra
        else "some disabled: " + " ".join(extra),
        "python / numpy": f"{platform.python_version()} / "
        + __import__("numpy").__version__,
        "command": "python conformance/run.py " + " ".join(sys.argv[1:]),
    }
    write_report(args.report, meta, sections)
    print(f"report: {args.report}")
    for version, failures in unexplained.items():
        print(f"UNEXPLAINED at {version}: " + ", ".join(failures), file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
