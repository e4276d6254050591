"""Every lesson notebook runs from top to bottom without an error."""

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
NOTEBOOKS = sorted(LESSONS.rglob("*.ipynb"))


def test_there_is_a_landing_page():
    assert LESSONS / "index.ipynb" in NOTEBOOKS


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda path: str(path.relative_to(LESSONS)))
def test_lesson_runs_without_errors(notebook):
    lesson = nbformat.read(notebook, as_version=4)
    NotebookClient(
        lesson,
        timeout=300,
        kernel_name="python3",
        resources={"metadata": {"path": str(notebook.parent)}},
    ).execute()
    errors = [
        output
        for cell in lesson.cells
        for output in cell.get("outputs", [])
        if output.get("output_type") == "error" or output.get("name") == "stderr"
    ]
    assert not errors, errors


def test_the_landing_page_links_every_lesson_with_its_audience_and_time():
    import re

    landing = nbformat.read(LESSONS / "index.ipynb", as_version=4)
    text = "\n".join(cell.source for cell in landing.cells if cell.cell_type == "markdown")
    links = set(re.findall(r"\]\(([^)]+\.ipynb)\)", text))
    lessons = {str(path.relative_to(LESSONS)) for path in NOTEBOOKS} - {"index.ipynb"}
    assert links == lessons
    for link in links:
        row = next(line for line in text.splitlines() if f"({link})" in line)
        assert row.count("|") == 4 and "min" in row, f"{link}: one line with audience and time"


@pytest.mark.parametrize(
    "notebook", [p for p in NOTEBOOKS if p.name != "index.ipynb"], ids=lambda path: path.name
)
def test_every_lesson_links_back_to_the_landing_page(notebook):
    first = nbformat.read(notebook, as_version=4).cells[0].source
    assert "(../index.ipynb)" in first
