"""How LAMA pages draw the game: cards, hands, the other seats, the piles, the odds panel,
and the choices of deck and rules every LAMA widget offers."""

from __future__ import annotations

import base64
from html import escape

import ipywidgets as w
from ipywidgets.widgets.widget_description import DescriptionStyle

from mathcards.i18n import N_, _, ngettext, number, percent
from mathcards.lama.cards import PRESETS, Card, score, score_in_words, sort_hand
from mathcards.lama.cards import preset as find_preset
from mathcards.lama.odds import draw_odds
from mathcards.lama.view import LamaView
from widgets import svg
from widgets.controls import fixed, shared

NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eli")
SEAT_NAMES = {  # a computer player at the table: its name and how it plays ("Ada (cautious)")
    "random": N_("{name} (random)"),
    "cautious": N_("{name} (cautious)"),
    "bold": N_("{name} (bold)"),
    "expert": N_("{name} (expert)"),
}
CARD_WIDTH = 70


LLAMA_SCORING_LABELS = {  # as the menu shows them
    "once": N_("10 for all llamas"),
    "each": N_("10 for each llama"),
}
STARTER_LABELS = {
    "left-of-dealer": N_("the player left of the dealer"),
    "round-ender": N_("whoever ended the last round"),
}
NOBODY = "—"  # an empty seat


def computer_name(seat: int, strategy: str) -> str:
    """The computer player in a seat, named with how it plays; in Polish words that agree with
    any name ("Ada (gra ostrożnie)", never "Ada (ostrożny)")."""
    return _(SEAT_NAMES[strategy]).format(name=NAMES[seat])


def card_svg(card: Card, width: int = CARD_WIDTH) -> str:
    """A card in the game's look."""
    if card is Card.PINK_LLAMA:
        return svg.llama(pink=True, width=width)
    if card is Card.LLAMA:
        return svg.llama(width=width)
    if card is Card.MOSQUITO:
        return svg.mosquito(width=width)
    return svg.lama_number(card.rank, plus=card.plus, width=width)


def _background(card: Card) -> str:
    """A card's drawing as a CSS background image."""
    encoded = base64.b64encode(card_svg(card).encode()).decode()
    return f"url('data:image/svg+xml;base64,{encoded}')"


HAND_CARD = ".mc-lama-hand button.mc-hand-card.jupyter-button"  # outranks the page's buttons
HAND_STYLE = (  # your hand: the biggest cards on the page, buttons drawn as the cards
    "<style>"
    ".mc-lama-hand { gap: 8px; }"
    f"{HAND_CARD} {{ width: 96px; height: 139px; min-height: 0; flex: 0 0 auto; padding: 0; "
    "margin: 0; border: none; border-radius: 11px; background-color: transparent; "
    "background-size: 100% 100%; background-repeat: no-repeat; color: transparent; "
    "font-size: 0; box-shadow: 0 0 0 3px #1d4ed8; }"
    f"{HAND_CARD}:hover:enabled {{ transform: translateY(-6px); }}"
    f"{HAND_CARD}:disabled {{ opacity: 1; box-shadow: none; filter: saturate(.4) brightness(.92); "
    "cursor: not-allowed; }"
    "@media (max-width: 600px) {"
    f" {HAND_CARD} {{ width: 60px; height: 87px; }}"
    " .mc-lama-hand { gap: 6px; }"
    " .mc-piles svg.mc-lama-card { width: 50px; height: auto; } }"
    + "".join(
        f".mc-lama-hand .mc-card-{card.name.lower()} {{ background-image: {_background(card)}; }}"
        for card in Card
    )
    + "</style>"
)
BACKS_SHOWN = 8  # card backs drawn for a hand; more are counted


def render_hand(hand: tuple[Card, ...] | list[Card], width: int = CARD_WIDTH) -> str:
    """Cards face up, side by side."""
    if not hand:
        none = escape(_("no cards"))
        return f'<div class="mc-row"><i>{none}</i></div>'
    return svg.row([card_svg(card, width) for card in sort_hand(hand)])


def render_backs(count: int, width: int = 34) -> str:
    """A player's hand seen from across the table: backs and the count."""
    shown = [svg.lama_back(width=width) for _back in range(min(count, BACKS_SHOWN))]
    more = f"<span>+{count - BACKS_SHOWN}</span>" if count > BACKS_SHOWN else ""
    cards = escape(ngettext("{n} card", "{n} cards", count).format(n=count))
    return (
        f'<div class="mc-backs" aria-label="{cards}" style="display:flex;gap:2px;'
        f'align-items:center">{"".join(shown)}{more}<span>&nbsp;{cards}</span></div>'
    )


def render_chips(chips: tuple[int, ...], points: int) -> str:
    """A score as chips, and as a number."""
    drawn = "".join(svg.chip(value, size=24) for value in chips)
    none = escape(_("no chips"))
    drawn = drawn or f"<i>{none}</i>"
    count = ngettext("{n} point", "{n} points", points).format(n=points)
    return f'<span class="mc-chips">{drawn} {escape(count)}</span>'


def render_seats(view: LamaView) -> str:
    """Every other player: name, card backs with the count, a quit mark, chips."""
    seats, to_move, quit_word = [], escape(_("to move")), escape(_("quit"))
    for seat in view.others:
        turn = f" ◀ {to_move}" if seat.name in view.to_move else ""
        quit_mark = f' <span class="mc-quit-mark">{quit_word}</span>' if seat.quit else ""
        seats.append(
            f'<div class="mc-seat" data-player="{escape(seat.name)}">'
            f'<div class="mc-seat-name">{escape(seat.name)}{quit_mark}{turn}</div>'
            f"{render_backs(seat.cards)}{render_chips(seat.chips, view.scores[seat.name])}</div>"
        )
    return "".join(seats)


def render_piles(view: LamaView) -> str:
    """The discard pile's top card and the draw pile with its count."""
    if not view.discard_pile:
        return ""
    count = ngettext("draw pile: {n} card", "draw pile: {n} cards", view.draw_pile)
    drawn = svg.lama_back(width=CARD_WIDTH, label=count.format(n=view.draw_pile))
    empty_pile = escape(_("draw pile empty"))
    empty = f'<div class="mc-empty-pile"><i>{empty_pile}</i></div>'
    discard = _("Discard pile ({n})").format(n=len(view.discard_pile))
    draw = _("Draw pile ({n})").format(n=view.draw_pile)
    return (
        '<div style="display:flex;gap:28px;align-items:flex-end">'
        f'<div class="mc-discard-pile"><div>{escape(discard)}</div>'
        f"{card_svg(view.top, 84)}</div>"
        f'<div class="mc-draw-pile"><div>{escape(draw)}</div>'
        f"{drawn if view.draw_pile else empty}</div></div>"
    )


def render_round_end(view: LamaView) -> str:
    """Every hand of the round just played, scored in words."""
    rows = "".join(
        f"<tr><td><b>{escape(s.player)}</b></td><td>{escape(s.words)}</td></tr>"
        for s in view.last_round
    )
    return f'<table class="mc-round-end">{rows}</table>'


def render_odds(view: LamaView) -> str:
    """Before a decision: the chance a draw fits, what it adds on average, what quitting costs."""
    quitting = score(view.hand, llama_scoring=view.llama_scoring)
    words = score_in_words(view.hand, llama_scoring=view.llama_scoring)
    costs = ngettext(
        "Quitting now costs {points} point ({words}).",
        "Quitting now costs {points} points ({words}).",
        quitting,
    )
    lines = [costs.format(points=f"<b>{quitting}</b>", words=escape(words))]
    odds = draw_odds(view)
    if odds is not None:
        chance = _(
            "A card drawn now fits on {card} with chance {exact} ≈ {percent}; on average "
            "it adds {points} points to your hand."
        )
        lines.insert(
            0,
            chance.format(
                card=escape(view.top.the),
                exact=f"<b>{odds.fits}</b>",
                percent=percent(odds.fits, digits=0),
                points=number(odds.cost, 1),
            ),
        )
    else:
        lines.insert(0, escape(_("You cannot draw now.")))
    return '<div class="mc-lama-odds">' + "<br>".join(lines) + "</div>"


def dropdown(description: str, options: list[tuple[str, str]], value: str, css: str) -> w.Dropdown:
    """A described choice among (label, value) options, with a stable CSS class."""
    return w.Dropdown(
        options=options,
        value=value,
        description=description,
        style=shared(DescriptionStyle),
        layout=fixed(),
        _dom_classes=(css,),
    )


def labelled(labels: dict[str, str]) -> list[tuple[str, str]]:
    """Options as (label in the language in use, value): the values stay the code's words."""
    return [(_(shown), value) for value, shown in labels.items()]


def deck_choice(preset: str) -> w.Dropdown:
    """The deck: each preset under its name in the language in use."""
    decks = [(deck.label, name) for name, deck in PRESETS.items()]
    return dropdown(_("Deck"), decks, find_preset(preset).name, "mc-preset")


def llama_scoring_choice() -> w.Dropdown:
    """How llamas score: 10 in all (once) or 10 each."""
    return dropdown(_("Llamas"), labelled(LLAMA_SCORING_LABELS), "once", "mc-llama-scoring")
