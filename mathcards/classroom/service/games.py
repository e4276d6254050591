"""The games played at the four games' tables, judged by the class service
(docs/design.md#a-game-replayed): a game is kept with its settings and seed, each move a table
sends is made on the game replayed from its moves (a move the rules do not allow is refused and
nothing is kept), and where the game stands (its scores, its winners, its end) is the service's
own, worked out from the replay; what a kernel says of it is never read. Everything here runs in
the class service's writer thread."""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from mathcards.book import Book
from mathcards.book.tables import GameRecord
from mathcards.classroom.protocol import CallRefusal
from mathcards.classroom.protocol.book import (
    MOST_MOVES,
    MOVE_BYTES,
    SETTINGS_BYTES,
    GameBody,
    GameEnding,
    GameView,
    MoveBody,
)
from mathcards.engine import Game, IllegalAction, make_move
from mathcards.replay import dealt, replay, rules

ENDED_SHOWN = timedelta(hours=1)  # a game that ended comes back to its page for this long
KEPT_PLAYING = 256  # the games kept replayed in memory between their moves (the newest)


class GameRefused(Exception):
    """The service will not do this to a game at a table (`reason`, a `CallRefusal`)."""

    def __init__(self, reason: CallRefusal) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass
class Playing:
    """A game replayed in memory: its student, its kind, the engine after `moves` (as kept)."""

    student: int
    kind: str
    engine: Game[Any]
    moves: list[dict[str, Any]] = field(default_factory=list)


class TableGames:
    """The games at the tables of one class book (`book_of()`), each replayed at most once from
    the book and then kept in memory while it is played."""

    def __init__(self, book_of: Callable[[], Book]) -> None:
        self.book_of = book_of
        self.playing: OrderedDict[int, Playing] = OrderedDict()

    def record(self, student: int, sent: GameBody) -> int:
        """Keep a game dealt at a table; its number. Settings that deal no game: a ValueError."""
        kind, seed, settings = sent.get("game"), sent.get("seed"), sent.get("settings")
        if len(json.dumps(settings)) > SETTINGS_BYTES:
            raise GameRefused(CallRefusal.TOO_BIG)
        engine = dealt(str(kind), settings, seed)
        assert isinstance(settings, dict) and isinstance(seed, int)  # dealt has checked them
        game_id = self.book_of().record_game(
            student,
            str(kind),
            players=list(engine.players),
            seed=seed,
            settings=settings,
            **standing(engine),
        )
        self._keep(game_id, Playing(student, str(kind), engine))
        return game_id

    def move(self, student: int, game_id: int, sent: MoveBody) -> int:
        """Make move number `seq` of game N and keep it; its number, once committed. A move
        sent again (its answer was lost) is acknowledged again."""
        seq, move = sent.get("seq"), sent.get("move")
        if type(seq) is not int or not isinstance(move, dict):
            raise ValueError("a move is its number and the move")
        if len(json.dumps(move)) > MOVE_BYTES:
            raise GameRefused(CallRefusal.TOO_BIG)
        playing = self._playing(student, game_id)
        table = rules(playing.kind)
        action = table.action_of(move)  # a ValueError says what is not a move
        written = table.action_json(action)
        made = len(playing.moves)
        if 1 <= seq <= made and playing.moves[seq - 1] == written:
            return seq  # kept already: its answer was lost on the way
        if seq != made + 1:
            raise GameRefused(CallRefusal.OUT_OF_STEP)
        if made >= MOST_MOVES:
            raise GameRefused(CallRefusal.TOO_MANY_MOVES)
        self._make(playing, action)
        try:
            self.book_of().record_move(game_id, student, seq, written, **standing(playing.engine))
        except BaseException:
            self.playing.pop(game_id, None)  # made, but not kept: replayed from the book next
            raise
        playing.moves.append(written)
        return seq

    def finish(self, student: int, game_id: int) -> GameEnding:
        """Game N is over: its result as its moves make it (only when they end it)."""
        engine = self._playing(student, game_id).engine
        if not engine.over:
            raise GameRefused(CallRefusal.NOT_OVER)
        ending: GameEnding = {"scores": engine.scores(), "winners": engine.winners()}
        self.book_of().finish_game(game_id, student, **ending)
        return ending

    def open(self, student: int, kind: str, table: str = "") -> GameView | None:
        """The student's game of this kind that comes back to its table, if there is one."""
        record = self.book_of().open_game(student, kind, ENDED_SHOWN, table)
        if record is None or record.seed is None:
            return None
        return {
            "id": record.id,
            "game": record.game,
            "seed": record.seed,
            "settings": record.settings,
            "moves": record.moves,
            "finished": record.finished,
            "scores": record.scores,
            "winners": record.winners,
        }

    def _make(self, playing: Playing, action: object) -> None:
        """The move made on the game, or the game refusing it (which leaves it as it was)."""
        if playing.engine.over:
            raise GameRefused(CallRefusal.ILLEGAL_MOVE)
        try:
            make_move(playing.engine, action)
        except IllegalAction:
            raise GameRefused(CallRefusal.ILLEGAL_MOVE) from None

    def _playing(self, student: int, game_id: int) -> Playing:
        """Game N of this student, replayed: from memory, else from the book."""
        playing = self.playing.get(game_id)
        if playing is None or playing.student != student:
            playing = self._replayed(self.book_of().game_record(game_id, student))
        self._keep(game_id, playing)
        return playing

    def _replayed(self, record: GameRecord) -> Playing:
        if not record.settings or record.seed is None:
            raise ValueError("a game kept before games kept their settings is not replayed")
        engine = replay(record.game, record.settings, record.seed, record.moves)
        return Playing(record.student, record.game, engine, list(record.moves))

    def _keep(self, game_id: int, playing: Playing) -> None:
        self.playing[game_id] = playing
        self.playing.move_to_end(game_id)
        while len(self.playing) > KEPT_PLAYING:
            self.playing.popitem(last=False)


def standing(engine: Game[Any]) -> dict[str, Any]:
    """Where a game stands, as the class book keeps it: its scores, its winners once it is
    over, and whether it is."""
    over = engine.over
    return {
        "scores": engine.scores(),
        "winners": engine.winners() if over else [],
        "finished": over,
    }
