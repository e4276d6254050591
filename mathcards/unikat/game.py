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

from mathcards.engine import ChanceOutcome, Event, IllegalAction, check_players
from mathcards.i18n import N_, _, and_list, ngettext, said
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


# What the player whose turn it is must do now, said when they try something else.
TIME_TO = {
    Phase.ACT: N_("it is time to lay cards or swap one"),
    Phase.LAYING: N_("it is time to lay a card next to the card laid just before, or stop"),
    Phase.EXTRA: N_("it is time to take the extra action of the double move, or end the turn"),
    Phase.DRAW: N_("it is time to draw a card from the display or the bag"),
    Phase.ROUND_OVER: N_("the round is over"),
}
# A move tried at the wrong time, by its kind.
NOT_NOW = {
    "lay": N_("you cannot lay a card now"),
    "stop": N_("you cannot stop laying now"),
    "swap": N_("you cannot swap now"),
    "end": N_("you cannot end the turn now"),
    "draw": N_("you cannot draw now"),
}


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
            raise ValueError(_("play at least one round, not {n}").format(n=rounds_to_play))
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
        self._said: list[str] = [
            said(
                self.player,
                N_("Round {round}: you play first."),
                N_("Round {round}, {player} to play first."),
                round=self._rounds,
            )
        ]
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
            raise IllegalAction(_("the round is still going: finish it first"))
        if self.over:
            raise IllegalAction(
                ngettext(
                    "the game is over after {n} round",
                    "the game is over after {n} rounds",
                    self.rounds_to_play,
                ).format(n=self.rounds_to_play)
            )
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
            raise IllegalAction(_("the round is over: deal the next round"))
        if self.waiting:
            raise IllegalAction(_("a card must come out of the bag first"))
        handlers: dict[type, Callable[[Any], None]] = {
            Lay: self._lay,
            Stop: self._stop,
            Swap: self._swap,
            Draw: self._draw,
            EndTurn: self._end_turn,
        }
        handler = handlers.get(type(action))
        if handler is None:
            raise IllegalAction(_("{action} is not a move in Unikat").format(action=repr(action)))
        player = self.player
        self._said = []
        handler(action)
        return self._event(player, type(action).__name__.lower())

    def _event(self, player: str | None, kind: str) -> Event:
        sentence = " ".join(self._said)
        self.log.append(sentence)
        return Event(player, kind, sentence)

    def _expect(self, phases: tuple[Phase, ...], doing: str) -> None:
        """A move of this kind (a key of `NOT_NOW`) only in these phases."""
        if self.phase not in phases:
            raise IllegalAction(
                _("{refusal}: {time_to}").format(
                    refusal=_(NOT_NOW[doing]), time_to=_(TIME_TO[self.phase])
                )
            )

    def _lay(self, action: Lay) -> None:
        self._expect((Phase.ACT, Phase.LAYING, Phase.EXTRA), "lay")
        laid, cell = named_card(action.card), named_cell(action.at)
        self._check_lay(laid, cell)
        beside = len(touching(self.board, cell))
        self.rack.remove(laid)
        self.board[cell] = laid
        self.chain.append(cell)
        self.phase = Phase.LAYING
        self._said.append(
            said(
                self.player,
                N_("You lay the {card} at {cell}."),
                N_("{player} lays the {card} at {cell}."),
                card=laid.name,
                cell=cell_text(cell),
            )
        )
        if beside >= 2 and self.action == 1 and not self.double_move:
            self.double_move = True
            self._said.append(
                ngettext(
                    "It touches {n} card: a double move!",
                    "It touches {n} cards: a double move!",
                    beside,
                ).format(n=beside)
            )
        if not self.rack:
            self._end_round(winner=self.player)

    def _check_lay(self, laid: Card, cell: Cell) -> None:
        """The laying rule, and the chain rule of action A, in words."""
        if laid not in self.rack:
            raise IllegalAction(_("the {card} is not on your rack").format(card=laid.name))
        if cell in self.board:
            raise IllegalAction(
                _("cell {cell} is taken by the {card}").format(
                    cell=cell_text(cell), card=self.board[cell].name
                )
            )
        if self.phase is Phase.LAYING and cell not in around(self.chain[-1]):
            raise IllegalAction(
                _(
                    "each further card goes next to the card laid just before it, at {before}; "
                    "{cell} is not next to it"
                ).format(before=cell_text(self.chain[-1]), cell=cell_text(cell))
            )
        beside = touching(self.board, cell)
        if not beside:
            raise IllegalAction(
                _("cell {cell} is not next to any card on the table").format(cell=cell_text(cell))
            )
        for other in beside:
            if (count := differences(laid, other)) != 1:
                raise IllegalAction(
                    ngettext(
                        "the {card} differs from the {other} in {n} feature: cards side by side "
                        "differ in exactly one",
                        "the {card} differs from the {other} in {n} features: cards side by side "
                        "differ in exactly one",
                        count,
                    ).format(card=laid.name, other=other.name, n=count)
                )

    def _stop(self, _action: Stop) -> None:
        self._expect((Phase.LAYING,), "stop")
        self._said.append(said(self.player, N_("You stop laying."), N_("{player} stops laying.")))
        self._action_done()

    def _swap(self, action: Swap) -> None:
        self._expect((Phase.ACT, Phase.EXTRA), "swap")
        given = named_card(action.card)
        if given not in self.rack:
            raise IllegalAction(_("the {card} is not on your rack").format(card=given.name))
        self._check_source(action.take, "swap")
        self.rack.remove(given)
        self.display.append(given)
        if action.take == BAG:
            to_you = N_("You put the {card} into the display and take a card from the bag.")
            to_them = N_("{player} puts the {card} into the display and takes a card from the bag.")
        else:
            to_you = N_("You put the {card} into the display and take the {taken} from it.")
            to_them = N_("{player} puts the {card} into the display and takes the {taken} from it.")
        taken = "" if action.take == BAG else card(action.take).name
        self._said.append(said(self.player, to_you, to_them, card=given.name, taken=taken))
        self._take(action.take)
        self._action_done()

    def _check_source(self, source: Source, doing: Literal["swap", "draw"]) -> None:
        """A card taken from the display or the bag must be there."""
        if source == BAG:
            if BAG not in self._sources():
                empty = {
                    "swap": N_("the bag is empty: there is nothing in it to swap for"),
                    "draw": N_("the bag is empty: there is nothing in it to draw"),
                }
                raise IllegalAction(_(empty[doing]))
        elif named_card(source) not in self.display:
            missing = {
                "swap": N_("the {card} is not in the display to swap for"),
                "draw": N_("the {card} is not in the display to draw"),
            }
            raise IllegalAction(_(missing[doing]).format(card=card(source).name))

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
            self._said.append(
                said(
                    self.player,
                    N_("You take one more action, for the double move."),
                    N_("{player} takes one more action, for the double move."),
                )
            )
            self._settle()
        else:
            self._turn_done()

    def _end_turn(self, _action: EndTurn) -> None:
        self._expect((Phase.ACT, Phase.EXTRA), "end")
        if self.phase is Phase.ACT and (self._lays() or self._sources()):
            raise IllegalAction(_("you can lay or swap, so do one of them"))
        self._said.append(said(self.player, N_("You end the turn."), N_("{player} ends the turn.")))
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
        if action.source == BAG:
            self._said.append(
                said(
                    self.player,
                    N_("You draw a card from the bag."),
                    N_("{player} draws a card from the bag."),
                )
            )
        else:
            self._said.append(
                said(
                    self.player,
                    N_("You take the {card} from the display."),
                    N_("{player} takes the {card} from the display."),
                    card=card(action.source).name,
                )
            )
        self._take(action.source)
        self._next_turn()

    def _next_turn(self) -> None:
        self.current = (self.current + 1) % len(self.players)
        self._start_turn()
        self.phase = Phase.ACT
        self._said.append(said(self.player, N_("Your turn."), N_("{player} to play.")))
        self._settle()

    # ------------------------------------------------------------ the bag

    def _chance(self, outcome: object) -> Event:
        if not isinstance(outcome, Card):
            raise IllegalAction(
                _("only a card can come out of the bag, not {outcome}").format(
                    outcome=repr(outcome)
                )
            )
        if not self.chance_outcomes():
            raise IllegalAction(_("nothing is waiting for the bag now"))
        if outcome not in self.bag:
            raise IllegalAction(_("{card} is not in the bag").format(card=outcome))
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
                self._said.append(
                    said(
                        player,
                        N_("You get a card from the bag."),
                        N_("{player} gets a card from the bag."),
                    )
                )
        elif into == "start":
            self.board[START] = drawn
            self._said.append(_("The start card is the {card}.").format(card=drawn.name))
        else:
            self.display.append(drawn)
            self._said.append(_("The {card} is turned up in the display.").format(card=drawn.name))

    def _settle(self) -> None:
        """Draw what is waiting (unless scripted), refill an empty display, then check the round."""
        while True:
            self._draw_waiting()
            if self.waiting:
                return
            if self.display or not self.bag or self.round_over:
                break
            self._said.append(_("The display is empty: three new cards are turned up."))
            self.waiting += [("display", None)] * DISPLAY_SIZE
        if self.phase is Phase.ACT and self._stuck():  # at the start of a turn
            self._said.append(_("No card left can be laid anywhere, so nobody can lay again."))
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
            self._said.append(
                said(
                    winner,
                    N_("You have no card left: you win the round!"),
                    N_("{player} has no card left and wins the round!"),
                )
            )
        for player, rack in self.racks.items():
            self.minus_points[player] += len(rack)
        counts = ", ".join(f"{p} {len(self.racks[p])}" for p in self.players)
        self._said.append(_("Minus points this round: {counts}.").format(counts=counts))
        if self.over:
            self._said.append(game_over(self.winners()))

    # ------------------------------------------------------------ what each player sees

    def view(self, player: str) -> UnikatView:
        """Your rack, the table, the display, the bag's size and the others' rack sizes."""
        if player not in self.players:
            raise ValueError(_("{player} is not playing").format(player=repr(player)))
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


def game_over(winners: list[str]) -> str:
    """The last words of a game: who won (you, or a player, or players who tie)."""
    if len(winners) == 1:
        return said(winners[0], N_("Game over: you win!"), N_("Game over. Winner: {player}."))
    return _("Game over. Winners: {names}.").format(names=and_list(winners))


def named_card(named: object) -> Card:
    """The card a move names: a `Card`, or its code such as ``swb1``."""
    if isinstance(named, Card):
        if named not in NEIGHBOURS:
            raise IllegalAction(
                _("no card has the values {values}: each is 0, 1 or 2").format(values=tuple(named))
            )
        return named
    if isinstance(named, str):
        try:
            return card(named)
        except ValueError as problem:
            raise IllegalAction(str(problem)) from None
    raise IllegalAction(
        _("a move names a card by its code, like swb1, not {named}").format(named=repr(named))
    )


def named_cell(named: object) -> Cell:
    """The cell a move names: two whole numbers, its column and its row."""
    if isinstance(named, tuple) and len(named) == 2 and all(type(n) is int for n in named):
        return named[0], named[1]
    raise IllegalAction(
        _("a cell is two whole numbers, column and row, like (1, 0), not {named}").format(
            named=repr(named)
        )
    )


def _stacked(bag: Iterable[Card | str]) -> tuple[Card, ...]:
    """A stacked bag's cards, each a real card and each once."""
    stacked = tuple(card(one) for one in bag)
    twice = sorted({str(one) for one in stacked if stacked.count(one) > 1})
    if twice:
        raise ValueError(
            _("a card is in the bag only once, not {cards}").format(cards=", ".join(twice))
        )
    return stacked
