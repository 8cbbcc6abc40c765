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
# The links in the left sidebar ("Section Navigation"); null when the page has none.
SIDEBAR_LINKS = """const n = document.querySelector('.bd-sidebar-primary nav.bd-docs-nav');
    return n ? n.querySelectorAll('a').length : null;"""


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
        if browser.execute_script(SIDEBAR_LINKS) == 0:
            problems.append(f"{page}: an empty Section Navigation sidebar")
    assert not problems, "\n".join(problems)


def test_the_heatmaps_render(site, server, browser):
    browser.get(f"{server}/promotion-heatmaps.html")
    widths = browser.execute_script(
        "return Array.from(document.querySelectorAll('article svg.promotion-heatmap'))"
        "  .map(s => s.getBoundingClientRect().width);")
    assert len(widths) >= 7 and all(w > 600 for w in widths), widths


HOVERED_CELL = """const hovered = Array.from(document.querySelectorAll(':hover')).pop();
    const cell = hovered && hovered.closest('g.cell');
    if (!cell) return [hovered ? hovered.tagName : null, null, null];
    return [hovered.tagName, cell.querySelector('title').textContent,
            getComputedStyle(cell.querySelector('rect')).stroke];"""


@pytest.mark.parametrize(("policy", "row", "column", "expected"), [
    ("ascend-tensor-tensor", "s8", "u8", "s8 with u8: int16 (tensor-tensor table, row s8"),
    ("ascend-tensor-tensor", "u16", "f32", "u16 with f32: N/A: no rule"),
    ("array-api-tensor-tensor", "s32", "f32", "s32 with f32: refused by the policy's rules"),
])
def test_hovering_a_heatmap_cell_shows_what_decided_it(site, server, browser, policy, row,
                                                       column, expected):
    """The pointer over a cell is over that cell's group, whose <title> the browser shows
    as the tooltip (and the cell is outlined).  An <img> would give no such element."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    browser.get(f"{server}/promotion-heatmaps.html")
    svgs = browser.find_elements(By.CSS_SELECTOR, "article svg.promotion-heatmap")
    assert svgs, "no inline heatmap on the page"
    svg = next(s for s in svgs if f'id="na-{policy}"' in s.get_attribute("innerHTML"))
    title = f"{row} with {column}: "
    rect = browser.execute_script(
        "return Array.from(arguments[0].querySelectorAll('g.cell'))"
        "  .find(g => g.querySelector('title').textContent.startsWith(arguments[1]))"
        "  .querySelector('rect');", svg, title)
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'});", rect)
    ActionChains(browser).move_to_element(rect).perform()
    tag, text, stroke = browser.execute_script(HOVERED_CELL)
    assert text is not None and text.startswith(expected), (tag, text)
    assert stroke == "rgb(0, 0, 0)", stroke  # the hover outline


def test_the_array_page_lists_every_method_and_operator(site, server, browser):
    """Each public attribute and method of Array, each operator method (Python's names,
    reflected and in-place forms too) and each protocol method has its entry; no
    internal name shows."""
    import aiarray

    browser.get(f"{server}/reference/generated/aiarray.Array.html")
    ids = set(browser.execute_script(
        "return Array.from(document.querySelectorAll('dt[id^=\"aiarray.Array.\"]'))"
        "  .map(d => d.id.slice('aiarray.Array.'.length));"))
    public = {n for n in dir(aiarray.Array) if not n.startswith("_")}
    operators = {f"__{form}{op}__" for op in (
        "add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "matmul", "and", "or",
        "xor", "lshift", "rshift") for form in ("", "r", "i")}
    operators |= {f"__{op}__" for op in ("eq", "ne", "lt", "le", "gt", "ge", "neg", "pos",
                                         "invert", "abs", "divmod", "rdivmod")}
    protocols = {"__array_namespace__", "__dlpack__", "__dlpack_device__", "__getitem__",
                 "__setitem__", "__bool__", "__int__", "__float__", "__complex__",
                 "__index__", "__len__", "__iter__", "__array__", "__repr__"}
    assert len(public) >= 60  # the standard's 9 and NumPy's 55 (some shared)
    missing = sorted((public | operators | protocols) - ids)
    assert not missing, f"the Array page has no entry for {missing}"
    text = browser.execute_script("return document.querySelector('article').innerText;")
    for internal in ("NumpyMethods", "_numpy", "_array_numpy", "Bases:", "_new"):
        assert internal not in text, internal


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
