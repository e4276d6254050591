"""Write `mathcards/book/confusables.txt`, the table the class book checks look-alike nicknames
with (Unicode TS #39's skeleton, `mathcards.book.lookalike`), from Unicode's own
`confusables.txt` (https://www.unicode.org/Public/security/latest/confusables.txt, or the copy
a package ships): one line a character, its code point and its prototype's, the comments left
out, the file's copyright and terms of use kept.

Run: ``.venv/bin/python scripts/confusables_table.py PATH/TO/confusables.txt``, after a new
version of Unicode's file. Nothing is fetched when mathcards runs.
"""

from __future__ import annotations

import sys
from pathlib import Path

TABLE = Path(__file__).resolve().parent.parent / "mathcards" / "book" / "confusables.txt"


def compact(source: str) -> str:
    """The header's lines that say what the file is and whose, then `SOURCE;PROTOTYPE` lines."""
    source = source.lstrip("\ufeff")
    kept = [line for line in source.splitlines()[:10] if line.startswith("#")]
    kept.append("# Compacted by scripts/confusables_table.py: each character ; its prototype.")
    for line in source.splitlines():
        data = line.split("#", 1)[0].strip()
        if data:
            character, prototype = (field.strip() for field in data.split(";")[:2])
            kept.append(f"{character};{prototype}")
    return "\n".join(kept) + "\n"


if __name__ == "__main__":
    TABLE.write_text(compact(Path(sys.argv[1]).read_text(encoding="utf-8")), encoding="utf-8")
