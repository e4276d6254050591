"""Every message in every language: the catalogues are complete, their placeholders match, the
compiled catalogues are current, and the language's conventions hold."""

from __future__ import annotations

import re
import string
from fractions import Fraction
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po
from hypothesis import given
from hypothesis import strategies as st

from mathcards import i18n
from mathcards.i18n import LANGUAGES, LOCALE, _, ngettext

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = [language for language in LANGUAGES if language != i18n.DEFAULT]


def source_messages() -> dict[tuple[str | tuple[str, str], str | None], str]:
    """Every message marked in the code (as `make messages` extracts it) with its context (a
    `pgettext`'s), and where it is."""
    with open(ROOT / "babel.cfg") as config:
        method_map, options_map = parse_mapping_cfg(config)
    found: dict[tuple[str | tuple[str, str], str | None], str] = {}
    for path, line, message, _comments, context in extract_from_dir(ROOT, method_map, options_map):
        key = message if isinstance(message, str) else tuple(message[:2])
        found.setdefault((key, context), f"{path}:{line}")
    return found


def po(language: str):
    with open(LOCALE / language / "LC_MESSAGES" / "mathcards.po", "rb") as file:
        return read_po(file)


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated(language):
    catalogue = po(language)
    missing = [
        f"{where}: {key!r}"
        for (key, context), where in source_messages().items()
        if not (entry := catalogue.get(key if isinstance(key, str) else key[0], context=context))
        or entry.fuzzy
        or not all(entry.string if isinstance(entry.string, tuple) else [entry.string])
    ]
    assert not missing, f"{len(missing)} messages lack a {language} translation:\n" + "\n".join(
        missing
    )


@pytest.mark.parametrize("language", TRANSLATED)
def test_translations_keep_their_placeholders(language):
    wrong = []
    for entry in po(language):
        if not entry.id:
            continue
        ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
        forms = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        wanted = set().union(*map(placeholders, ids))
        for form in filter(None, forms):
            # the singular may leave the count unsaid ("jedna karta"), no form adds a name
            if not placeholders(ids[0]) <= placeholders(form) <= wanted:
                wrong.append(f"{ids[0]!r} -> {form!r}")
    assert not wrong, "translations whose {placeholders} differ:\n" + "\n".join(wrong)


@pytest.mark.parametrize("language", TRANSLATED)
def test_compiled_catalogue_is_current(language):
    """The .mo the package reads says what the .po says (`make messages` compiles it)."""
    compiled = i18n.catalogue(language)
    for entry in po(language):
        if entry.id and not entry.fuzzy and entry.string:
            if isinstance(entry.id, tuple):
                for n, form in zip((1, 2, 5), entry.string, strict=False):
                    assert compiled.ngettext(*entry.id, n) == form
            else:
                said = (
                    compiled.pgettext(entry.context, entry.id)
                    if entry.context
                    else compiled.gettext(entry.id)
                )
                assert said == entry.string


def test_polish_has_three_plural_forms():
    """1 karta, 2 karty, 5 kart, 12 kart, 22 karty."""
    plural = i18n.catalogue("pl").plural  # type: ignore[attr-defined]
    assert [plural(n) for n in (1, 2, 4, 5, 12, 14, 22, 25, 101)] == [0, 1, 1, 2, 2, 2, 1, 2, 2]


@pytest.fixture
def polish():
    i18n.use("pl")
    yield
    i18n.use("en")


def test_numbers_as_each_language_writes_them(polish):
    assert (i18n.percent(0.954), i18n.number(2.5), i18n.divided_by()) == ("95,4%", "2,5", ":")
    i18n.use("en")
    assert (i18n.percent(0.954), i18n.number(2.5), i18n.divided_by()) == ("95.4%", "2.5", "/")
    assert i18n.percent(1 / 3, digits=0) == "33%"


def test_a_long_exact_value_is_said_about_in_each_language(polish):
    """A fraction of 12 digits is no answer a child reads: a short one stays exact, a long one
    is a decimal with the language's separator, a share a percentage."""
    long = Fraction(168528545005135, 16449147240448)
    assert i18n.exact_or_about(long) == "≈ 10,2"
    assert i18n.exact_or_about(Fraction(519680, 1159587), share=True) == "≈ 44,8%"
    assert i18n.exact_or_about(Fraction(2201, 104)) == "2201/104"
    i18n.use("en")
    assert i18n.exact_or_about(long) == "≈ 10.2" and i18n.exact_or_about(Fraction(6)) == "6"


@given(st.fractions(max_denominator=10**8))
def test_a_fraction_is_short_while_both_its_parts_have_four_digits(value):
    short = i18n.short_fraction(value)
    parts = (abs(value.numerator), value.denominator)
    assert (short is not None) == all(part < 10_000 for part in parts)
    assert short is None or Fraction(short) == value


def test_the_reader_is_you_in_every_language(polish):
    assert i18n.you() == "Ty" and i18n.is_you("Ty") and i18n.is_you("you")
    assert not i18n.is_you("Tymek")


def test_an_unknown_language_is_refused_by_name():
    with pytest.raises(ValueError, match=r"no language 'de'.*en, pl"):
        i18n.use("de")
    assert i18n.language() == "en"


@pytest.mark.parametrize(
    ("environ", "language"),
    [
        ({"LANG": "pl_PL.UTF-8"}, "pl"),
        ({"LANG": "en_GB.UTF-8"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANGUAGE": "de:pl", "LANG": "de_DE.UTF-8"}, "pl"),
        ({"LC_ALL": "pl_PL.UTF-8", "LANG": "en_US.UTF-8"}, "pl"),
        ({"LC_ALL": "C", "LANG": "pl_PL"}, "en"),
        ({}, "en"),
    ],
)
def test_the_environment_chooses_the_language(environ, language):
    assert i18n.from_environment(environ) == language


def test_english_needs_no_catalogue():
    assert _("Team A") == "Team A" and ngettext("{n} card", "{n} cards", 2) == "{n} cards"


def test_no_message_hides_inside_an_f_string():
    """Babel does not look inside f-strings: a `_("…")` written there never reaches the
    catalogue (translating a constant marked elsewhere, `_(NAME)`, is fine)."""
    import io
    import tokenize

    marked = re.compile(r"\b(_|N_|ngettext)\(\s*[rbu]?[\"']")  # a message written there
    found = []
    for folder in ("mathcards", "widgets"):
        for path in (ROOT / folder).rglob("*.py"):
            source = io.StringIO(path.read_text()).readline
            for token in tokenize.generate_tokens(source):
                prefix = re.match(r"[a-zA-Z]*", token.string).group().lower()
                if token.type == tokenize.STRING and "f" in prefix and marked.search(token.string):
                    found.append(f"{path.relative_to(ROOT)}:{token.start[0]}")
    assert not found, found


def test_no_message_is_formatted_before_it_is_translated():
    """`_(f"…")` or `_("…".format())` would look up a sentence no catalogue holds."""
    pattern = re.compile(r"\b(_|N_|ngettext)\(\s*f[\"']")
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for folder in ("mathcards", "widgets")
        for path in (ROOT / folder).rglob("*.py")
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if pattern.search(line)
    ]
    assert not found


def test_sentences_about_a_player_fit_the_reader_and_any_name(polish):
    to_you, to_them = "You quit.", "{player} quits."
    assert i18n.said("Ty", to_you, to_them) == _(to_you)
    assert i18n.said("Ann", to_you, to_them) == _(to_them).format(player="Ann")
    assert i18n.and_list(["Ala", "Bartek", "Celina"]) == "Ala, Bartek i Celina"
    i18n.use("en")
    assert i18n.and_list(["Ann"]) == "Ann" and i18n.and_list(["Ann", "Bo"]) == "Ann and Bo"


@pytest.mark.parametrize(
    "english, polish_words",
    [
        ("a division that is not a whole number", "dzielenie z resztą"),
        ("chances guessed", "liczba typów"),
        ("on average how far off", "średnia odległość od odpowiedzi"),
        ("You did not guess this time.", "Tym razem brak twojego typu."),
        ("Room locked", "Zablokuj dołączanie"),
        ("Someone was faster this time: no cards won.", "tym razem nie zdobywasz kart"),
        ("the share of the rolls so far against the exact chance", "odsetek rzutów"),
    ],
)
def test_the_polish_a_teacher_asked_for(polish, english, polish_words):
    """Issue #49's Polish: the words a Polish teacher read and corrected."""
    assert polish_words in _(english)


def test_polish_says_how_many_cards_were_used_in_every_plural_form(polish):
    """ "użyto 1 karty", "użyto 4 kart", "użyto 5 kart": the impersonal form, genitive."""
    said = "Correct! {calculation} = {target} uses {n} card."
    said_many = "Correct! {calculation} = {target} uses {n} cards."
    forms = [ngettext(said, said_many, n).format(calculation="x", target=1, n=n) for n in (1, 4, 5)]
    assert [form.rsplit(", ", 1)[1] for form in forms] == [
        "użyto 1 karty.",
        "użyto 4 kart.",
        "użyto 5 kart.",
    ]
