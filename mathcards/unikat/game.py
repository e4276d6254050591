"""Unikat for 2–4 players (docs/rules.md#unikat), as data plus moves, following `RoundGame`
(engine.py).

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
from collections.abc import Callable, Iterable
from enum import Enum
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from mathcards.engine import (
    ChanceOutcome,
    Event,
    IllegalAction,
    Kind,
    check_player,
    check_players,
    fewest,
    game_over,
)
from mathcards.i18n import N_, _, ngettext, said
from mathcards.unikat.board import START, Cell, any_fits, lays, side_of, touching
from mathcards.unikat.cards import DECK, Card, card
from mathcards.unikat.moves import (
    BAG,
    KINDS,
    LAYING_PHASES,
    Action,
    Draw,
    EndTurn,
    Lay,
    Phase,
    Source,
    Stop,
    Swap,
    UnikatKind,
    check_lay,
    check_source,
    named_card,
    named_cell,
    not_now,
)
from mathcards.unikat.view import UnikatView

__all__ = [  # the moves are defined in moves.py and offered here too
    "BAG",
    "DISPLAY_SIZE",
    "RACK_SIZE",
    "Action",
    "Draw",
    "EndTurn",
    "Lay",
    "Phase",
    "Source",
    "Stop",
    "Swap",
    "UnikatGame",
    "UnikatKind",
    "UnikatView",
    "named_card",
    "named_cell",
]

TURN_PHASES = (*LAYING_PHASES, Phase.DRAW)  # the player whose turn it is acts

RACK_SIZE = 10
DISPLAY_SIZE = 3
Into = tuple[str, str | None]  # where a card from the bag goes: ("rack", player), ("start", None)…


class UnikatGame:
    """A game of Unikat; all chance comes from its own `random.Random(seed)`.

    `bag` stacks the bag for a demo or a test: those cards come out first, in that order
    (each player's 10, the start card, the display's 3, then the draws), the rest shuffled.
    A `scripted` game instead waits (its phase `CHANCE`) at each card drawn from the bag for a
    `ChanceOutcome`.
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
        self.coming: list[Into] = []  # where each card still to come out of the bag goes
        self.current = self._rounds % len(self.players)
        self._rounds += 1
        self.round_winner = None
        self._start_turn()
        self.phase = self._after_bag = Phase.ACT
        for player in self.players:
            self.coming += [("rack", player)] * RACK_SIZE
        self.coming += [("start", None)] + [("display", None)] * DISPLAY_SIZE
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
        """Whose turn it is (while the bag is drawn from, too)."""
        return self.players[self.current]

    @property
    def rack(self) -> list[Card]:
        """The rack of the player whose turn it is."""
        return self.racks[self.player]

    @property
    def round_over(self) -> bool:
        """Has this round ended (the last round, too, when the game is over)?"""
        return self.phase in (Phase.ROUND_OVER, Phase.OVER)

    @property
    def rounds(self) -> int:
        return self._rounds

    @property
    def over(self) -> bool:
        """The game ends after the agreed number of rounds."""
        return self.phase is Phase.OVER

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
        return Event(None, Kind.DEAL, self.log[-1])

    # ------------------------------------------------------------ what may be done

    def current_players(self) -> list[str]:
        """The player whose turn it is; nobody while the bag is drawn from or the round is over."""
        return [self.player] if self.phase in TURN_PHASES else []

    def legal_actions(self, player: str | None = None) -> list[Action]:
        """Every move allowed now (lays only on cells next to the table)."""
        if player is not None:
            check_player(player, self.players)
        if player not in (None, *self.current_players()) or not self.current_players():
            return []
        if self.phase is Phase.DRAW:
            return [Draw(source) for source in self._sources()]
        lays = self._lays()
        if self.phase is Phase.LAYING:
            return [*lays, Stop()]
        sources = self._sources()
        swaps: list[Action] = [
            Swap(given, taken) for given in sorted(self.rack) for taken in sources
        ]
        if self.phase is Phase.EXTRA or not (lays or swaps):
            return [*lays, *swaps, EndTurn()]
        return [*lays, *swaps]

    def _lays(self) -> list[Action]:
        after = self.chain[-1] if self.phase is Phase.LAYING else None
        return [Lay(laid, cell) for laid, cell in lays(self.board, self.rack, after)]

    def _sources(self) -> list[Source]:
        """Where a card may be taken from: each display card, and the bag unless it is empty."""
        return [*sorted(self.display), *([BAG] if len(self.bag) > len(self.coming) else [])]

    def _holding(self) -> int:
        """How many cards the player whose turn it is holds, with any still coming from the bag."""
        return len(self.rack) + self.coming.count(("rack", self.player))

    def chance_outcomes(self) -> dict[Card, Fraction]:
        """While a scripted game waits for the bag: every card in it, all equally likely."""
        if self.phase is not Phase.CHANCE:
            return {}
        return dict.fromkeys(sorted(self.bag), Fraction(1, len(self.bag)))

    # ------------------------------------------------------------ moves

    def apply(self, action: Action) -> Event:
        """Make a move, or raise `IllegalAction` naming the rule it breaks."""
        if isinstance(action, ChanceOutcome):
            return self._chance(action.outcome)
        if self.round_over:
            raise IllegalAction(_("the round is over: deal the next round"))
        if self.phase is Phase.CHANCE:
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
        return self._event(player, KINDS[type(action)])

    def _event(self, player: str | None, kind: Enum) -> Event:
        sentence = " ".join(self._said)
        self.log.append(sentence)
        return Event(player, kind, sentence)

    def _expect(self, phases: tuple[Phase, ...], move: Enum) -> None:
        """A move of this kind (a key of `moves.NOT_NOW`) only in these phases."""
        if self.phase not in phases:
            raise not_now(move, self.phase)

    def _lay(self, action: Lay) -> None:
        self._expect(LAYING_PHASES, UnikatKind.LAY)
        laid, cell = named_card(action.card), named_cell(action.at)
        after = self.chain[-1] if self.phase is Phase.LAYING else None
        check_lay(self.board, self.rack, laid, cell, after)
        beside, place = len(touching(self.board, cell)), side_of(self.board, cell, after)
        self.rack.remove(laid)
        self.board[cell] = laid
        self.chain.append(cell)
        self.phase = Phase.LAYING
        self._said.append(
            said(
                self.player,
                N_("You lay the {card} {where}."),
                N_("{player} lays the {card} {where}."),
                card=laid.name,
                where=place,
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

    def _stop(self, _action: Stop) -> None:
        self._expect((Phase.LAYING,), UnikatKind.STOP)
        self._said.append(said(self.player, N_("You stop laying."), N_("{player} stops laying.")))
        self._action_done()

    def _swap(self, action: Swap) -> None:
        self._expect((Phase.ACT, Phase.EXTRA), UnikatKind.SWAP)
        given = named_card(action.card)
        if given not in self.rack:
            raise IllegalAction(_("the {card} is not on your rack").format(card=given.name))
        check_source(action.take, self._sources(), UnikatKind.SWAP)
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

    def _take(self, source: Source) -> None:
        """Onto the rack: a card from the display, or one from the bag."""
        if source == BAG:
            self.coming.append(("rack", self.player))
            self._draw_coming()
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
        self._expect((Phase.ACT, Phase.EXTRA), UnikatKind.END_TURN)
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
        self._expect((Phase.DRAW,), Kind.DRAW)
        check_source(action.source, self._sources(), Kind.DRAW)
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
        if self.phase is not Phase.CHANCE:
            raise IllegalAction(_("nothing is waiting for the bag now"))
        if outcome not in self.bag:
            raise IllegalAction(_("{card} is not in the bag").format(card=outcome))
        self._said = []
        self._place(self.bag.pop(self.bag.index(outcome)))
        self.phase = self._after_bag
        self._settle()
        return self._event(None, Kind.CHANCE)

    def _place(self, drawn: Card) -> None:
        """The next card out of the bag goes where the first card coming is due."""
        into, player = self.coming.pop(0)
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
        """Draw the cards coming (unless scripted: then wait for them, the phase CHANCE), refill
        an empty display, then check the round."""
        while True:
            self._draw_coming()
            if self.coming:
                self._after_bag, self.phase = self.phase, Phase.CHANCE
                return
            if self.display or not self.bag or self.round_over:
                break
            self._said.append(_("The display is empty: three new cards are turned up."))
            self.coming += [("display", None)] * DISPLAY_SIZE
        if self.phase is Phase.ACT and self._stuck():  # at the start of a turn
            self._said.append(_("No card left can be laid anywhere, so nobody can lay again."))
            self._end_round(winner=None)

    def _draw_coming(self) -> None:
        """Unless scripted, the cards coming come out of the bag now; an empty bag gives none."""
        while self.coming and self.bag and not self.scripted:
            self._place(self.bag.pop(0))
        if not self.bag:
            self.coming.clear()

    def _stuck(self) -> bool:
        """No card on a rack, in the display or in the bag fits any cell of the table."""
        off_table = {*self.bag, *self.display, *(c for rack in self.racks.values() for c in rack)}
        return bool(self.board) and not any_fits(self.board, off_table)

    def _end_round(self, winner: str | None) -> None:
        """Each card left on a rack is one minus point."""
        last = self._rounds >= self.rounds_to_play
        self.phase, self.round_winner = Phase.OVER if last else Phase.ROUND_OVER, winner
        self.coming.clear()
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
        check_player(player, self.players)
        return UnikatView(
            viewer=player,
            to_move=tuple(self.current_players()),
            scores=MappingProxyType(dict(self.minus_points)),
            rack=tuple(sorted(self.racks[player])),
            board=MappingProxyType(dict(self.board)),
            display=tuple(self.display),
            bag_size=len(self.bag),
            rack_sizes=MappingProxyType({p: len(self.racks[p]) for p in self.players}),
            phase=self.phase,
            chain=tuple(self.chain),
            double_move=self.double_move,
            rounds=self._rounds,
            rounds_to_play=self.rounds_to_play,
        )

    def scores(self) -> dict[str, int]:
        """Minus points so far: one per card left on a rack at the end of each round (lower is
        better)."""
        return dict(self.minus_points)

    def winners(self) -> list[str]:
        """Fewest minus points wins (after one round: whoever laid their last card); ties share."""
        return fewest(self.minus_points)

    def cards(self) -> list[Card]:
        """Every card of the game, wherever it lies now: racks, board, display, bag."""
        on_racks = [one for player in self.players for one in self.racks[player]]
        return [*on_racks, *self.board.values(), *self.display, *self.bag]


def _stacked(bag: Iterable[Card | str]) -> tuple[Card, ...]:
    """A stacked bag's cards, each a real card and each once."""
    stacked = tuple(card(one) for one in bag)
    twice = sorted({str(one) for one in stacked if stacked.count(one) > 1})
    if twice:
        raise ValueError(
            _("a card is in the bag only once, not {cards}").format(cards=", ".join(twice))
        )
    return stacked
