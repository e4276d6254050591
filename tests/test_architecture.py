"""DESIGN.md's house: arrows point down (lessons → widgets → mathcards), never up."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = {
    "mathcards": {"ipywidgets", "IPython", "matplotlib", "widgets", "lessons"},
    "widgets": {"lessons"},
}


def imported_packages(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("floor", sorted(FORBIDDEN))
def test_imports_only_point_down(floor):
    for path in sorted((ROOT / floor).rglob("*.py")):
        wrong = imported_packages(path) & FORBIDDEN[floor]
        assert not wrong, f"{path.relative_to(ROOT)} imports {sorted(wrong)}"


def test_lessons_are_committed_without_outputs():
    import json

    for notebook in sorted((ROOT / "lessons").rglob("*.ipynb")):
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        code = [cell for cell in cells if cell["cell_type"] == "code"]
        assert all(not cell["outputs"] and cell["execution_count"] is None for cell in code), (
            f"{notebook.name} has outputs"
        )
