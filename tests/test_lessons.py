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
