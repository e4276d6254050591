"""`pip install mathcards`, no clone: the sdist and the wheel built from this checkout as a release
builds them, the wheel installed into a fresh virtual environment outside the checkout (its
dependencies from the package registry), and `mathcards serve` run from an empty folder, its
pages opened in Chromium in both languages; then the lessons copied out, changed and served."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import nbformat
import psutil
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import FIRST_RENDER_MS, join, wait_until_warm
from tests.english import english_words
from tests.servers import KERNEL_MODULES, Served, launched

pytestmark = [pytest.mark.wheel, pytest.mark.browser]
ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted(path.relative_to(ROOT).as_posix() for path in (ROOT / "lessons").rglob("*.ipynb"))
NOT_SOURCE = shutil.ignore_patterns(
    ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".*_cache", ".hypothesis"
)
SCRIPTS = "Scripts" if os.name == "nt" else "bin"
WAIT_MS = FIRST_RENDER_MS  # what a page shows may come late on a loaded machine


def outside_the_checkout() -> dict[str, str]:
    """This environment without what points into the checkout or another Python, and writing
    bytecode (the wheel is installed `--no-compile`: each module compiled once, when first
    imported, not in every kernel anew)."""
    skipped = {"PYTHONPATH", "JUPYTER_PATH", "VIRTUAL_ENV", "PYTHONHOME", "PYTHONDONTWRITEBYTECODE"}
    return {name: value for name, value in os.environ.items() if name not in skipped}


def run(command: list[str | Path], **options) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [str(part) for part in command],
        capture_output=True,
        text=True,
        env=outside_the_checkout(),
        timeout=600,
        **options,
    )
    assert done.returncode == 0, f"{command} failed:\n{done.stdout}\n{done.stderr}"
    return done


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """The fresh environment the wheel is installed into (as `pip install mathcards` would)."""
    work = tmp_path_factory.mktemp("wheel")
    assert not work.is_relative_to(ROOT)
    source, dist, environment = work / "source", work / "dist", work / "venv"
    shutil.copytree(ROOT, source, ignore=NOT_SOURCE)
    run([sys.executable, "-m", "build", "--outdir", dist, source])  # the sdist; the wheel from it
    [sdist], [wheel] = dist.glob("*.tar.gz"), dist.glob("*.whl")
    with tarfile.open(sdist) as packed:
        sdist_holds = {name.partition("/")[2] for name in packed.getnames()}
    for needed in (
        "tests/browser/test_wheel.py",
        "tests/browser/conftest.py",
        "docs/rules.md",
        *LESSONS,
    ):
        assert needed in sdist_holds, f"the sdist has no {needed}"
    with zipfile.ZipFile(wheel) as packed:
        wheel_holds = set(packed.namelist())
    template = "mathcards/share/jupyter/voila/templates/mathcards/"
    carried = [f"mathcards/{page}" for page in LESSONS] + [
        f"{template}index.html.j2",
        f"{template}mathcards.css",
        f"{template}conf.json",
        "mathcards/locale/pl/LC_MESSAGES/mathcards.mo",
        "mathcards/mam/solvability.json",
        "widgets/mam/__init__.py",
    ]
    assert not [name for name in carried if name not in wheel_holds]
    run([sys.executable, "-m", "venv", environment])
    # --no-compile: each module is compiled when it is first imported, not all of them first
    install = ["-m", "pip", "install", "--quiet", "--no-compile", wheel]
    run([environment / SCRIPTS / "python", *install])
    return environment


@contextmanager
def serving(environment: Path, folder: Path, *words: str) -> Iterator[Served]:
    """The installed `mathcards` run with `words` from `folder` on a free loopback port, its log
    beside the folder (tests/servers.py); its kernels run in the installed Python."""
    command = [environment / SCRIPTS / "mathcards", *words, "--port", "{port}"]
    log = folder.parent / f"{folder.name}-server.log"
    book = {"MATHCARDS_DB": f"sqlite:///{log.with_suffix('.sqlite')}"}
    ready = "http://127.0.0.1:{port}/mathcards/class.json"  # not a page: no kernel taken
    with launched(
        command, log, ready, env={**outside_the_checkout(), **book}, cwd=folder
    ) as served:
        yield served
        pythons = kernel_pythons(served.process.pid)
        assert pythons and all(Path(p).is_relative_to(environment) for p in pythons), pythons


def kernel_pythons(server: int) -> set[str]:
    """The Pythons the server's kernels run in."""
    found = set()
    for child in psutil.Process(server).children(recursive=True):
        try:
            command = child.cmdline()
        except psutil.NoSuchProcess:
            continue
        if any(module in command for module in KERNEL_MODULES):
            found.add(command[0])
    return found


def wait_until_ready(visit, url: str) -> None:
    visit.page.wait_for_url(url, timeout=FIRST_RENDER_MS)
    visit.page.wait_for_selector("#loading", state="hidden", timeout=FIRST_RENDER_MS)


def switch_language(visit, base: str, page: str, there: str) -> None:
    """Follow the page's link to itself in the other language."""
    visit.page.locator(f".mc-language a[hreflang='{there}']").click()
    wait_until_ready(visit, f"{base}/voila/render/{there}/{page}")
    assert visit.page.evaluate("document.documentElement.lang") == there


def assert_polish(visit) -> None:
    body = visit.page.inner_text("body")
    assert not english_words(body, {"English"}), f"English on a Polish page: {english_words(body)}"


def test_the_installed_wheel_serves_both_languages_from_an_empty_folder(installed, visit, tmp_path):
    empty = tmp_path / "anywhere"
    empty.mkdir()
    probe = "import mathcards, widgets; print(mathcards.__file__); print(widgets.__file__)"
    found = run([installed / SCRIPTS / "python", "-c", probe], cwd=empty).stdout.split()
    assert all(Path(module).is_relative_to(installed) for module in found), found
    version = run([installed / SCRIPTS / "mathcards", "--version"], cwd=empty).stdout
    assert version.startswith("mathcards ") and version.split()[1][0].isdigit()

    with serving(installed, empty, "serve", "--warm", "en/mam/2-practice.ipynb") as served:
        base = served.base
        wait_until_warm(served.log, "en/mam/2-practice.ipynb")
        visit.open(f"{base}/", lands_on=f"{base}/voila/render/en/index.ipynb")
        expect(visit.page.get_by_role("heading", name="mathcards")).to_be_visible()
        visit.page.locator(".mc-quick-deal svg.mc-card").nth(4).wait_for(timeout=WAIT_MS)

        visit.open(f"{base}/voila/render/en/mam/2-practice.ipynb")
        join(visit.page, "Ola")
        practice = visit.page.locator(".mc-practice")
        practice.locator("svg.mc-card").nth(4).wait_for(timeout=WAIT_MS)
        expect(practice.locator(".mc-progress")).to_contain_text("Deal 1 of 8")

        switch_language(visit, base, "mam/2-practice.ipynb", "pl")
        practice.locator(".mc-progress", has_text="Rozdanie 1 z 8").wait_for(timeout=WAIT_MS)
        expect(practice.locator("svg.mc-card")).to_have_count(5)
        expect(visit.page.get_by_role("heading", name="Ćwiczenia: ułóż wynik")).to_be_visible()
        assert_polish(visit)

        visit.open(f"{base}/voila/render/pl/index.ipynb")
        expect(visit.page.get_by_text("Matematyka z grami karcianymi")).to_be_visible()
        assert_polish(visit)
        assert not visit.errors and not visit.offsite_requests()
    assert not any(empty.iterdir()), "serving writes nothing into the folder it is run from"


def test_a_copy_of_the_lessons_is_changed_and_served(installed, visit, tmp_path):
    empty = tmp_path / "anywhere"
    empty.mkdir()
    copied = run([installed / SCRIPTS / "mathcards", "lessons", "our-lessons"], cwd=empty)
    assert "notebooks copied into" in copied.stdout
    copy = empty / "our-lessons"
    assert sorted(f"lessons/{p.relative_to(copy).as_posix()}" for p in copy.rglob("*.ipynb")) == (
        LESSONS
    )
    landing = copy / "pl" / "index.ipynb"
    notebook = nbformat.read(landing, as_version=4)
    first = next(cell for cell in notebook.cells if cell.cell_type == "markdown")
    first.source += "\n\n**Klasa 4b: w piątek gramy w MAM! na punkty.**"
    nbformat.write(notebook, landing)

    options = ("--lang", "pl", "serve", "--lessons", "our-lessons", "--warm", "pl/index.ipynb")
    with serving(installed, empty, *options) as served:
        base = served.base
        wait_until_warm(served.log, "pl/index.ipynb")
        visit.open(f"{base}/", lands_on=f"{base}/voila/render/pl/index.ipynb")
        expect(visit.page.get_by_text("Klasa 4b: w piątek gramy w MAM! na punkty.")).to_be_visible()
        visit.page.locator(".mc-quick-deal svg.mc-card").nth(4).wait_for(timeout=WAIT_MS)
        assert_polish(visit)

        switch_language(visit, base, "index.ipynb", "en")
        deal = visit.page.locator(".mc-quick-deal")
        deal.locator("svg.mc-card").nth(4).wait_for(timeout=WAIT_MS)
        expect(visit.page.get_by_text("Mathematics with Reiner Knizia's card")).to_be_visible()
        assert "Klasa 4b" not in visit.page.inner_text("body"), "the English page is unchanged"
        assert not visit.errors and not visit.offsite_requests()
