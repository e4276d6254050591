"""The kernel's share of opening each LAMA Dice lesson: every code cell run in one process,
timed, with a budget of one second a page (the rest of the 3 s is Voila and the browser).

Run: ``.venv/bin/python -m bench.lama_dice_pages``. The first page pays for the imports
(ipywidgets, and sympy through `mathcards/__init__`); the others show the widgets' own cost.
"""

from __future__ import annotations

import time
from pathlib import Path

import nbformat

LESSONS = Path(__file__).resolve().parent.parent / "lessons" / "lama_dice"
BUDGET = 1.0


def run_page(path: Path) -> float:
    """Run the page's code cells as Voila would (without a kernel); the seconds it took."""
    cells = [c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "code"]
    namespace: dict[str, object] = {}
    start = time.perf_counter()
    for source in cells:
        exec(compile(source, str(path), "exec"), namespace)
    return time.perf_counter() - start


def main() -> None:
    print(f"{'page':<44} {'seconds':>8} {'budget / time':>14}")
    for path in sorted(LESSONS.glob("*.ipynb")):
        seconds = run_page(path)
        print(f"{path.name:<44} {seconds:>8.3f} {BUDGET / seconds:>13.1f}×")


if __name__ == "__main__":
    main()
