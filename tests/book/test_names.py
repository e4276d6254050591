"""A nickname holds only characters Unicode TS #39 marks Allowed in identifiers (issue 50): the
letters, marks and digits of the scripts in use and ' - . : _, words apart by one space; never
a Hangul filler, an emoji or markup. The table is Unicode's own, compacted by
scripts/identifier_table.py and shipped; these tests check both the table and the names."""

from __future__ import annotations

import importlib.util
import unicodedata
from bisect import bisect_right
from itertools import accumulate, pairwise
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from mathcards.book import BadNickname, names
from mathcards.book.identifiers import TABLE, allowed, ranges

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "identifier_table.py"
KEPT = ["Anna K.", "Jan-Paweł", "O'Neil", "Student 1", "Lama 17", "Kim_2", "Żółć Ślęża", "अनिल"]


def script():
    spec = importlib.util.spec_from_file_location("identifier_table", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def allowed_characters() -> st.SearchStrategy[str]:
    """Any code point the table allows that a font draws (not the zero-width joiners)."""
    firsts, lasts = ranges()
    ends = list(accumulate(last - first + 1 for first, last in zip(firsts, lasts, strict=True)))

    def nth(index: int) -> str:
        at = bisect_right(ends, index)
        return chr(firsts[at] + index - (ends[at - 1] if at else 0))

    drawn = st.integers(0, ends[-1] - 1).map(nth).filter(lambda c: c not in "\u200c\u200d")
    return st.sampled_from("ąłżŁóŚéßøAz09'-.") | drawn


WORDS = st.lists(st.text(allowed_characters(), min_size=1, max_size=6), min_size=1, max_size=3)
REFUSED = st.characters().filter(
    lambda c: not names.fits(c) and not c.isspace() and unicodedata.normalize("NFKC", c) == c
)


@pytest.mark.parametrize("character", "ąłżŁóŚéßøAz09'-.")
def test_the_letters_digits_and_marks_of_names_are_allowed(character):
    assert allowed(character) and names.fits(character)


@pytest.mark.parametrize("character", ["\u115f", "\u3164", "\u200b", "😀", "🦙", "@", "<", "\x00"])
def test_fillers_emoji_and_symbols_are_not(character):
    assert not allowed(character) and not names.fits(character)


def test_the_shipped_table_is_unicodes_header_and_sorted_ranges():
    lines = TABLE.read_text(encoding="utf-8").splitlines()
    header = [line for line in lines if line.startswith("#")]
    assert any("© 2021 Unicode" in line for line in header)
    assert any("terms_of_use" in line for line in header)
    assert "# Version: 14.0.0" in header
    spans = [tuple(int(code, 16) for code in line.split("..")) for line in lines[len(header) :]]
    assert all(first <= last for first, last in spans)
    assert all(last < first for (_, last), (first, _) in pairwise(spans)), "sorted, apart"
    assert (len(spans), sum(last - first + 1 for first, last in spans)) == (550, 107_957)


def test_the_shipped_table_is_what_the_script_makes_of_it():
    shipped = TABLE.read_text(encoding="utf-8")
    lines = shipped.splitlines()
    spans = [line for line in lines if not line.startswith("#")]
    total = sum(int(b, 16) - int(a, 16) + 1 for a, b in (line.split("..") for line in spans))
    made = (f"{span} ; Allowed # x" for span in reversed(spans))
    again = "\n".join([*lines[:10], "", *made, f"# Total code points: {total}"])
    assert script().compact(again) == shipped


SAMPLE = """\ufeff# IdentifierStatus.txt
# © 2021 Unicode®, Inc.
# For terms of use, see http://www.unicode.org/terms_of_use.html

#\tIdentifier_Status:\tAllowed

0061..007A    ; Allowed    # 1.1   [26] LATIN SMALL LETTER A..LATIN SMALL LETTER Z
0027          ; Allowed    # 1.1        APOSTROPHE
00B7          ; Allowed    # 1.1        MIDDLE DOT

# Total code points: 28
"""


def test_the_script_keeps_the_header_and_every_allowed_range_in_order():
    made = script().compact(SAMPLE).splitlines()
    assert made[:3] == [
        "# IdentifierStatus.txt",
        "# © 2021 Unicode®, Inc.",
        "# For terms of use, see http://www.unicode.org/terms_of_use.html",
    ]
    assert made[-3:] == ["0027..0027", "0061..007A", "00B7..00B7"]


@pytest.mark.parametrize(
    "broken",
    [
        SAMPLE.replace("Total code points: 28", "Total code points: 29"),  # a line lost
        SAMPLE.replace("00B7          ;", "0062          ;"),  # overlapping ranges
    ],
)
def test_the_script_refuses_a_file_that_does_not_add_up(broken):
    with pytest.raises(ValueError):
        script().compact(broken)


@pytest.mark.parametrize("name", KEPT)
def test_the_names_a_class_has_are_kept(name):
    assert names.nickname(name) == name


@pytest.mark.parametrize(
    ("typed", "character", "said"),
    [
        ("\u115fAnna", "\u115f", "an invisible character (U+115F)"),
        ("Anna\u3164", "\u3164", "an invisible character (U+3164)"),
        ("Anna😀", "😀", "“😀” (U+1F600)"),
        ("<b>Anna</b>", "<", "“<” (U+003C)"),
        ("a@b", "@", "“@” (U+0040)"),
        ("Ａ＠", "＠", "“＠” (U+FF20)"),  # what was typed, not its NFKC
        ("An\u0305na", "\u0305", "“◌\u0305” (U+0305)"),  # a mark on a dotted circle
    ],
)
def test_a_refusal_names_the_character_and_its_code_point(typed, character, said):
    with pytest.raises(BadNickname) as refused:
        names.nickname(typed)
    assert (refused.value.reason, refused.value.detail) == ("character", character)
    assert str(refused.value) == f"A name cannot hold {said}."


@settings(max_examples=300)
@given(WORDS)
def test_any_allowed_characters_in_words_make_a_nickname(words):
    typed = " ".join(words)
    assume(len(typed) <= 30)
    assert names.nickname(typed) == unicodedata.normalize("NFKC", typed)


@settings(max_examples=300)
@given(WORDS, REFUSED, WORDS)
def test_any_character_not_allowed_is_refused_by_name(before, character, after):
    typed = " ".join(before) + character + " ".join(after)
    assume(len(typed) <= 30)
    with pytest.raises(ValueError, match=f"U\\+{ord(character):04X}") as refused:
        names.nickname(typed)
    assert isinstance(refused.value, BadNickname) and refused.value.detail == character


def test_a_hub_name_keeps_what_a_nickname_may_hold():
    assert names.spaced("jan.kowalski@szkoła.pl") == "jan.kowalski szkoła.pl"
    assert names.spaced("\u3164ada\u115f") == "ada"
