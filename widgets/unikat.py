"""Unikat as ipywidgets: the table to play against computer players, the 81 cards and their
neighbours, the odds that a rack can touch the start card, and the chain through all 81 cards.

Every click asks the engine in `mathcards.unikat` what is legal and what happened, then
re-renders; no rule lives here. The render functions are pure (state → HTML).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from html import escape
from typing import Any
from urllib.parse import quote

import ipywidgets as w

from mathcards.i18n import N_, _, ngettext, number, percent, said, you
from mathcards.unikat.board import Cell, cell_text
from mathcards.unikat.bots import STRATEGY_NAMES, check_strategy, choose
from mathcards.unikat.cards import DECK, FEATURES, Card, card, neighbours
from mathcards.unikat.chain import Chain, best_chain
from mathcards.unikat.game import (
    BAG,
    Draw,
    EndTurn,
    Lay,
    Phase,
    Source,
    Stop,
    Swap,
    UnikatGame,
    game_over,
)
from mathcards.unikat.gray import changed_feature, gray_chain, snake, square_features, squares
from mathcards.unikat.odds import (
    OTHERS,
    can_lay_first,
    exactly,
    expected_neighbours,
    touching_pairs,
)
from mathcards.unikat.odds import simulate_can_lay_first as simulate
from widgets import svg
from widgets.controls import (
    MESSAGE_STYLE,
    Alarm,
    Clock,
    Complains,
    button,
    html,
    kernel_clock,
    shows_errors,
)

CELL = 58  # a board cell, in pixels
CARD = 64  # a rack or display card, in pixels


def draw(one: Card, width: int = CARD, extra: str = "") -> str:
    """One Unikat card as SVG, labelled in words."""
    return svg.unikat_card(*one.words, label=one.name, code=one.code, width=width, extra=extra)


def _uri(one: Card) -> str:
    return quote(draw(one))


def _card_faces() -> str:
    """Each card as the background of its button (a rack or display card one clicks)."""
    faces = "".join(
        f'.mc-u-{one.code} {{ background-image: url("data:image/svg+xml,{_uri(one)}"); }}\n'
        for one in DECK
    )
    return f"<style>{faces}</style>"


STYLE = """<style>
.mc-unikat-pick { background-size: contain; background-repeat: no-repeat;
  background-position: center; background-color: transparent; border: none; }
.mc-unikat-rack, .mc-unikat-display { padding: 8px 6px; gap: 6px; overflow: visible; }
.mc-unikat-rack .mc-unikat-pick.mc-selected { box-shadow: 0 0 0 5px #f97316 !important; }
.mc-unikat-pick:disabled { opacity: 1; cursor: default; }
.mc-unikat-board { overflow: auto; max-height: 600px; max-width: 100%;
  border: 1px solid #cbd5e1; padding: 6px; background: #f1f5f9; }
.mc-unikat-slot { background: #fde68a; border: 3px dashed #b45309; min-width: 0; }
.mc-unikat-slot:hover { background: #fbbf24; }
.mc-unikat-last svg { outline: 4px solid #f97316; outline-offset: -2px; }
.mc-unikat-hint { opacity: .55; position: relative; }
.mc-unikat-hint b { position: absolute; left: 4px; top: 0; font: 700 20px sans-serif;
  color: #111827; background: #fff; border-radius: 6px; padding: 0 4px; }
.mc-unikat-status { font-size: 17px; }
.mc-unikat-log { font-size: 15px; color: #334155; }
.mc-unikat-table-view, .mc-unikat-deck-grid { display: grid; gap: 2px; max-width: 100%; }
.mc-unikat-table-view svg, .mc-unikat-deck-grid svg { width: 100%; height: auto; display: block; }
.mc-unikat-curve { max-width: 100%; height: auto; }
.mc-unikat-exact, .mc-unikat-simulated { overflow-wrap: anywhere; }
.mc-unikat-step { display: inline-flex; flex-direction: column; align-items: center;
  margin: 2px; font: 12px sans-serif; }
.mc-unikat-verdict { font-size: 18px; min-height: 1.4em; }
</style>"""


# ---------------------------------------------------------------- pure rendering


def render_table(
    table: Mapping[Cell, Card], *, width: int = CELL, marked: Iterable[Cell] = ()
) -> str:
    """Cards on their cells, the smallest rectangle around them; `marked` cells stand out."""
    if not table:
        return '<div class="mc-unikat-table-view"></div>'
    xs, ys = [x for x, _y in table], [y for _x, y in table]
    shown = set(marked)
    cells = []
    for y in range(min(ys), max(ys) + 1):
        for x in range(min(xs), max(xs) + 1):
            one = table.get((x, y))
            extra = "mc-unikat-marked" if (x, y) in shown else ""
            cells.append(draw(one, width, extra) if one else "<div></div>")
    columns = f"grid-template-columns: repeat({max(xs) - min(xs) + 1}, minmax(0, {width}px))"
    return f'<div class="mc-unikat-table-view" style="{columns}">{"".join(cells)}</div>'


# What the player whose turn it is does now: to you, and about anyone else.
DOING = {
    Phase.ACT: (N_("You: lay or swap."), N_("{player}: lay or swap.")),
    Phase.LAYING: (
        N_("You: lay next to the card laid just before, or stop."),
        N_("{player}: lay next to the card laid just before, or stop."),
    ),
    Phase.EXTRA: (
        N_("You: one more action for the double move, or end the turn."),
        N_("{player}: one more action for the double move, or end the turn."),
    ),
    Phase.DRAW: (
        N_("You: draw a card from the display or the bag."),
        N_("{player}: draw a card from the display or the bag."),
    ),
}


def render_status(game: UnikatGame, player: str) -> str:
    """Whose turn, what to do, the rack sizes of everyone, the bag, and the minus points."""
    view = game.view(player)
    counts = " · ".join(
        ngettext("{player}: {n} card", "{player}: {n} cards", count).format(
            player=escape(name), n=count
        )
        for name, count in view.rack_sizes.items()
    )
    points = " · ".join(f"{escape(name)} {score}" for name, score in view.minus_points.items())
    if view.to_play is None:
        doing = _("The round is over.")
    else:
        doing = escape(said(view.to_play, *DOING[view.phase]))
    table = _(
        "On the racks — {counts}. Bag: {bag}. Minus points (round {round} of {rounds}): {points}."
    ).format(
        counts=counts,
        bag=view.bag_size,
        round=view.rounds,
        rounds=view.rounds_to_play,
        points=points,
    )
    return f'<div class="mc-unikat-status"><b>{doing}</b><br>{table}</div>'


def render_chain(chain: Chain) -> str:
    """A hint in words: each card of a longest chain and its cell."""
    if not chain:
        return _("No card on your rack fits now.")
    steps = "; ".join(
        _("{step}. the {card} at {cell}").format(
            step=i, card=step.card.name, cell=cell_text(step.at)
        )
        for i, step in enumerate(chain, 1)
    )
    return ngettext(
        "The longest chain lays {n} card: {steps}.",
        "The longest chain lays {n} cards: {steps}.",
        len(chain),
    ).format(n=len(chain), steps=steps)


def render_steps(chain: list[Card]) -> str:
    """Cards in a row, each with the feature that changed from the card before it."""
    shown = []
    for i, one in enumerate(chain):
        change = _(changed_feature(chain[i - 1], one)) if i else _("start")
        shown.append(f'<span class="mc-unikat-step">{draw(one, 44)}{escape(change)}</span>')
    return f'<div class="mc-unikat-steps">{"".join(shown)}</div>'


def render_odds_curve(chosen: int, height: int = 200, step: int = 6) -> str:
    """The exact chance for every rack size 1–80 as a curve, the chosen size marked."""
    left, bottom, top = 34, height - 24, 14

    def x(n: int) -> float:
        return left + step * n

    def y(n: int) -> float:
        return bottom - (bottom - top) * float(can_lay_first(n))

    width = int(x(OTHERS)) + 20
    points = " ".join(f"{x(n):.0f},{y(n):.1f}" for n in range(1, OTHERS + 1))
    ticks = "".join(
        f'<text x="{x(n):.0f}" y="{height - 6}" font-size="12" text-anchor="middle">{n}</text>'
        for n in range(10, OTHERS + 1, 10)
    )
    label = escape(
        _("chance that a rack can touch the start card, by rack size; {n} marked").format(n=chosen)
    )
    axis = escape(_("rack size"))
    return (
        f'<svg class="mc-unikat-curve" role="img" aria-label="{label}" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}"><title>{label}</title>'
        f'<line x1="{left}" y1="{bottom}" x2="{width - 6}" y2="{bottom}" stroke="#64748b"/>'
        f'<line x1="{left}" y1="{top}" x2="{left}" y2="{bottom}" stroke="#64748b"/>'
        f'<text x="4" y="{top + 4}" font-size="12">{percent(1, digits=0)}</text>'
        f'<text x="14" y="{bottom}" font-size="12">{percent(0, digits=0)}</text>{ticks}'
        f'<polyline points="{points}" fill="none" stroke="#2563eb" stroke-width="2.5"/>'
        f'<circle cx="{x(chosen):.0f}" cy="{y(chosen):.1f}" r="6" fill="#f97316"/></svg>'
        f'<div style="font-size:13px;margin-left:{left}px">{axis}</div>'
    )


def pairs_that_touch() -> w.HTML:
    """How many pairs of cards may lie side by side, counted pair by pair."""
    count = f"<b>{number(touching_pairs(), 0)}</b>"
    return w.HTML(_("Pairs that may touch, counted one by one: {count}.").format(count=count))


def squares_of_four() -> w.HTML:
    """How many sets of four cards can lie as a 2 × 2 square, counted one by one."""
    count = f"<b>{number(len(squares()), 0)}</b>"
    return w.HTML(
        _("Sets of four cards that can form a 2 × 2 square: {count}.").format(count=count)
    )


def _pick(one: Card, action: Callable[[Card], None], css: str) -> w.Button:
    """A card one can click: its drawing is the button's face, its name the button's label."""
    made = w.Button(tooltip=one.name, layout=w.Layout(width=f"{CARD}px", height=f"{CARD}px"))
    for name in ("mc-unikat-pick", f"mc-u-{one.code}", css):
        made.add_class(name)
    made.on_click(lambda _button: action(one))
    return made


# ---------------------------------------------------------------- the table


def computer(seat: int, strategy: str) -> str:
    """A computer player's name: its number and its strategy, e.g. "Computer 1 (greedy)"."""
    name = _(STRATEGY_NAMES[check_strategy(strategy)])
    return _("Computer {number} ({strategy})").format(number=seat, strategy=name)


class UnikatTable(Complains, w.VBox):
    """You against computer players: click a rack card, then a highlighted cell to lay it."""

    def __init__(
        self,
        opponents: tuple[str, ...] = ("greedy", "expert"),
        *,
        seed: int | None = None,
        rounds_to_play: int = 1,
        pace: float = 0.6,
        clock: Clock = kernel_clock,
    ) -> None:
        self.strategies = {computer(i, s): s for i, s in enumerate(opponents, 1)}
        self.you = you()
        self.seed, self.games, self.rounds_to_play = seed, 0, rounds_to_play
        self.pace, self.alarm = pace, Alarm(clock)
        self.selected: Card | None = None
        self.hint: Chain = ()
        self.cells: dict[Card, w.HTML] = {}
        self.picks: dict[tuple[Card, str], w.Button] = {}
        self.blank = html("mc-unikat-empty")
        self.status = html("mc-unikat-status-box")
        self.grid = w.GridBox()
        self.board = w.Box([self.grid])
        self.board.add_class("mc-unikat-board")
        self.display_help = html("mc-unikat-display-help")
        self.display_row = w.HBox()
        self.display_row.add_class("mc-unikat-display")
        self.rack_row = w.HBox()
        self.rack_row.add_class("mc-unikat-rack")
        self.actions = w.HBox()
        self.actions.add_class("mc-actions")
        self.message = html("mc-message-box")
        self.story = html("mc-unikat-log")
        self.new_button = button(
            _("New game"), "mc-new-game", self.new_game, button_style="primary"
        )
        self.hint_button = button(_("Hint"), "mc-hint", self.show_hint, icon="lightbulb-o")
        super().__init__(
            [
                w.HTML(STYLE + MESSAGE_STYLE + _card_faces()),
                w.HBox([self.new_button, self.hint_button]),
                self.status,
                self.board,
                self.display_help,
                self.display_row,
                w.HTML(_("<b>Your rack</b> (click a card to see where it may go)")),
                self.rack_row,
                self.actions,
                self.message,
                self.story,
            ]
        )
        self.add_class("mc-unikat-table")
        self.new_game()

    # ------------------------------------------------------------ clicks

    @shows_errors
    def new_game(self, _button: object = None) -> None:
        """Deal a new game (the next seed, if seeded)."""
        seed = None if self.seed is None else self.seed + self.games
        self.games += 1
        self.alarm.stop()
        self.game = UnikatGame(
            [self.you, *self.strategies], seed=seed, rounds_to_play=self.rounds_to_play
        )
        self.rng = random.Random(seed)
        self.selected, self.hint = None, ()
        self._tell()
        self.say("")
        self._after_move()

    @shows_errors
    def select(self, one: Card) -> None:
        """Choose a rack card (again: put it back); its cells light up on the board."""
        self.selected = None if self.selected == one else one
        self.say("")
        self._render()

    @shows_errors
    def lay_at(self, cell: Cell) -> None:
        if self.selected is None:
            raise ValueError(_("Choose a card from your rack first."))
        self._act(Lay(self.selected, cell))

    @shows_errors
    def take(self, source: Source) -> None:
        """Draw this card at the end of your turn, or swap your chosen card for it."""
        if self.game.phase is Phase.DRAW:
            self._act(Draw(source))
        elif self.selected is None:
            raise ValueError(_("To swap, first choose the card from your rack you give away."))
        else:
            self._act(Swap(self.selected, source))

    @shows_errors
    def stop(self, _button: object = None) -> None:
        self._act(Stop())

    @shows_errors
    def end_turn(self, _button: object = None) -> None:
        self._act(EndTurn())

    @shows_errors
    def next_round(self, _button: object = None) -> None:
        self.game.next_round()
        self._tell()
        self._after_move()

    @shows_errors
    def show_hint(self, _button: object = None) -> None:
        """Show a longest chain you can lay now, on the board and in words."""
        view = self.game.view(self.you)
        if view.to_play != self.you or view.phase not in (Phase.ACT, Phase.LAYING, Phase.EXTRA):
            raise ValueError(_("A hint is for your turn, when you may lay cards."))
        self.hint = best_chain(view.board, view.rack, view.after)
        self.say(render_chain(self.hint))
        self._render()

    def _act(self, action: Any) -> None:
        self.game.apply(action)
        self._tell()
        self.selected, self.hint = None, ()
        self.say("")
        self._after_move()

    # ------------------------------------------------------------ computer players

    def _after_move(self) -> None:
        self._render()
        if self._computers_turn():
            self._schedule()

    def _computers_turn(self) -> bool:
        return not self.game.round_over and self.game.current_players() != [self.you]

    def _schedule(self) -> None:
        if self.pace <= 0:
            while self._computers_turn():
                self._computer_moves()
        else:
            self.alarm.set(self.pace, self._computer_moves)

    @shows_errors
    def _computer_moves(self) -> None:
        """One computer move at a time, so the class sees each card laid."""
        if not self._computers_turn():
            return
        player = self.game.current_players()[0]
        self.game.apply(choose(self.game, self.strategies[player], self.rng))
        self._tell()
        self._render()
        if self._computers_turn() and self.pace > 0:
            self._schedule()

    def _tell(self) -> None:
        """The story so far: the last six sentences of the game's own log."""
        self.story.value = "<br>".join(escape(line) for line in self.game.log[-6:])

    # ------------------------------------------------------------ rendering

    def _render(self) -> None:
        legal = self.game.legal_actions(self.you)
        self.status.value = render_status(self.game, self.you)
        self._render_board(legal)
        self._render_cards(legal)
        self.actions.children = self._buttons(legal)
        self.hint_button.disabled = not any(isinstance(move, Lay) for move in legal)

    def _render_board(self, legal: list[Any]) -> None:
        """The table grows with the cards: one cell more on every side, scrolling when large."""
        board = self.game.board
        slots = {move.at for move in legal if isinstance(move, Lay) and move.card == self.selected}
        hints = {step.at: i for i, step in enumerate(self.hint, 1)}
        cells = [*board, *slots, *hints]
        xs, ys = [x for x, _y in cells], [y for _x, y in cells]
        last = self.game.chain[-1] if self.game.chain else None
        children: list[w.Widget] = []
        for y in range(min(ys) - 1, max(ys) + 2):
            for x in range(min(xs) - 1, max(xs) + 2):
                children.append(self._cell((x, y), slots, hints, last))
        self.grid.layout = w.Layout(
            grid_template_columns=f"repeat({max(xs) - min(xs) + 3}, {CELL}px)",
            grid_auto_rows=f"{CELL}px",
            grid_gap="2px",
        )
        self.grid.children = children

    def _cell(self, cell: Cell, slots: set[Cell], hints: dict[Cell, int], last: Cell | None):
        one = self.game.board.get(cell)
        if one is not None:
            if one not in self.cells:  # one view per card, made once
                self.cells[one] = html("mc-unikat-cell", draw(one, CELL))
            shown = self.cells[one]
            (shown.add_class if cell == last else shown.remove_class)("mc-unikat-last")
            return shown
        if cell in slots:
            slot = w.Button(
                tooltip=_("lay it here, at {cell}").format(cell=cell_text(cell)),
                layout=w.Layout(width=f"{CELL}px", height=f"{CELL}px"),
            )
            slot.add_class("mc-unikat-slot")
            slot.on_click(lambda _button, cell=cell: self.lay_at(cell))
            return slot
        if cell in hints:
            step = self.hint[hints[cell] - 1]
            return html("mc-unikat-hint", f"{draw(step.card, CELL)}<b>{hints[cell]}</b>")
        return self.blank

    def _render_cards(self, legal: list[Any]) -> None:
        """The rack (click to choose) and the display (click to draw or swap), as the engine
        allows."""
        sources = {move.source for move in legal if isinstance(move, Draw)}
        sources |= {move.take for move in legal if isinstance(move, Swap)}
        rack = []
        for one in sorted(self.game.racks[self.you]):
            pick = self._pick(one, "rack")
            (pick.add_class if one == self.selected else pick.remove_class)("mc-selected")
            rack.append(pick)
        self.rack_row.children = tuple(rack)
        display = []
        for one in self.game.display:
            pick = self._pick(one, "display")
            pick.disabled = one not in sources
            display.append(pick)
        drawing = self.game.phase is Phase.DRAW
        self.display_help.value = (
            _("<b>Display</b> — click a card to draw it, or draw from the bag")
            if drawing
            else _(
                "<b>Display</b> — to swap, choose a card on your rack, then click a display "
                "card or the bag"
            )
        )
        label = _("Draw from the bag ({count})") if drawing else _("Swap with the bag ({count})")
        bag = button(
            label.format(count=len(self.game.bag)), "mc-unikat-bag", lambda _b: self.take(BAG)
        )
        bag.layout = w.Layout(height=f"{CARD}px")
        bag.disabled = BAG not in sources
        self.display_row.children = (*display, bag)

    def _pick(self, one: Card, where: str) -> w.Button:
        """The button for a card on your rack or in the display (made once, then reused)."""
        if (one, where) not in self.picks:
            action = self.select if where == "rack" else self.take
            self.picks[one, where] = _pick(one, action, f"mc-unikat-{where}-card")
        return self.picks[one, where]

    def _buttons(self, legal: list[Any]) -> tuple[w.Widget, ...]:
        if self.game.over:
            return (w.HTML(f"<b>{escape(game_over(self.game.winners()))}</b>"),)
        if self.game.round_over:
            return (button(_("Next round"), "mc-next-round", self.next_round),)
        shown = []
        if Stop() in legal:
            shown.append(button(_("Stop laying"), "mc-stop", self.stop))
        if EndTurn() in legal:
            shown.append(button(_("End turn"), "mc-end-turn", self.end_turn))
        return tuple(shown)


# ---------------------------------------------------------------- the 81 cards


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
                w.HTML(STYLE + MESSAGE_STYLE),
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
        return Card(
            *(
                feature.values.index(choice.value)
                for feature, choice in zip(FEATURES, self.choices, strict=True)
            )
        )

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


def render_deck(chosen: Card | None = None, marked: set[Card] | None = None) -> str:
    """All 81 cards in a 9 × 9 square: shape and background down, colour and size across."""
    marked = marked or set()
    cells = []
    for one in sorted(DECK):
        faded = chosen is not None and one != chosen and one not in marked
        extra = "mc-unikat-chosen" if one == chosen else ""
        style = ' style="opacity:.25"' if faded else ""
        cells.append(f"<div{style}>{draw(one, 40, extra)}</div>")
    return (
        '<div class="mc-unikat-deck-grid" style="grid-template-columns:repeat(9, minmax(0, 42px))">'
        f"{''.join(cells)}</div>"
    )


class RackOdds(Complains, w.VBox):
    """Pick a rack size: the exact chance that the rack can touch the start card, next to many
    simulated deals."""

    BATCHES = (100, 1_000, 10_000)

    def __init__(self, rack_size: int = 10, seed: int | None = 2026) -> None:
        self.seed = seed
        self.deals: list[bool] = []
        self.size = w.IntSlider(value=rack_size, min=1, max=OTHERS, description=_("rack size"))
        self.size.add_class("mc-unikat-rack-size")
        self.size.observe(lambda _change: self.reset(), names="value")
        self.exact = html("mc-unikat-exact")
        self.simulated = html("mc-unikat-simulated")
        self.message = html("mc-message-box")
        buttons = [
            button(
                ngettext("Deal {count} rack", "Deal {count} racks", n).format(count=number(n, 0)),
                f"mc-deal-{n}",
                lambda _b, n=n: self.deal(n),
            )
            for n in self.BATCHES
        ]
        super().__init__(
            [
                w.HTML(STYLE + MESSAGE_STYLE),
                self.size,
                self.exact,
                w.HBox(buttons),
                self.simulated,
                self.message,
            ]
        )
        self.reset()

    @shows_errors
    def reset(self) -> None:
        """A new rack size: its exact odds, and no deals yet."""
        n = self.size.value
        chance = can_lay_first(n)
        self.deals = []
        exact = ngettext(
            "A rack of {n} card: exactly {chance} ≈ {percent} that it holds a card that may "
            "touch the start card; on average {expected} such cards.",
            "A rack of {n} cards: exactly {chance} ≈ {percent} that it holds a card that may "
            "touch the start card; on average {expected} such cards.",
            n,
        ).format(
            n=n,
            chance=f"<b>{chance}</b>",
            percent=f"<b>{percent(chance)}</b>",
            expected=exactly(expected_neighbours(n)),
        )
        self.exact.value = f"<p>{exact}</p>" + render_odds_curve(n)
        self.simulated.value = ""

    @shows_errors
    def deal(self, count: int) -> None:
        """Deal `count` more racks of the chosen size; compare the share with the exact chance."""
        seed = None if self.seed is None else self.seed + len(self.deals)
        self.deals += simulate(self.size.value, count, seed=seed)
        share = sum(self.deals) / len(self.deals)
        gap = share - float(can_lay_first(self.size.value))
        simulated = _(
            "{hits} of {deals} simulated racks could touch it: {share} (off the exact chance by "
            "{gap})."
        ).format(
            hits=number(sum(self.deals), 0),
            deals=number(len(self.deals), 0),
            share=f"<b>{percent(share)}</b>",
            gap=("+" if gap >= 0 else "−") + percent(abs(gap)),
        )
        self.simulated.value = f"<p>{simulated}</p>"


# ---------------------------------------------------------------- one chain through 81 cards


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
                w.HTML(STYLE + MESSAGE_STYLE),
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


# A side of the square whose two cards do not touch.
TOP = N_("No: the two cards on the top do not differ in exactly one feature.")
BOTTOM = N_("No: the two cards on the bottom do not differ in exactly one feature.")
LEFT = N_("No: the two cards on the left do not differ in exactly one feature.")
RIGHT = N_("No: the two cards on the right do not differ in exactly one feature.")


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
                w.HTML(STYLE + MESSAGE_STYLE),
                w.HBox(self.inputs[:2]),
                w.HBox(self.inputs[2:]),
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
        if len(set(four)) < len(four):
            self.verdict.value = _("No: every card is unique, so one card cannot lie twice.")
            return
        self.picture.value = render_table({(0, 0): a, (1, 0): b, (0, 1): c, (1, 1): d}, width=64)
        for x, y, side in ((a, b, TOP), (c, d, BOTTOM), (a, c, LEFT), (b, d, RIGHT)):
            try:
                changed_feature(x, y)
            except ValueError:
                self.verdict.value = _(side)
                return
        across, down = square_features(a, b, c, d)
        self.verdict.value = _(
            "Yes, a square: along the rows the {across} changes, down the columns the {down}."
        ).format(across=f"<b>{_(across)}</b>", down=f"<b>{_(down)}</b>")


__all__ = [
    "GrayChainBuilder",
    "NeighbourExplorer",
    "RackOdds",
    "SquareChecker",
    "UnikatTable",
    "pairs_that_touch",
    "squares_of_four",
]
