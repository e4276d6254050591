"""How LAMA Dice pages draw and name things: cards and rows, the dice and their layout, the
cases a roll can be, and the computer players."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from html import escape

from mathcards.chips import LLAMA
from mathcards.i18n import N_, _, ngettext
from mathcards.lama_dice.bots import check_strategy
from mathcards.lama_dice.dice import (
    LAYOUTS,
    Case,
    Dice,
    Faces,
    Row,
    name,
    parse_dice,
    parse_value,
)
from mathcards.lama_dice.game import (
    cards_words,
)
from widgets import svg

BLUE, GREY = "#1d4ed8", "#9ca3af"  # 2.6:1 apart: two series told by lightness, not hue alone


OWN_LAYOUT = N_("Your own dice")


# Words shown to the reader are marked here and translated where they are shown: `_(...)`.
CASE_WORDS = {
    Case.THREE_LLAMAS: N_("Three llamas"),
    Case.DISCARD: N_("A match: discard"),
    Case.TAKE: N_("No match: take from the llama row"),
    Case.BUST: N_("Bust"),
}
SAYINGS = {
    Case.THREE_LLAMAS: N_("Three llamas! No card moves — you may return a chip."),
    Case.DISCARD: N_("A match: discard cards from your row, one per matching die."),
    Case.TAKE: N_("No match in your row: take a card the dice show from the llama row."),
    Case.BUST: N_("Bust! Nothing matches: the whole llama row is yours, and the round ends."),
}
COMPUTER_NAMES = {"cautious": N_("Cautious Cleo"), "bold": N_("Bold Bea"), "best": N_("Best Bo")}
HOW_THEY_PLAY = {  # a computer player's name and how it plays, in a table
    "cautious": N_("{name} (cautious)"),
    "bold": N_("{name} (bold)"),
    "best": N_("{name} (best)"),
}


def lama_card(value: int, width: int = 60, *, highlight: bool = False) -> str:
    """A LAMA card in the game's look (a number in its colour, or a drawn llama): the one place
    a LAMA Dice card is drawn."""
    if value == LLAMA:
        spoken = _("llama card, matches a die") if highlight else _("llama card")
    else:
        spoken = (_("card {value}, matches a die") if highlight else _("card {value}")).format(
            value=value
        )
    extra = "mc-match" if highlight else ""
    if value == LLAMA:
        return svg.llama(width=width, label=spoken, extra=extra)
    return svg.lama_number(value, width=width, label=spoken, extra=extra)


def render_row(
    row: Row,
    *,
    face_down: bool = False,
    css_class: str = "mc-row",
    highlight: set[int] | frozenset[int] = frozenset(),
    width: int = 60,
) -> str:
    """A row of cards (those a die matches highlighted), or its backs once turned face down."""
    if face_down:
        label = ngettext(
            "a row turned face down: {n} card", "a row turned face down: {n} cards", len(row)
        ).format(n=len(row))
        return svg.row([svg.card_back(len(row), width=width, label=label)], css_class=css_class)
    if not row:
        return f'<div class="{css_class}"><i>' + escape(_("no cards")) + "</i></div>"
    cards = [lama_card(card, width, highlight=card in highlight) for card in row]
    return svg.row(cards, css_class=css_class)


def row_words(row: Row) -> str:
    """A row as a reader says it: "1 2 L", or "no cards"."""
    return cards_words(row) or _("no cards")


def render_layout(dice: Dice, *, size: int = 34) -> str:
    """The three dice drawn face by face: the layout this page uses. Each die is one image to
    a screen reader, its faces in words ("die 1: 3, 4, 5, 6, llama, llama")."""
    spoken, shown = _("die {number}: {faces}"), _("Die {number}")
    dice_drawn = "".join(
        f'<div class="mc-layout-die" role="img" '
        f'aria-label="{escape(spoken.format(number=i, faces=faces_words(die)))}">'
        f"<b>{escape(shown.format(number=i))}</b>"
        f"{''.join(svg.die(name(face), 'white', size=size) for face in die)}</div>"
        for i, die in enumerate(dice, 1)
    )
    return f'<div class="mc-layout"><div class="mc-layout-dice">{dice_drawn}</div></div>'


def faces_words(die: tuple[int, ...]) -> str:
    """A die's faces as a reader says them: "3, 4, 5, 6, llama, llama"."""
    return ", ".join(_("llama") if face == LLAMA else str(face) for face in die)


def render_dice_used(dice: Dice, *, size: int = 26) -> str:
    """The dice a page plays with, drawn small under "The dice:" (never as 3456LL,…)."""
    said = escape(_("The dice:"))
    return f'<div class="mc-dice-used"><small>{said}</small>{render_layout(dice, size=size)}</div>'


def layout_name(dice: Dice) -> str:
    """The layout's name if it is one of the named ones, else "Your own dice"."""
    return next((label for label, text in LAYOUTS.items() if parse_dice(text) == dice), OWN_LAYOUT)


def render_dice(faces: Faces | None, *, size: int = 72) -> str:
    """The three dice as rolled (they tumble in when shown), or three "?" before a roll."""
    shown = [name(face) for face in faces] if faces else ["?"] * 3
    return svg.row([svg.die(face, "white", size=size) for face in shown], css_class="mc-dice-row")


def in_216(p: Fraction) -> int:
    """How many of the 216 rolls a probability counts (every layout has 6 × 6 × 6 rolls)."""
    return int(p * 216)


def read_row(text: str) -> Row:
    """A row typed as card values: ``1 1 3 L`` (spaces or commas)."""
    return tuple(sorted(parse_value(part) for part in text.replace(",", " ").split()))


def computer_names(opponents: tuple[str, ...]) -> dict[str, str]:
    """A name for each computer player that says how it plays: "Cautious Cleo", "Best Bo 2"."""
    seen: Counter[str] = Counter()
    names = {}
    for strategy in opponents:
        check_strategy(strategy)
        seen[strategy] += 1
        extra = f" {seen[strategy]}" if opponents.count(strategy) > 1 else ""
        names[_(COMPUTER_NAMES[strategy]) + extra] = strategy
    return names


def computer_player(strategy: str) -> str:
    """A computer player's name and how it plays: "Best Bo (best)"."""
    return _(HOW_THEY_PLAY[strategy]).format(name=_(COMPUTER_NAMES[strategy]))


def render_rows(
    row: Row,
    llama_row: Row,
    lit: frozenset[int] = frozenset(),
    lit_llama: frozenset[int] = frozenset(),
) -> str:
    """Your row and the llama row, each under its name (the cards a die shows lit up)."""
    yours, llamas = escape(_("Your row:")), escape(_("Llama row:"))
    return (
        f"<p>{yours}</p>{render_row(row, highlight=lit)}"
        f"<p>{llamas}</p>{render_row(llama_row, highlight=lit_llama)}"
    )
