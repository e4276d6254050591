"""Write `mathcards/book/allowed.txt`, the code points a nickname may hold (Unicode TS #39's
Identifier_Status Allowed, `mathcards.book.identifiers`), from Unicode's own
`IdentifierStatus.txt` (https://www.unicode.org/Public/security/VERSION/IdentifierStatus.txt,
for the Unicode version of the Python mathcards runs on: 3.11's is 14.0.0): one line a range,
`FIRST..LAST` in hexadecimal, the comments left out, the file's copyright and terms of use kept.
It refuses a file whose ranges overlap or do not add up to the totals the file states.

Run: ``.venv/bin/python scripts/identifier_table.py PATH/TO/IdentifierStatus.txt``, after a new
version of Unicode's file. Nothing is fetched when mathcards runs.
"""

from __future__ import annotations

import re
import sys
from itertools import pairwise
from pathlib import Path

TABLE = Path(__file__).resolve().parent.parent / "mathcards" / "book" / "allowed.txt"
TOTAL = re.compile(r"#\s*Total code points:\s*(\d+)")


def ranges(source: str) -> tuple[list[tuple[int, int]], int]:
    """The Allowed ranges, sorted, and how many code points every status's lines hold."""
    allowed, every = [], 0
    for line in source.splitlines():
        data = line.split("#", 1)[0].strip()
        if not data:
            continue
        field, status = (part.strip() for part in data.split(";")[:2])
        first, _, last = field.partition("..")
        span = (int(first, 16), int(last or first, 16))
        every += span[1] - span[0] + 1
        if status == "Allowed":
            allowed.append(span)
    return sorted(allowed), every


def compact(source: str) -> str:
    """The header's lines that say what the file is and whose, then `FIRST..LAST` lines."""
    source = source.lstrip("\ufeff")
    allowed, every = ranges(source)
    stated = sum(int(total) for total in TOTAL.findall(source))
    if not allowed or every != stated:
        raise ValueError(f"the file's ranges hold {every} code points, its totals say {stated}")
    for (_first, last), (first, _last) in pairwise(allowed):
        if first <= last:
            raise ValueError(f"the ranges overlap at {first:04X}")
    kept = [line for line in source.splitlines()[:10] if line.startswith("#")]
    kept.append("# Compacted by scripts/identifier_table.py: the Allowed code points, FIRST..LAST.")
    kept.extend(f"{first:04X}..{last:04X}" for first, last in allowed)
    return "\n".join(kept) + "\n"


if __name__ == "__main__":
    TABLE.write_text(compact(Path(sys.argv[1]).read_text(encoding="utf-8")), encoding="utf-8")
