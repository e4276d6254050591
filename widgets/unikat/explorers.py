"""The 81 cards explored: a card and its neighbours, one chain through all 81, and the 2 × 2
square checker."""

from __future__ import annotations

from html import escape

import ipywidgets as w

from mathcards.i18n import _, ngettext, number
from mathcards.unikat.cards import FEATURES, Card, card, card_with, neighbours
from mathcards.unikat.gray import (
    Flaw,
    changed_feature,
    gray_chain,
    snake,
    square_features,
    square_flaw,
    squares,
)
from mathcards.unikat.odds import (
    touching_pairs,
)
from widgets.controls import (
    Complains,
    button,
    html,
    row,
    shows_errors,
)
from widgets.style import FORMULA_STYLE, UNIKAT_STYLE, page_style
from widgets.unikat.cards import (
    draw,
    render_deck,
    render_steps,
    render_table,
)


def pairs_that_touch() -> w.HTML:
    """How many cards and pairs that may touch there are, derived by sympy (3⁴, 81 × 8 / 2),
    and the pairs counted pair by pair."""
    from widgets.unikat.derivation import render_counts  # sympy, once a derivation shows

    count = f"<b>{number(touching_pairs(), 0)}</b>"
    one_by_one = _("Pairs that may touch, counted one by one: {count}.").format(count=count)
    return w.HTML(FORMULA_STYLE + render_counts() + f"<p>{one_by_one}</p>")


def squares_of_four() -> w.HTML:
    """How many sets of four cards can lie as a 2 × 2 square, counted one by one."""
    count = f"<b>{number(len(squares()), 0)}</b>"
    return w.HTML(
        _("Sets of four cards that can form a 2 × 2 square: {count}.").format(count=count)
    )


class NeighbourExplorer(Complains, w.VBox):
    """Choose a card by its four features; see its 8 neighbours and where they sit among all 81."""

    def __init__(self, start: str = "swb1") -> None:
        chosen = card(start)
        self.choices = [
            w.Dropdown(
                options=[(_(word), word) for word in feature.values],
                value=feature.values[value],
                description=_(feature.name),
            )
            for feature, value in zip(FEATURES, chosen, strict=True)
        ]
        for feature, choice in zip(FEATURES, self.choices, strict=True):
            choice.add_class(f"mc-unikat-{feature.name}")
            choice.observe(lambda _change: self.show(), names="value")
        self.message = html("mc-message-box")
        self.neighbours = html("mc-unikat-neighbours")
        self.deck = html("mc-unikat-deck")
        super().__init__(
            [
                page_style(UNIKAT_STYLE),
                w.HBox(self.choices),
                self.neighbours,
                self.deck,
                self.message,
            ]
        )
        self.show()

    @property
    def chosen(self) -> Card:
        """The card whose four features are chosen."""
        return card_with(choice.value for choice in self.choices)

    @shows_errors
    def show(self) -> None:
        """The chosen card, its 8 neighbours and the feature each changes, and all 81."""
        one = self.chosen
        around = neighbours(one)
        steps = "".join(
            f'<span class="mc-unikat-step">{draw(other, 52)}'
            f"{escape(_(changed_feature(one, other)))}</span>"
            for other in around
        )
        touches = _(
            "The {card} {drawing} touches {n} cards: {features} features, each changed to one "
            "of its 2 other values."
        ).format(
            card=f"<b>{escape(one.name)}</b>",
            drawing=draw(one, 52),
            n=len(around),
            features=len(FEATURES),
        )
        self.neighbours.value = f"<p>{touches}</p>{steps}"
        self.deck.value = render_deck(one, set(around))


class GrayChainBuilder(Complains, w.VBox):
    """Build the chain through all 81 cards step by step; then lay it out as a 9 × 9 snake."""

    def __init__(self) -> None:
        self.chain = gray_chain()
        self.shown = 1
        self.steps = html("mc-unikat-chain")
        self.count = html("mc-unikat-chain-count")
        self.snake = html("mc-unikat-snake")
        self.message = html("mc-message-box")
        buttons = [
            button(_("Next card"), "mc-next-card", lambda _b: self.more(1), button_style="primary"),
            button(_("9 more"), "mc-nine-more", lambda _b: self.more(9)),
            button(_("All 81"), "mc-all-81", lambda _b: self.more(81)),
            button(_("Lay it out as a snake"), "mc-lay-snake", self.lay_snake),
            button(_("Start again"), "mc-start-again", self.start_again),
        ]
        super().__init__(
            [
                page_style(UNIKAT_STYLE),
                w.HBox(buttons),
                self.count,
                self.steps,
                self.snake,
                self.message,
            ]
        )
        self._render()

    @shows_errors
    def more(self, count: int) -> None:
        self.shown = min(len(self.chain), self.shown + count)
        self._render()

    @shows_errors
    def start_again(self, _button: object = None) -> None:
        self.shown, self.snake.value = 1, ""
        self._render()

    @shows_errors
    def lay_snake(self, _button: object = None) -> None:
        """The chain so far, row by row, every other row right to left."""
        table = snake(self.chain[: self.shown])
        laid = ngettext(
            "{n} card on the board: every two cards side by side touch, down the columns too.",
            "{n} cards on the board: every two cards side by side touch, down the columns too.",
            self.shown,
        ).format(n=self.shown)
        self.snake.value = f"<p>{laid}</p>" + render_table(table, width=44)

    def _render(self) -> None:
        so_far = self.chain[: self.shown]
        distinct = len(set(so_far))
        count = _(
            "{cards} of 81, all different ({distinct}); each differs from the one before in one "
            "feature, named under it."
        )
        cards = ngettext("{n} card", "{n} cards", self.shown).format(n=self.shown)
        self.count.value = f"<p>{count.format(cards=f'<b>{cards}</b>', distinct=distinct)}</p>"
        self.steps.value = render_steps(so_far)


class SquareChecker(Complains, w.VBox):
    """Type four cards as a 2 × 2 square; see whether they may lie so, and which features change."""

    def __init__(self, square: str = "swb1 swb2 srb1 srb2") -> None:
        codes = square.split()
        corners = (_("top left"), _("top right"), _("bottom left"), _("bottom right"))
        self.inputs = [
            w.Text(value=code, description=corner, layout=w.Layout(width="200px"))
            for code, corner in zip(codes, corners, strict=True)
        ]
        for text in self.inputs:
            text.add_class("mc-unikat-square-input")
            text.observe(lambda _change: self.check(), names="value")
        self.picture = html("mc-unikat-square")
        self.verdict = html("mc-unikat-verdict")
        self.message = html("mc-message-box")
        super().__init__(
            [
                page_style(UNIKAT_STYLE),
                row(*self.inputs[:2]),
                row(*self.inputs[2:]),
                self.picture,
                self.verdict,
                self.message,
            ]
        )
        self.check()

    @shows_errors
    def check(self) -> None:
        """Do the four cards touch round the square? Say which pair does not, or which features
        change."""
        self.verdict.value, self.picture.value = "", ""
        four = [card(text.value) for text in self.inputs]
        self.say("")
        a, b, c, d = four
        flaw = square_flaw(a, b, c, d)
        if flaw is not Flaw.TWICE:  # four cards, one on each corner
            square = {(0, 0): a, (1, 0): b, (0, 1): c, (1, 1): d}
            self.picture.value = render_table(square, width=64)
        if flaw is not None:
            self.verdict.value = _(flaw.value)
            return
        across, down = square_features(a, b, c, d)
        self.verdict.value = _(
            "Yes, a square: along the rows the {across} changes, down the columns the {down}."
        ).format(across=f"<b>{_(across)}</b>", down=f"<b>{_(down)}</b>")
