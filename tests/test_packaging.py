"""Packaging: one version, the Python range said the same way everywhere, the license,
and the command line's --version and program name."""

from __future__ import annotations

import importlib.metadata
import re
import subprocess
import sys
import sysconfig
import tomllib
from pathlib import Path

import pytest

import aiarray
from aiarray.__main__ import main, program_name

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_one_version_source():
    project = PROJECT["project"]
    assert "version" not in project and "version" in project["dynamic"]
    assert PROJECT["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "aiarray.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+(\.dev\d+|rc\d+)?", aiarray.__version__)
    assert importlib.metadata.version("aiarray") == aiarray.__version__


def test_the_python_range_is_stated_consistently():
    project = PROJECT["project"]
    lowest = re.fullmatch(r">=3\.(\d+)", project["requires-python"])
    assert lowest, project["requires-python"]
    minors = sorted(int(c.rsplit(".", 1)[1]) for c in project["classifiers"]
                    if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c))
    assert minors[0] == int(lowest.group(1)) == 11  # NumPy 2.3 needs Python 3.11
    assert minors == list(range(minors[0], minors[-1] + 1))
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    versions = ", ".join(f"3.{m}" for m in minors[:-1]) + f" or 3.{minors[-1]}"
    assert f"({versions}; CI tests 3.{minors[0]} and 3.{minors[-1]})" in readme
    assert sys.version_info[:2] >= (3, minors[0])


def test_license_metadata_and_file():
    project = PROJECT["project"]
    assert project["license"] == "Apache-2.0"
    assert project["license-files"] == ["LICENSE"]
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert "Apache License" in text and "Version 2.0, January 2004" in text
    assert "END OF TERMS AND CONDITIONS" in text
    assert importlib.metadata.metadata("aiarray")["License-Expression"] == "Apache-2.0"


def test_changelog_and_urls():
    assert (ROOT / "CHANGELOG.md").read_text(encoding="utf-8").startswith("# Changelog")
    urls = PROJECT["project"].get("urls", {})  # none until the project has a public home
    assert all(u.startswith("https://") for u in urls.values())


def test_the_sdist_carries_the_test_helpers():
    manifest = (ROOT / "MANIFEST.in").read_text(encoding="utf-8")
    for line in ("graft tests", "graft docs", "graft tools"):
        assert line in manifest.splitlines()
    helpers = [p.name for p in (ROOT / "tests").glob("_*.py")]
    assert "_raises.py" in helpers and "_optional.py" in helpers


def test_the_package_data_is_declared_for_the_wheel_and_the_sdist():
    """Files the package reads at run time, beside its modules: in the wheel through
    package-data, in the sdist through MANIFEST.in."""
    data = PROJECT["tool"]["setuptools"]["package-data"]
    manifest = (ROOT / "MANIFEST.in").read_text(encoding="utf-8").split()
    for package, names in (("aiarray", ["py.typed"]), ("aiarray._kernels", ["defaults.json"])):
        for name in names:
            assert name in data[package], (package, name)
            path = Path(*package.split("."), name)
            assert (ROOT / path).is_file(), path
            assert path.as_posix() in manifest, path


@pytest.mark.parametrize(("argv0", "prog"), [
    ("/usr/local/bin/aiarray", "aiarray"),
    (r"C:\Python\Scripts\aiarray.exe", "aiarray"),
    ("aiarray-script.py", "aiarray"),
    ("/site-packages/aiarray/__main__.py", "python -m aiarray"),
    ("-m", "python -m aiarray"),
    ("", "python -m aiarray"),
])
def test_program_name(argv0, prog):
    assert program_name(argv0.replace("\\", "/")) == prog


def test_version_option(capsys, monkeypatch):
    monkeypatch.setattr(sys, "argv", ["/usr/bin/aiarray", "--version"])
    with pytest.raises(SystemExit) as info:
        main()
    assert info.value.code == 0
    assert capsys.readouterr().out == f"aiarray {aiarray.__version__}\n"


def _console_script() -> Path:
    scripts = Path(sysconfig.get_path("scripts"))
    for name in ("aiarray", "aiarray.exe"):
        if (scripts / name).is_file():
            return scripts / name
    pytest.skip(f"the console script is not installed in {scripts}")


def test_version_from_both_entry_points():
    for argv in ([sys.executable, "-m", "aiarray"], [str(_console_script())]):
        r = subprocess.run([*argv, "--version"], capture_output=True, text=True, timeout=120,
                           check=False)
        assert r.returncode == 0, r.stderr
        prog = "python -m aiarray" if "-m" in argv else "aiarray"
        assert r.stdout == f"{prog} {aiarray.__version__}\n"


def test_usage_names_the_program_as_called():
    r = subprocess.run([str(_console_script()), "promote"], capture_output=True, text=True,
                       timeout=120, check=False)
    assert r.returncode == 2
    assert r.stderr.startswith("usage: aiarray promote")
    r = subprocess.run([sys.executable, "-m", "aiarray", "promote"],
                       capture_output=True, text=True, timeout=120, check=False)
    assert r.returncode == 2 and r.stderr.startswith("usage: python -m aiarray promote")
