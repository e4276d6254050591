"""A table of students playing LAMA, LAMA Dice or Unikat together, each on their own device
(docs/design.md#playing-at-a-table): pure, no server. The game is the engine's, dealt from its
settings and seed (`mathcards.replay`), every move checked by the engine; the computer player
(each game's expert) fills an empty seat; each seat sees its own view, the wall (a projector)
what everyone may see. A seat can be away: once it has been away `away_seconds`, the expert
moves for it, until its student is back. Time is the `clock` given (a test's own), and the
moves the table makes by itself are made when asked (`tick`), never on a timer of its own."""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mathcards.codec import Move
from mathcards.engine import (
    Event,
    Game,
    IllegalAction,
    NextRound,
    computer_rng,
    computer_seats,
    make_move,
)
from mathcards.i18n import _
from mathcards.replay import dealt, rules
from mathcards.review import Review, reviews

GAMES = ("lama", "lama_dice", "unikat")  # the games played at a table, by package name
EXPERTS = {"lama": "expert", "lama_dice": "best", "unikat": "expert"}  # each game's expert
PRESETS: dict[str, dict[str, Any]] = {  # each game's options as a table deals it by default
    "lama": {
        "preset": "classic",
        "llama_scoring": "once",
        "lama20": False,
        "starter": "left-of-dealer",
    },
    "lama_dice": {
        "dice": [[3, 4, 5, 6, 7, 7], [1, 2, 5, 6, 7, 7], [1, 2, 3, 4, 7, 7]],
        "lama20": False,
        "llama_scoring": "once",
    },
    "unikat": {"rounds_to_play": 1},
}
PRIVATE = {"lama": ("hand",), "lama_dice": (), "unikat": ("rack",)}  # a seat's own, in its view
AWAY_SECONDS = 30.0  # how long a seat is away before the expert moves for it
SAID = 8  # the sentences of the newest moves a view repeats
MOST_AT_ONCE = 500  # the moves one tick makes at most (a table of computers plays on)

Clock = Callable[[], float]


@dataclass
class TableSeat:
    """A seat at the table: the player's name in the game, its student (None: a computer
    player sits there), and since when it has been away (None: it is there)."""

    player: str
    student: str | None
    away_since: float | None = None

    @property
    def computer(self) -> bool:
        return self.student is None


@dataclass(frozen=True)
class SeatShown:
    """A seat as every view shows it: its player, a computer or not, away or not."""

    player: str
    computer: bool
    away: bool


@dataclass(frozen=True)
class WallView:
    """What everyone may see: the seats, whose turn it is, the scores, the rounds, the newest
    moves in words, and whether the game is over; never a hand."""

    game: str
    seats: tuple[SeatShown, ...]
    to_move: tuple[str, ...]
    scores: Mapping[str, int]
    rounds: int
    moves: int
    said: tuple[str, ...]
    over: bool
    shared: Mapping[str, Any]  # the game's shared parts: the row, the dice, the board, …


@dataclass(frozen=True)
class TableSeatView:
    """What one seat sees: the wall, and the game as its player sees it (its own hand)."""

    player: str
    wall: WallView
    game: Any  # the engine's view for this player
    legal: tuple[Any, ...]  # the moves this seat may make now


def shared(game: str, view: object) -> dict[str, Any]:
    """The parts of a player's view that are the same for every player: all of it but the
    viewer and the player's own (their hand, their rack)."""
    hidden = {"viewer", *PRIVATE[game]}
    return {name: value for name, value in vars(view).items() if name not in hidden}


class Table:
    """A game at a table of students (`students`, in seating order; None for a seat a computer
    player fills), with the game's options over its presets, dealt from `seed`."""

    def __init__(
        self,
        game: str,
        students: Sequence[str | None],
        options: Mapping[str, Any] | None = None,
        *,
        seed: int,
        away_seconds: float = AWAY_SECONDS,
        clock: Clock = time.monotonic,
        players: Sequence[str] | None = None,
    ) -> None:
        if game not in GAMES:
            message = _("a table plays {games}, not {game}")
            raise ValueError(message.format(games=", ".join(GAMES), game=repr(game)))
        if all(student is None for student in students):
            raise ValueError(_("a table needs at least one student"))
        if isinstance(away_seconds, bool) or not 0 <= away_seconds <= 3600:
            raise ValueError(_("a seat is away 0 to 3600 seconds before a computer moves for it"))
        unknown = sorted(set(options or {}) - set(PRESETS[game]))
        if unknown:
            message = _("a table of {game} has no option {option}")
            raise ValueError(message.format(game=game, option=repr(unknown[0])))
        self.name, self.away_seconds, self.clock = game, float(away_seconds), clock
        self.seats = _seated(students, players)
        computers = {seat.player: EXPERTS[game] for seat in self.seats if seat.computer}
        self.settings: dict[str, Any] = {
            "players": [seat.player for seat in self.seats],
            "computers": computers,
            **PRESETS[game],
            **(options or {}),
        }
        if game == "lama_dice":
            self.settings["scripted"] = False
        self.seed = seed
        self.game: Game[Any] = dealt(game, self.settings, seed)
        self.moves: list[Move] = []  # every move made, as JSON, in order
        self.stand_ins: set[int] = set()  # the moves a computer made for a seat away
        self.movers: list[int | None] = []  # each move's seat, from 1 (None: the next round)
        self.said: list[str] = []  # each move's sentence
        self._computer_seats = computer_seats(computers, self.settings["players"])

    # ------------------------------------------------------------ seats

    def seat(self, student: str) -> TableSeat:
        """The seat of this student, or a ValueError saying they are not at this table."""
        for seat in self.seats:
            if seat.student is not None and seat.student == str(student).strip():
                return seat
        raise ValueError(_("{student} is not at this table").format(student=repr(student)))

    def away(self, student: str) -> None:
        """The student has gone (their device sleeps, they left): from now on, the clock says."""
        seat = self.seat(student)
        if seat.away_since is None:
            seat.away_since = self.clock()

    def back(self, student: str) -> None:
        """The student is back at their seat: the table waits for their moves again."""
        self.seat(student).away_since = None

    def stood_in(self, seat: TableSeat) -> bool:
        """Does a computer move for this seat now: a computer's, or one away long enough?"""
        if seat.computer:
            return True
        since = seat.away_since
        return since is not None and self.clock() - since >= self.away_seconds

    # ------------------------------------------------------------ moves

    def move(self, student: str, move: object) -> Event:
        """The student's move (a move of the game, or its JSON): made if it is their turn and
        the engine allows it; an away student who moves is back. Any student at the table may
        deal the next round."""
        seat = self.seat(student)
        action = self._read(move)
        waiting = self.to_move()
        if waiting and seat.player not in waiting and not isinstance(action, NextRound):
            raise IllegalAction(
                _("it is not your turn: it is {player}'s").format(player=waiting[0])
            )
        seat.away_since = None
        return self._make(action, stand_in=False)

    def tick(self, most: int = MOST_AT_ONCE) -> list[Event]:
        """The moves the table makes by itself now (at most `most`): the computers' and the
        expert's for a seat away long enough, and the next round once every seat is a
        computer's or away."""
        events: list[Event] = []
        while len(events) < min(most, MOST_AT_ONCE) and not self.game.over:
            action, stand_in = self._automatic()
            if action is None:
                break
            events.append(self._make(action, stand_in=stand_in))
        return events

    def due(self) -> float | None:
        """In how many seconds the table moves by itself (0: now), or None while it waits for
        a student who is there."""
        if self.game.over:
            return None
        waiting = [self._seat_of(player) for player in self.to_move()]
        if not waiting and self._round_over():
            waiting = list(self.seats)
        if not waiting:
            return None
        waits = [self._wait(seat) for seat in waiting]
        return None if None in waits else max(w for w in waits if w is not None)

    def to_move(self) -> list[str]:
        """Whose turn it is (a player's name in the game), or nobody between rounds."""
        return self.game.current_players()

    def _wait(self, seat: TableSeat) -> float | None:
        if seat.computer:
            return 0.0
        if seat.away_since is None:
            return None
        return max(0.0, seat.away_since + self.away_seconds - self.clock())

    def _automatic(self) -> tuple[Any, bool]:
        """The move the table makes now, and whether it is made for a student; (None, False)."""
        if self._round_over():
            deals = all(self.stood_in(seat) for seat in self.seats)
            return (NextRound(), False) if deals else (None, False)
        for player in self.to_move():
            seat = self._seat_of(player)
            if self.stood_in(seat):
                return self._expert_move(seat), not seat.computer
        return None, False

    def _expert_move(self, seat: TableSeat) -> Any:
        """The expert's move for this seat, from its view alone."""
        expert = rules(self.name).strategies[EXPERTS[self.name]]
        number = self.seats.index(seat) + 1  # a student's seat by its place, not their name
        key = self._computer_seats.get(seat.player, f"stand-in at seat {number}")
        rng = computer_rng(self.seed, key, len(self.moves))
        return expert(self.game.view(seat.player), self.game.legal_actions(seat.player), rng)

    def _make(self, action: Any, *, stand_in: bool) -> Event:
        """Make a move (the engine refuses an illegal one, changing nothing) and keep it."""
        event = make_move(self.game, action)
        self.moves.append(rules(self.name).action_json(action))
        self.said.append(event.sentence)
        players = self.settings["players"]
        self.movers.append(players.index(event.player) + 1 if event.player in players else None)
        if stand_in:
            self.stand_ins.add(len(self.moves))
        return event

    def _read(self, move: object) -> Any:
        return rules(self.name).action_of(move) if isinstance(move, Mapping) else move

    def _round_over(self) -> bool:
        return bool(getattr(self.game, "round_over", False)) and not self.game.over

    def _seat_of(self, player: str) -> TableSeat:
        return next(seat for seat in self.seats if seat.player == player)

    # ------------------------------------------------------------ views

    def wall(self) -> WallView:
        """What everyone at the table, and the projector, may see."""
        some_player = self.seats[0].player
        return WallView(
            game=self.name,
            seats=tuple(
                SeatShown(seat.player, seat.computer, seat.away_since is not None)
                for seat in self.seats
            ),
            to_move=tuple(self.to_move()),
            scores=self.game.scores(),
            rounds=int(getattr(self.game, "rounds", 1)),
            moves=len(self.moves),
            said=tuple(self.said[-SAID:]),
            over=self.game.over,
            shared=shared(self.name, self.game.view(some_player)),
        )

    def view(self, student: str) -> TableSeatView:
        """What this student's seat sees: the wall, their own view of the game, their moves."""
        player = self.seat(student).player
        legal = self.game.legal_actions(player)
        if self._round_over():
            legal = [NextRound()]
        return TableSeatView(player, self.wall(), self.game.view(player), tuple(legal))

    # ------------------------------------------------------------ the end

    def reviews(self) -> dict[str, Review]:
        """Every player's review of the game, once it is over."""
        if not self.game.over:
            raise ValueError(_("a game is reviewed once it is over"))
        return reviews(self.name, self.settings, self.seed, self.moves, self.stand_ins)


def again(
    game: str,
    settings: Mapping[str, Any],
    seed: int,
    moves: Sequence[Move],
    *,
    students: Sequence[str | None],
    stand_ins: Collection[int] = (),
    away_seconds: float = AWAY_SECONDS,
    clock: Clock = time.monotonic,
) -> Table:
    """A table had again from what the class book keeps: its settings (the players named as
    they were dealt), its seed, its moves made again in order (`stand_ins`: those a computer
    made for a seat away). `students`: the seats' students by the names the table knows them
    by, None for a computer's seat or one whose student was forgotten: the expert stands in
    for that one once the table's away time has passed."""
    players = list(settings["players"])
    computers = settings.get("computers") or {}
    seated = [
        None if player in computers else (student or player)
        for player, student in zip(players, students, strict=True)
    ]
    options = {name: value for name, value in settings.items() if name in PRESETS[game]}
    table = Table(
        game, seated, options, seed=seed, away_seconds=away_seconds, clock=clock, players=players
    )
    for seat, student in zip(table.seats, students, strict=True):
        if not seat.computer and student is None:
            seat.away_since = clock()  # forgotten: nobody comes back to this seat
    for number, move in enumerate(moves, 1):
        table._make(table._read(move), stand_in=number in stand_ins)
    return table


def _seated(students: Sequence[str | None], players: Sequence[str] | None) -> list[TableSeat]:
    """The seats: each student's, named by them, and the computers', numbered (or each seat's
    player named as `players` says, a table had again)."""
    if isinstance(students, str):
        raise ValueError(_("give a table a list of students, not one name"))
    if players is not None and len(players) != len(students):
        raise ValueError(_("a table has one student, or a computer, a seat"))
    seats, computers = [], 0
    for place, student in enumerate(students):
        if student is None:
            computers += 1
            name = _("Computer {number}").format(number=computers)
            seats.append(TableSeat(name if players is None else players[place], None))
        else:
            name = str(student).strip()
            seats.append(TableSeat(name if players is None else players[place], name))
    return seats
