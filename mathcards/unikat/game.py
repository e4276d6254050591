"""Unikat for 2–4 players (RULES.md §4), as data plus moves, following `RoundGame` (engine.py).

A turn is one action: A, lay cards one after another (`Lay` … `Stop`), or B, swap a rack card
into the display (`Swap`). A card laid next to two or more cards earns a double move: one more
action after the first (`EndTurn` declines it). A player who can neither lay nor swap ends the
turn (`EndTurn`). At the end of a turn a player holding fewer than 10 cards takes one (`Draw`)
from the display or the bag. The first to lay their last card wins the round; every card left
on a rack is one minus point. Scores are minus points, so lower is better.

Decisions where the rules are silent: the round also ends when no card off the table (on the
racks, in the display or in the bag) fits any cell, since then nobody can ever lay again; the
starting player moves one seat clockwise each round; a bag draw with an empty bag draws nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Literal

from mathcards.engine import ChanceOutcome, Event, IllegalAction, check_outcome, check_players
from mathcards.unikat.board import (
    START,
    Cell,
    around,
    cell_text,
    fitting_cards,
    lays,
    touching,
)
from mathcards.unikat.cards import DECK, NEIGHBOURS, Card, card, differences

RACK_SIZE = 10
DISPLAY_SIZE = 3
BAG: Literal["bag"] = "bag"
Source = Card | Literal["bag"]


class Phase(Enum):
    """What the player whose turn it is does next."""

    ACT = "lay or swap"
    LAYING = "lay next to the card laid just before, or stop"
    EXTRA = "take the extra action of the double move, or end the turn"
    DRAW = "draw a card from the display or the bag"
    ROUND_OVER = "the round is over"


@dataclass(frozen=True)
class Lay:
    """Action A: lay `card` from your rack on the cell `at`."""

    card: Card
    at: Cell


@dataclass(frozen=True)
class Stop:
    """Stop laying cards: action A is over."""


@dataclass(frozen=True)
class Swap:
    """Action B: put `card` from your rack into the display and take `take` (a display card, or
    `BAG` for a card from the bag)."""

    card: Card
    take: Source


@dataclass(frozen=True)
class Draw:
    """End of turn with fewer than 10 cards: take one card from the display (`source`) or `BAG`."""

    source: Source


@dataclass(frozen=True)
class EndTurn:
    """End the turn now: decline the double move's extra action, or when you can do nothing."""


Action = Lay | Stop | Swap | Draw | EndTurn | ChanceOutcome[Card]
Into = tuple[str, str | None]  # where a card from the bag goes: ("rack", player), ("start", None)…


@dataclass(frozen=True)
class UnikatView:
    """All that `player` sees: their own rack, the table, and the others' rack sizes only."""

    player: str
    rack: tuple[Card, ...]
    board: Mapping[Cell, Card]
    display: tuple[Card, ...]
    bag_size: int
    rack_sizes: Mapping[str, int]
    to_play: str | None
    phase: Phase
    chain: tuple[Cell, ...]
    double_move: bool
    minus_points: Mapping[str, int]
    rounds: int
    rounds_to_play: int

    @property
    def after(self) -> Cell | None:
        """The cell of the card laid just before, while action A is under way."""
        return self.chain[-1] if self.phase is Phase.LAYING and self.chain else None


def source_text(source: Source) -> str:
    """Where a card is taken from, in words."""
    return "a card from the bag" if source == BAG else f"the {card(source).name} from the display"


class UnikatGame:
    """A game of Unikat; all chance comes from its own `random.Random(seed)`.

    `bag` stacks the bag for a demo or a test: those cards come out first, in that order
    (each player's 10, the start card, the display's 3, then the draws), the rest shuffled.
    A `scripted` game instead waits at each card drawn from the bag for a `ChanceOutcome`.
    """

    def __init__(
        self,
        players: Iterable[str],
        *,
        seed: int | None = None,
        rounds_to_play: int = 1,
        scripted: bool = False,
        bag: Iterable[Card | str] = (),
    ) -> None:
        self.players = check_players(players, game="Unikat", most=4)
        if rounds_to_play < 1:
            raise ValueError(f"play at least one round, not {rounds_to_play}")
        self.rounds_to_play, self.scripted = rounds_to_play, scripted
        self.rng = random.Random(seed)
        self.stacked = _stacked(bag)
        self.log: list[str] = []
        self.minus_points = dict.fromkeys(self.players, 0)
        self.round_winner: str | None = None
        self._rounds = 0
        self._deal()

    # ------------------------------------------------------------ the round

    def _deal(self) -> None:
        """Racks of 10, the start card in the middle, three cards face up: the display."""
        rest = [one for one in DECK if one not in self.stacked]
        self.rng.shuffle(rest)
        self.bag: list[Card] = [*self.stacked, *rest]
        self.stacked = ()
        self.racks: dict[str, list[Card]] = {player: [] for player in self.players}
        self.board: dict[Cell, Card] = {}
        self.display: list[Card] = []
        self.waiting: list[Into] = []
        self.current = self._rounds % len(self.players)
        self._rounds += 1
        self.round_winner = None
        self._start_turn()
        self.phase = Phase.ACT
        for player in self.players:
            self.waiting += [("rack", player)] * RACK_SIZE
        self.waiting += [("start", None)] + [("display", None)] * DISPLAY_SIZE
        self._said: list[str] = [f"Round {self._rounds}, {self.player} to play first."]
        self._settle()
        self.log.append(" ".join(self._said))

    def _start_turn(self) -> None:
        self.chain: list[Cell] = []
        self.action, self.double_move = 1, False

    @property
    def player(self) -> str:
        """Whose turn it is."""
        return self.players[self.current]

    @property
    def rack(self) -> list[Card]:
        """The rack of the player whose turn it is."""
        return self.racks[self.player]

    @property
    def round_over(self) -> bool:
        return self.phase is Phase.ROUND_OVER

    @property
    def rounds(self) -> int:
        return self._rounds

    @property
    def over(self) -> bool:
        """The game ends after the agreed number of rounds."""
        return self.round_over and self._rounds >= self.rounds_to_play

    def next_round(self) -> Event:
        """Deal the next round; the next player clockwise starts it."""
        if not self.round_over:
            raise IllegalAction("the round is still going: finish it first")
        if self.over:
            raise IllegalAction(f"the game is over after {self.rounds_to_play} rounds")
        self._deal()
        return Event(None, "deal", self.log[-1])

    # ------------------------------------------------------------ what may be done

    def current_players(self) -> list[str]:
        """The player whose turn it is; nobody while the bag is drawn from or the round is over."""
        return [] if self.waiting or self.round_over else [self.player]

    def legal_actions(self, player: str | None = None) -> list[Action]:
        """Every move allowed now (lays only on cells next to the table)."""
        if player not in (None, *self.current_players()) or not self.current_players():
            return []
        if self.phase is Phase.DRAW:
            return [Draw(source) for source in self._sources()]
        lays = self._lays()
        if self.phase is Phase.LAYING:
            return [*lays, Stop()]
        swaps: list[Action] = [
            Swap(given, taken) for given in sorted(self.rack) for taken in self._sources()
        ]
        if self.phase is Phase.EXTRA or not (lays or swaps):
            return [*lays, *swaps, EndTurn()]
        return [*lays, *swaps]

    def _lays(self) -> list[Action]:
        after = self.chain[-1] if self.phase is Phase.LAYING else None
        return [Lay(laid, cell) for laid, cell in lays(self.board, self.rack, after)]

    def _sources(self) -> list[Source]:
        """Where a card may be taken from: each display card, and the bag unless it is empty."""
        return [*sorted(self.display), *([BAG] if len(self.bag) > len(self.waiting) else [])]

    def _holding(self) -> int:
        """How many cards the player whose turn it is holds, with any still coming from the bag."""
        return len(self.rack) + self.waiting.count(("rack", self.player))

    def chance_outcomes(self) -> dict[Card, Fraction]:
        """While a scripted game waits for the bag: every card in it, all equally likely."""
        if not self.waiting:
            return {}
        return dict.fromkeys(sorted(self.bag), Fraction(1, len(self.bag)))

    # ------------------------------------------------------------ moves

    def apply(self, action: Action) -> Event:
        """Make a move, or raise `IllegalAction` naming the rule it breaks."""
        if isinstance(action, ChanceOutcome):
            return self._chance(action.outcome)
        if self.round_over:
            raise IllegalAction("the round is over: deal the next round")
        if self.waiting:
            raise IllegalAction("a card must come out of the bag first")
        handlers: dict[type, Callable[[Any], None]] = {
            Lay: self._lay,
            Stop: self._stop,
            Swap: self._swap,
            Draw: self._draw,
            EndTurn: self._end_turn,
        }
        handler = handlers.get(type(action))
        if handler is None:
            raise IllegalAction(f"{action!r} is not a move in Unikat")
        player = self.player
        self._said = []
        handler(action)
        return self._event(player, type(action).__name__.lower())

    def _event(self, player: str | None, kind: str) -> Event:
        sentence = " ".join(self._said)
        self.log.append(sentence)
        return Event(player, kind, sentence)

    def _expect(self, phases: tuple[Phase, ...], doing: str) -> None:
        if self.phase not in phases:
            raise IllegalAction(f"you cannot {doing} now: it is time to {self.phase.value}")

    def _lay(self, action: Lay) -> None:
        self._expect((Phase.ACT, Phase.LAYING, Phase.EXTRA), "lay a card")
        laid, cell = named_card(action.card), named_cell(action.at)
        self._check_lay(laid, cell)
        beside = len(touching(self.board, cell))
        self.rack.remove(laid)
        self.board[cell] = laid
        self.chain.append(cell)
        self.phase = Phase.LAYING
        self._said.append(f"{self.player}: laid the {laid.name} at {cell_text(cell)}.")
        if beside >= 2 and self.action == 1 and not self.double_move:
            self.double_move = True
            self._said.append(f"It touches {beside} cards: a double move!")
        if not self.rack:
            self._end_round(winner=self.player)

    def _check_lay(self, laid: Card, cell: Cell) -> None:
        """The laying rule, and the chain rule of action A, in words."""
        if laid not in self.rack:
            raise IllegalAction(f"the {laid.name} is not on your rack")
        if cell in self.board:
            raise IllegalAction(f"cell {cell_text(cell)} is taken by the {self.board[cell].name}")
        if self.phase is Phase.LAYING and cell not in around(self.chain[-1]):
            raise IllegalAction(
                f"each further card goes next to the card laid just before it, at "
                f"{cell_text(self.chain[-1])}; {cell_text(cell)} is not next to it"
            )
        beside = touching(self.board, cell)
        if not beside:
            raise IllegalAction(f"cell {cell_text(cell)} is not next to any card on the table")
        for other in beside:
            if differences(laid, other) != 1:
                raise IllegalAction(
                    f"the {laid.name} differs from the {other.name} in "
                    f"{differences(laid, other)} features: cards side by side differ in exactly one"
                )

    def _stop(self, _action: Stop) -> None:
        self._expect((Phase.LAYING,), "stop laying")
        self._said.append(f"{self.player}: stopped laying.")
        self._action_done()

    def _swap(self, action: Swap) -> None:
        self._expect((Phase.ACT, Phase.EXTRA), "swap")
        given = named_card(action.card)
        if given not in self.rack:
            raise IllegalAction(f"the {given.name} is not on your rack")
        self._check_source(action.take, "swap for")
        self.rack.remove(given)
        self.display.append(given)
        self._said.append(
            f"{self.player}: put the {given.name} into the display and took "
            f"{source_text(action.take)}."
        )
        self._take(action.take)
        self._action_done()

    def _check_source(self, source: Source, doing: str) -> None:
        """A card taken from the display or the bag must be there."""
        if source == BAG:
            if BAG not in self._sources():
                raise IllegalAction(f"the bag is empty: there is nothing in it to {doing}")
        elif named_card(source) not in self.display:
            raise IllegalAction(f"the {card(source).name} is not in the display to {doing}")

    def _take(self, source: Source) -> None:
        """Onto the rack: a card from the display, or one from the bag."""
        if source == BAG:
            self.waiting.append(("rack", self.player))
            self._draw_waiting()
        else:
            self.display.remove(card(source))
            self.rack.append(card(source))

    def _action_done(self) -> None:
        """After the first action a double move earns one more; otherwise the turn ends."""
        self.chain = []
        if self.action == 1 and self.double_move:
            self.action, self.phase = 2, Phase.EXTRA
            self._said.append(f"{self.player}: one more action, for the double move.")
            self._settle()
        else:
            self._turn_done()

    def _end_turn(self, _action: EndTurn) -> None:
        self._expect((Phase.ACT, Phase.EXTRA), "end the turn")
        if self.phase is Phase.ACT and (self._lays() or self._sources()):
            raise IllegalAction("you can lay or swap, so do one of them")
        self._said.append(f"{self.player}: ended the turn.")
        self._turn_done()

    def _turn_done(self) -> None:
        """At the end of a turn, a player with fewer than 10 cards draws one, if there is one."""
        if self._holding() < RACK_SIZE and self._sources():
            self.phase = Phase.DRAW
            self._settle()
        else:
            self._next_turn()

    def _draw(self, action: Draw) -> None:
        self._expect((Phase.DRAW,), "draw")
        self._check_source(action.source, "draw")
        self._said.append(f"{self.player}: drew {source_text(action.source)}.")
        self._take(action.source)
        self._next_turn()

    def _next_turn(self) -> None:
        self.current = (self.current + 1) % len(self.players)
        self._start_turn()
        self.phase = Phase.ACT
        self._said.append(f"{self.player} to play.")
        self._settle()

    # ------------------------------------------------------------ the bag

    def _chance(self, outcome: object) -> Event:
        if not isinstance(outcome, Card):
            raise IllegalAction(f"only a card can come out of the bag, not {outcome!r}")
        check_outcome(outcome, self.chance_outcomes(), "the bag")
        self._said = []
        self._place(self.bag.pop(self.bag.index(outcome)))
        self._settle()
        return self._event(None, "bag")

    def _place(self, drawn: Card) -> None:
        """The next card out of the bag goes where the first waiting draw wants it."""
        into, player = self.waiting.pop(0)
        if into == "rack" and player is not None:
            self.racks[player].append(drawn)
            if self.scripted:  # unscripted, the move that drew it has said so
                self._said.append(f"{player}: got a card from the bag.")
        elif into == "start":
            self.board[START] = drawn
            self._said.append(f"The start card is the {drawn.name}.")
        else:
            self.display.append(drawn)
            self._said.append(f"The {drawn.name} is turned up in the display.")

    def _settle(self) -> None:
        """Draw what is waiting (unless scripted), refill an empty display, then check the round."""
        while True:
            self._draw_waiting()
            if self.waiting:
                return
            if self.display or not self.bag or self.round_over:
                break
            self._said.append("The display is empty: three new cards are turned up.")
            self.waiting += [("display", None)] * DISPLAY_SIZE
        if self.phase is Phase.ACT and self._stuck():  # at the start of a turn
            self._said.append("No card left can be laid anywhere, so nobody can lay again.")
            self._end_round(winner=None)

    def _draw_waiting(self) -> None:
        """Unless scripted, the waiting draws come out of the bag now; an empty bag gives none."""
        while self.waiting and self.bag and not self.scripted:
            self._place(self.bag.pop(0))
        if not self.bag:
            self.waiting.clear()

    def _stuck(self) -> bool:
        """No card on a rack, in the display or in the bag fits any cell of the table."""
        off_table = {*self.bag, *self.display, *(c for rack in self.racks.values() for c in rack)}
        return bool(self.board) and not fitting_cards(self.board) & off_table

    def _end_round(self, winner: str | None) -> None:
        """Each card left on a rack is one minus point."""
        self.phase, self.round_winner = Phase.ROUND_OVER, winner
        self.waiting.clear()
        if winner:
            self._said.append(f"{winner}: no card left, winner of the round!")
        for player, rack in self.racks.items():
            self.minus_points[player] += len(rack)
        counts = ", ".join(f"{p} {len(self.racks[p])}" for p in self.players)
        self._said.append(f"Minus points this round: {counts}.")
        if self.over:
            winners = self.winners()
            title = "Winner" if len(winners) == 1 else "Winners"
            self._said.append(f"Game over. {title}: {' and '.join(winners)}.")

    # ------------------------------------------------------------ what each player sees

    def view(self, player: str) -> UnikatView:
        """Your rack, the table, the display, the bag's size and the others' rack sizes."""
        if player not in self.players:
            raise ValueError(f"{player!r} is not playing")
        to_play = None if self.round_over else self.player
        return UnikatView(
            player=player,
            rack=tuple(sorted(self.racks[player])),
            board=MappingProxyType(dict(self.board)),
            display=tuple(self.display),
            bag_size=len(self.bag),
            rack_sizes=MappingProxyType({p: len(self.racks[p]) for p in self.players}),
            to_play=to_play,
            phase=self.phase,
            chain=tuple(self.chain),
            double_move=self.double_move,
            minus_points=MappingProxyType(dict(self.minus_points)),
            rounds=self._rounds,
            rounds_to_play=self.rounds_to_play,
        )

    def scores(self) -> dict[str, int]:
        """Minus points so far: one per card left on a rack at the end of each round (lower is
        better)."""
        return dict(self.minus_points)

    def winners(self) -> list[str]:
        """Fewest minus points wins (after one round: whoever laid their last card); ties share."""
        fewest = min(self.minus_points.values())
        return [player for player in self.players if self.minus_points[player] == fewest]

    def cards(self) -> list[Card]:
        """Every card of the game, wherever it lies now: racks, board, display, bag."""
        on_racks = [one for player in self.players for one in self.racks[player]]
        return [*on_racks, *self.board.values(), *self.display, *self.bag]


def named_card(named: object) -> Card:
    """The card a move names: a `Card`, or its code such as ``swb1``."""
    if isinstance(named, Card):
        if named not in NEIGHBOURS:
            raise IllegalAction(f"no card has the values {tuple(named)}: each is 0, 1 or 2")
        return named
    if isinstance(named, str):
        try:
            return card(named)
        except ValueError as problem:
            raise IllegalAction(str(problem)) from None
    raise IllegalAction(f"a move names a card by its code, like swb1, not {named!r}")


def named_cell(named: object) -> Cell:
    """The cell a move names: two whole numbers, its column and its row."""
    if isinstance(named, tuple) and len(named) == 2 and all(type(n) is int for n in named):
        return named[0], named[1]
    raise IllegalAction(f"a cell is two whole numbers, column and row, like (1, 0), not {named!r}")


def _stacked(bag: Iterable[Card | str]) -> tuple[Card, ...]:
    """A stacked bag's cards, each a real card and each once."""
    stacked = tuple(card(one) for one in bag)
    twice = sorted({str(one) for one in stacked if stacked.count(one) > 1})
    if twice:
        raise ValueError(f"a card is in the bag only once, not {', '.join(twice)}")
    return stacked
