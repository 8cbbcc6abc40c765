"""The documentation site builds with warnings as errors, and every page works in a real
browser: it loads, has its title, shows no broken image; the search page finds things.

Needs Sphinx (``pip install '.[docs]'``) and, for the browser part, Chromium with its
chromedriver (Debian: ``apt-get install chromium chromium-driver``) and selenium.  Each is
skipped when absent, and fails instead when ``AIARRAY_REQUIRE`` names it (CI:
``sphinx,chromium``).
"""

from __future__ import annotations

import functools
import http.server
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from _optional import missing, module, program

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """Build the site once: ``sphinx -W --keep-going`` (every warning is an error)."""
    module("sphinx")
    module("pydata_sphinx_theme", "sphinx")
    module("myst_parser", "sphinx")
    out = tmp_path_factory.mktemp("site")
    r = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
         "-d", str(out / "doctrees"), str(DOCS), str(out / "html")],
        capture_output=True, text=True, timeout=900, check=False, cwd=ROOT,
    )
    assert r.returncode == 0, f"the docs build failed:\n{r.stderr[-6000:]}"
    return out / "html"


def test_the_site_builds_without_warnings(site):
    assert (site / "index.html").is_file()
    assert (site / "search.html").is_file() and (site / "searchindex.js").is_file()


def test_a_broken_link_or_anchor_fails_the_build(tmp_path):
    """The build's checks can fail: the site's own configuration on two small pages."""
    module("sphinx")
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text((DOCS / "conf.py").read_text(encoding="utf-8"))
    (src / "index.md").write_text("# Home\n\n[ok](b.md#a-section) [bad](b.md#no-such) "
                                  "[gone](missing.md)\n\n```{toctree}\nb\n```\n")
    (src / "b.md").write_text("# B\n\n## A section\n\ntext\n")
    (src / "orphan.md").write_text("# In no toctree\n")
    r = subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
                        str(src), str(tmp_path / "html")],
                       capture_output=True, text=True, timeout=600, check=False)
    assert r.returncode != 0
    assert "'no-such'" in r.stderr and "missing.md" in r.stderr
    assert "orphan" in r.stderr and "toctree" in r.stderr
    assert "a-section" not in r.stderr


def test_every_source_page_became_a_page(site):
    sources = [p.relative_to(DOCS).with_suffix(".html") for p in DOCS.rglob("*.md")
               if "_build" not in p.parts and p.parent.name != "generated"]
    missing_pages = [str(p) for p in sources if not (site / p).is_file()]
    assert not missing_pages, missing_pages


def test_the_reference_has_a_page_per_function(site):
    generated = site / "reference" / "generated"
    for name in ("aiarray.log2", "aiarray.eye", "aiarray.finfo", "aiarray.bitwise_xor",
                 "aiarray.linalg.lu", "aiarray.fft.rfft", "aiarray.random.normal",
                 "aiarray.sparse.coo_array", "aiarray.grad.clip_backward", "aiarray.Array"):
        page = generated / f"{name}.html"
        assert page.is_file(), name
        assert name.rsplit(".", 1)[1] in page.read_text(encoding="utf-8")


# ---------------------------------------------------------------------------
# In a browser


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def server(site) -> Iterator[str]:
    """The built site on a loopback port, as a reader's browser would fetch it."""
    handler = functools.partial(_Quiet, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    """Headless Chromium driven by selenium through the system's chromedriver."""
    chromium = program("chromium", "chromium-browser", "google-chrome", tool="chromium")
    driver_path = program("chromedriver", tool="chromium")
    webdriver = module("selenium.webdriver", "chromium")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--no-first-run", "--window-size=1280,900",
                f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}"):
        options.add_argument(arg)
    try:
        driver = webdriver.Chrome(service=webdriver.ChromeService(executable_path=driver_path),
                                  options=options)
    except Exception as e:  # a browser that cannot start counts as absent
        missing("chromium", f"Chromium did not start: {e}")
    driver.set_page_load_timeout(60)
    yield driver
    driver.quit()


BROKEN_IMAGES = """return Array.from(document.images)
    .filter(i => !i.complete || i.naturalWidth === 0).map(i => i.getAttribute('src'));"""
HEADING = """const h = document.querySelector('article h1, main h1, h1');
    return h ? h.textContent.replace(/[#\\u00b6]/g, '').trim() : null;"""


def _pages(site: Path) -> list[str]:
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html")
                  if not p.relative_to(site).as_posix().startswith(("_", "genindex", "search")))


def test_every_page_loads_with_its_title_and_images(site, server, browser):
    pages = _pages(site)
    assert len(pages) > 250  # the hand-written pages and one per public name
    problems = []
    for page in pages:
        browser.get(f"{server}/{page}")
        heading = browser.execute_script(HEADING)
        title = browser.title
        if not heading or not title.startswith(heading):
            problems.append(f"{page}: title {title!r}, heading {heading!r}")
        broken = browser.execute_script(BROKEN_IMAGES)
        if broken:
            problems.append(f"{page}: broken images {broken}")
    assert not problems, "\n".join(problems)


def test_the_heatmaps_render(site, server, browser):
    browser.get(f"{server}/promotion-heatmaps.html")
    sizes = browser.execute_script(
        "return Array.from(document.images).map(i => [i.getAttribute('src'), i.naturalWidth]);")
    svgs = [(src, w) for src, w in sizes if src.endswith(".svg")]
    assert len(svgs) >= 6 and all(w > 600 for _, w in svgs), sizes


@pytest.mark.parametrize(("query", "expected"), [
    ("bfloat16", "interop.html"),
    ("from_dlpack", "reference/generated/aiarray.from_dlpack.html"),
    ("cholesky", "reference/generated/aiarray.linalg.cholesky.html"),
])
def test_the_search_page_finds_pages(site, server, browser, query, expected):
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get(f"{server}/search.html?q={query}")
    # Sphinx lists results as it finds them and writes its summary ("Search finished,
    # found N pages ...") at the end: read the list after that.
    links = WebDriverWait(browser, 60).until(lambda d: d.execute_script(
        "const s = document.querySelector('#search-results .search-summary');"
        "if (!s || !/found/i.test(s.textContent)) return null;"
        "return Array.from(document.querySelectorAll('#search-results li a'))"
        "  .map(a => a.getAttribute('href'));"))
    assert any(link.split("?")[0].split("#")[0].endswith(expected) for link in links), links
