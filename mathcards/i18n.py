"""The language of every word a user reads: gettext catalogues compiled with Babel, and each
language's way of writing numbers and division.

One call chooses the language of a page or a process: ``use("pl")``. Code marks a sentence with
``_("…")`` (or ``ngettext`` for a count) where it is said, and with ``N_("…")`` where it is only
named (a module constant), translating it with ``_`` when it is shown. The catalogues live in
``mathcards/locale/<language>/LC_MESSAGES/mathcards.po``; ``make messages`` extracts, updates and
compiles them.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Mapping
from datetime import date
from fractions import Fraction
from pathlib import Path

LANGUAGES = {"en": "English", "pl": "Polski"}  # each language in its own words
DEFAULT = "en"
LOCALE = Path(__file__).with_name("locale")
DOMAIN = "mathcards"
YOU = {"en": "You", "pl": "Ty"}  # the reader's own seat, in every language

_language = DEFAULT
_catalogue: gettext.NullTranslations = gettext.NullTranslations()


def use(language: str) -> None:
    """Speak this language from now on in this page or process: "en" or "pl"."""
    global _language, _catalogue
    _catalogue = catalogue(language)
    _language = language


def catalogue(language: str) -> gettext.NullTranslations:
    """The compiled catalogue of a language (English is the source: no catalogue)."""
    if language not in LANGUAGES:
        raise ValueError(f"there is no language {language!r}: choose one of {', '.join(LANGUAGES)}")
    if language == DEFAULT:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE, [language])


def language() -> str:
    """The language in use: "en" or "pl"."""
    return _language


def from_environment(environ: Mapping[str, str] = os.environ) -> str:
    """The language the environment asks for (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, as gettext
    reads them), if it is one of ours, else English."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        if wanted := environ.get(variable):
            codes = [choice.split("_")[0].split(".")[0].lower() for choice in wanted.split(":")]
            return next((code for code in codes if code in LANGUAGES), DEFAULT)
    return DEFAULT


def _(message: str) -> str:
    """The message in the language in use."""
    return _catalogue.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The message for a count in the language in use (Polish: 1 karta, 2 karty, 5 kart)."""
    return _catalogue.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """The message in `context`: one English message that another language says in two ways
    (a decimal's form: "3.7 percentage points", "3,7 punktu procentowego")."""
    return _catalogue.pgettext(context, message)


def N_(message: str) -> str:
    """Mark a message for the catalogue without translating it yet (for module constants)."""
    return message


def you() -> str:
    """The reader's own seat at a table, in the language in use: "You" or "Ty"."""
    return YOU[_language]


def is_you(player: str) -> bool:
    """Whether a player is the reader ("You", "Ty"), who is spoken to in the second person."""
    return player.strip().casefold() in {name.casefold() for name in YOU.values()}


def said(player: str, to_you: str, to_them: str, **values: object) -> str:
    """A sentence about a player: `to_you` for the reader ("You roll {dice}."), else `to_them`
    ("{player} rolls {dice}."), both marked with N_ and translated here. Polish sentences keep
    any name in the nominative and verbs in the present tense, so they fit every name."""
    if is_you(player):
        return _(to_you).format(player=player, **values)
    return _(to_them).format(player=player, **values)


def and_list(names: list[str]) -> str:
    """Names as a sentence lists them: "Ann", "Ann and Bo", "Ann, Bo and Cy" ("Ann, Bo i Cy")."""
    if len(names) < 2:
        return "".join(names)
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def number(value: float | Fraction, digits: int = 2) -> str:
    """A number as this language writes it, with at most `digits` decimals: 2.5 or 2,5."""
    # Babel when a number is first written: a page showing none (the class lesson, as a class
    # of 30 opens it) never loads it
    from babel.numbers import format_decimal

    pattern = "#,##0." + "#" * digits if digits else "#,##0"
    return format_decimal(float(value), pattern, locale=_language)


SHORT = 4  # a fraction is shown as one while its numerator and denominator have this many digits


def short_fraction(value: Fraction, digits: int = SHORT) -> str | None:
    """A fraction as a reader follows it ("2201/104", "6"), while its numerator and denominator
    have at most `digits` digits each; None when it is longer (a decimal says it better)."""
    if max(len(str(abs(value.numerator))), len(str(value.denominator))) > digits:
        return None
    return str(value)


def percent(share: float | Fraction, digits: int = 1) -> str:
    """A share as a percentage with `digits` decimals: 95.4% or 95,4%."""
    from babel.numbers import format_percent  # Babel when first needed, as in `number`

    pattern = "#,##0." + "0" * digits + "%" if digits else "#,##0%"
    return format_percent(float(share), pattern, locale=_language)


def exact_or_about(value: Fraction, share: bool = False) -> str:
    """A value exactly while its fraction is short ("2201/104"), else about, with one decimal
    as this language writes it: a share as a percentage ("≈ 44.8%"), points as a number
    ("≈ 10.2", "≈ 10,2")."""
    short = short_fraction(value)
    if short is not None:
        return short
    return "≈ " + (percent(value, 1) if share else number(value, 1))


def day(when: date) -> str:
    """A day as this language writes it for a reader: "Friday 11 December", "piątek 11 grudnia"."""
    from babel.dates import format_date  # Babel, when a day is first written

    return format_date(when, "EEEE d MMMM", locale=_language)


def divided_by() -> str:
    """The division sign in printed calculations: "/" in English, ":" in Polish schools."""
    return ":" if _language == "pl" else "/"
