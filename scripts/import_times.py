"""What importing each late package costs, for docs/design.md#what-is-imported-late-and-why.

Run: ``.venv/bin/python scripts/import_times.py``. Each statement runs in a fresh Python from the
checkout with ``-X importtime``, after the statement beside it; the figure is the best of three
runs of the cumulative time of the modules it imports that were not imported before.
"""

from __future__ import annotations

import re
import subprocess
import sys

CASES = [  # (imported before, measured)
    ("", "import mathcards"),
    ("import mathcards", "from mathcards import solve"),
    ("import mathcards.mam.cards", "import mathcards.mam.checker"),
    ("import mathcards.mam.checker", "import mathcards.mam.game"),
    ("", "import sympy"),
    ("", "import matplotlib.pyplot"),
    ("import mathcards.book", "import mathcards.book.store"),
    ("", "import babel.numbers"),
    (
        "import mathcards.mam.replay",
        "import mathcards.lama.replay, mathcards.lama_dice.replay, mathcards.unikat.replay",
    ),
    ("import mathcards.book.store", "import mathcards.classroom.teacher.lessons"),
    ("", "import mathcards.classroom.server.voila"),
    ("", "import rfc3987_syntax"),
    ("", "import websockets.asyncio.client"),
    ("import widgets.mam", "from widgets.mam import MamTable"),
    (
        "from widgets.mam import MamTable",
        "import widgets.mam.explorers, widgets.mam.odds, widgets.mam.practice",
    ),
]
LINE = re.compile(r"import time:\s+\d+ \|\s+(\d+) \| (\S.*)$")  # a top-level import's line


def cost(before: str, statement: str) -> float:
    """Milliseconds `statement` takes to import what `before` did not, once."""
    code = f"{before}\nimport sys\nprint('MARK', file=sys.stderr)\n{statement}"
    run = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", code], capture_output=True, text=True, check=True
    )
    after = run.stderr.split("MARK\n", 1)[1]
    return sum(int(m[1]) for m in map(LINE.match, after.splitlines()) if m) / 1000


def main() -> None:
    for before, statement in CASES:
        best = min(cost(before, statement) for _ in range(3))
        print(f"{best:8.1f} ms  {statement}  (after: {before or 'nothing'})", flush=True)


if __name__ == "__main__":
    main()
