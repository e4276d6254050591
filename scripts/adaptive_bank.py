"""Build the bank of items that practice at a student's level deals from, and write it to
`mathcards/adaptive/bank-<skill>.json`: MAM! deals with their features and first difficulty
(`bank-mam.json`, `bank-mam-powers.json`) and LAMA Dice roll-or-quit moments
(`bank-roll-or-quit.json`), so that choosing the next
item never runs the solver (docs/design.md#the-bank).

Run: ``.venv/bin/python scripts/adaptive_bank.py`` (about two minutes). Everything is
deterministic (seeded deals, exact odds); run it again after changing the solver, the levels,
the difficulty model or the bank's size. `tests/adaptive/test_bank.py` deals a sample again and
checks it against the files.
"""

from __future__ import annotations

import time

from mathcards.adaptive.building import rows, write
from mathcards.adaptive.skills import Skill


def main() -> None:
    for skill in Skill:
        start = time.perf_counter()
        items = rows(skill)
        path = write(skill, items)
        print(f"wrote {path.name}: {len(items)} items in {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
