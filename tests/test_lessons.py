"""Every lesson in every language runs from top to bottom without an error, in the kernel a
served page runs in (`widgets.kernel`), and the languages' versions of a lesson run the same
code."""

import ast
import re
from pathlib import Path

import nbformat
import pytest
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient

from mathcards.classroom.server.kernelspec import LessonKernelSpecs
from mathcards.i18n import LANGUAGES

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
NOTEBOOKS = sorted(LESSONS.rglob("*.ipynb"))
PAGES = sorted(
    {str(path.relative_to(LESSONS / "en")) for path in (LESSONS / "en").rglob("*.ipynb")}
)


def read(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=4)


def test_every_language_has_every_lesson_and_a_landing_page():
    assert "index.ipynb" in PAGES
    for language in LANGUAGES:
        folder = LESSONS / language
        assert sorted(str(p.relative_to(folder)) for p in folder.rglob("*.ipynb")) == PAGES
    assert {path.relative_to(LESSONS).parts[0] for path in NOTEBOOKS} == set(LANGUAGES)


def first_statement(source: str) -> str:
    """The first thing a cell does after its imports, as written."""
    tree = ast.parse(source)
    done = next(node for node in tree.body if not isinstance(node, ast.Import | ast.ImportFrom))
    return ast.get_source_segment(source, done) or ""


@pytest.mark.parametrize("page", PAGES)
def test_both_languages_run_the_same_code(page):
    """The first code cell chooses the language before it does anything else, in the cell that
    makes the page's first widget (a cell fewer for each page a class opens); only that call
    differs, so a lesson's versions cannot drift apart."""
    codes = {
        language: [c.source for c in read(LESSONS / language / page).cells if c.cell_type == "code"]
        for language in LANGUAGES
    }
    for language, cells in codes.items():
        call = f'use("{language}")'
        assert "from mathcards.i18n import use\n" in cells[0]
        assert first_statement(cells[0]) == call, f"{language}/{page} does not choose it first"
        same = [cell.replace(call, 'use("en")') for cell in cells]
        assert same == codes["en"], f"{language}/{page} runs other code than en/{page}"


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda path: str(path.relative_to(LESSONS)))
def test_lesson_runs_without_errors(notebook, sockets):
    lesson = read(notebook)
    specs = LessonKernelSpecs()
    served = KernelManager(
        kernel_name="python3", kernel_spec_manager=specs, transport="ipc", ip=sockets
    )
    NotebookClient(
        lesson,
        km=served,
        timeout=300,
        startup_timeout=300,  # a kernel on a loaded machine (beside the browser tests) starts late
        resources={"metadata": {"path": str(notebook.parent)}},
    ).execute()
    assert served.kernel_spec is not None and "widgets.kernel" in served.kernel_spec.argv
    errors = [
        output
        for cell in lesson.cells
        for output in cell.get("outputs", [])
        if output.get("output_type") == "error" or output.get("name") == "stderr"
    ]
    assert not errors, errors


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_landing_page_links_every_lesson_with_its_audience_and_time(language):
    landing = read(LESSONS / language / "index.ipynb")
    text = "\n".join(cell.source for cell in landing.cells if cell.cell_type == "markdown")
    links = set(re.findall(r"\]\(([^)]+\.ipynb)\)", text))
    assert links == set(PAGES) - {"index.ipynb"}
    for link in links:
        row = next(line for line in text.splitlines() if f"({link})" in line)
        assert row.count("|") == 4 and "min" in row, f"{link}: one line with audience and time"


@pytest.mark.parametrize(
    "notebook", [p for p in NOTEBOOKS if p.name != "index.ipynb"], ids=lambda path: path.name
)
def test_every_lesson_links_back_to_the_landing_page(notebook):
    assert "(../index.ipynb)" in read(notebook).cells[0].source


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda path: str(path.relative_to(LESSONS)))
def test_the_browser_tab_shows_the_lessons_title(notebook):
    """The page's <title> is the notebook's `title` (nbconvert's lab template), else its file
    name ("2-practice"): every lesson names itself with its heading."""
    lesson = read(notebook)
    heading = lesson.cells[0].source.splitlines()[0]
    assert heading.startswith("# ")
    assert lesson.metadata.get("title") == heading.removeprefix("# ")
