"""Names that look alike (Unicode Technical Standard #39, "Unicode Security Mechanisms"): two
nicknames are one when their skeletons are equal. A skeleton is the name in NFD, each character
replaced by its prototype in Unicode's table of confusables (shipped with mathcards as
`confusables.txt`, written by scripts/confusables_table.py; nothing is fetched), then in NFD
again. Before that a nickname is folded as the class book keeps it: NFKC (a full-width `Ａ` is
`A`) and case-folded, so that "Anna", "anna", "Ａｎｎａ" and "Аnna" (a Cyrillic А) are one name."""

from __future__ import annotations

import unicodedata
from functools import cache
from pathlib import Path

TABLE = Path(__file__).with_name("confusables.txt")
IGNORABLE = (  # Default_Ignorable_Code_Point (DerivedCoreProperties.txt): drawn as nothing
    *((0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5)),
    *((0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164)),
    *((0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8)),
    *((0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF)),
)


@cache
def prototypes() -> dict[str, str]:
    """Each confusable character's prototype, from the shipped table (read once)."""
    found = {}
    for line in TABLE.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            character, prototype = line.split(";")
            found[chr(int(character, 16))] = "".join(chr(int(c, 16)) for c in prototype.split())
    return found


def skeleton(text: str) -> str:
    """UTS #39's skeleton: NFD, every character its prototype, NFD again."""
    table = prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(table.get(c, c) for c in decomposed))


def folded(text: str) -> str:
    """A name as the class book keeps it: NFKC (compatibility forms are their letters)."""
    return unicodedata.normalize("NFKC", text)


def look(text: str) -> str:
    """What a name looks like: names that look alike have the same look (case-folded before
    and after the skeleton, whose prototypes may be capitals: "0la" looks like "Ola")."""
    return skeleton(folded(text).casefold()).casefold()


def invisible(character: str) -> bool:
    """Is `character` one a font draws as nothing (UTS #39 never allows it in a name): the
    Hangul fillers that made "\u115fAnna" look like "Anna", a zero-width space, a soft hyphen."""
    code = ord(character)
    return any(first <= code <= last for first, last in IGNORABLE)
