"""A game played at a table, had again from what the class book keeps: its settings (everything
the table needs to deal the same game: the players, the computer players' strategies, the
game's options), its seed and its moves, each as JSON (docs/design.md#a-game-replayed). The
engines are deterministic, so the same settings, seed and moves give the same game, move for
move: the class service replays a game to judge each move and to work out its result, and a
page that comes back replays it to show it as it was. A rule lives once, here and in the
engines; the service and the pages both call `replay`."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from mathcards.codec import Move, shown
from mathcards.engine import Event, Game, make_move
from mathcards.i18n import N_, _
from mathcards.lama import bots as lama_bots
from mathcards.lama import moves as lama_moves
from mathcards.lama.game import LamaGame
from mathcards.lama_dice import bots as lama_dice_bots
from mathcards.lama_dice import moves as lama_dice_moves
from mathcards.lama_dice.dice import check_dice
from mathcards.lama_dice.game import LamaDiceGame
from mathcards.mam import bots as mam_bots
from mathcards.mam import moves as mam_moves
from mathcards.mam.cards import level
from mathcards.mam.game import MamGame
from mathcards.unikat import bots as unikat_bots
from mathcards.unikat import moves as unikat_moves
from mathcards.unikat.game import UnikatGame

SEEDS = 2**63  # a seed is a whole number below this, and not below its negative
MOST_ROUNDS = 20  # Unikat: the most rounds a table plays
BAD_SETTING = N_("a game of {game} cannot have {value} as its setting {setting}")
MISSING_SETTING = N_("a game of {game} needs the setting {setting}")
NO_SETTING = N_("a game of {game} has no setting called {setting}")
SHARED = ("players", "computers", "table")  # the settings of every game
TABLE_NAME = 20  # the longest name of a table (which of a page's tables a game was dealt at)


class Settings:
    """The settings of a game of `game` (its name, as engine.GAMES says it): `players`,
    `computers`, `table` and its own `names`, and no other; each is read and checked where it is
    used."""

    def __init__(self, game: str, settings: object, names: tuple[str, ...]) -> None:
        self.game = game
        if not isinstance(settings, Mapping):
            raise ValueError(wrong(game, "settings", settings))
        self.settings: Mapping[str, Any] = settings
        for name in settings:
            if name not in (*SHARED, *names):
                message = _(NO_SETTING).format(game=_(game), setting=shown(name))
                raise ValueError(message)

    def bad(self, setting: str) -> str:
        """The sentence for a setting that is missing or holds what it may not."""
        if setting not in self.settings:
            return _(MISSING_SETTING).format(game=_(self.game), setting=setting)
        return wrong(self.game, setting, self.settings[setting])

    def value(self, setting: str, kind: type) -> Any:
        """The setting, if it is of `kind` (a truth value is no number)."""
        value = self.settings.get(setting)
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
            raise ValueError(self.bad(setting))
        return value

    def text(self, setting: str) -> str:
        return str(self.value(setting, str))

    def truth(self, setting: str) -> bool:
        return bool(self.value(setting, bool))

    def whole(self, setting: str, least: int, most: int) -> int:
        value = self.value(setting, int)
        if not least <= value <= most:
            raise ValueError(self.bad(setting))
        return int(value)

    def players(self) -> list[str]:
        """The players, by name (the engine checks how many, and that each is named once)."""
        players = self.value("players", list)
        if not all(isinstance(name, str) for name in players):
            raise ValueError(self.bad("players"))
        return list(players)

    def table(self) -> str:
        """Which table the game was dealt at, by its name ("" when not said): MAM! is played
        at one table a way to play, a page may show two."""
        table = self.settings.get("table", "")
        if not isinstance(table, str) or len(table) > TABLE_NAME:
            raise ValueError(self.bad("table"))
        return table

    def computers(self, strategies: Mapping[str, Any]) -> dict[str, str]:
        """The computer players: each one of the players, by name, and the strategy it plays."""
        computers = self.value("computers", dict)
        players = self.players()
        for name, strategy in computers.items():
            if name not in players or not isinstance(strategy, str) or strategy not in strategies:
                raise ValueError(wrong(self.game, "computers", {name: strategy}))
        return dict(computers)


def wrong(game: str, setting: str, value: object) -> str:
    """The sentence for a setting of a game of `game` that holds what it may not."""
    return _(BAD_SETTING).format(game=_(game), value=shown(value), setting=setting)


@dataclass(frozen=True)
class Rules:
    """What keeping and replaying a game takes: its name (as engine.GAMES says it), its settings
    besides the players and the computers, how to deal it from them and a seed, its computer
    players' strategies, and its moves as JSON and back."""

    name: str
    settings: tuple[str, ...]
    deal: Callable[[Settings, int], Game[Any]]
    strategies: Mapping[str, Any]
    action_json: Callable[[Any], Move]
    action_of: Callable[[object], Any]


def _mam(settings: Settings, seed: int) -> MamGame:
    stack = settings.settings.get("stack")
    if stack is not None and not (
        isinstance(stack, list) and all(type(card) is int for card in stack)
    ):
        raise ValueError(settings.bad("stack"))
    return MamGame(
        settings.players(),
        level=level(settings.text("level"), power=settings.truth("power")),
        seed=seed,
        scripted=settings.truth("scripted"),
        stack=stack,
    )


def _lama(settings: Settings, seed: int) -> LamaGame:
    return LamaGame(
        settings.players(),
        settings.text("preset"),
        llama_scoring=settings.text("llama_scoring"),
        lama20=settings.truth("lama20"),
        starter=settings.text("starter"),
        seed=seed,
    )


def _lama_dice(settings: Settings, seed: int) -> LamaDiceGame:
    try:
        dice = check_dice(settings.value("dice", list))
    except ValueError:
        raise ValueError(settings.bad("dice")) from None
    return LamaDiceGame(
        settings.players(),
        dice=dice,
        seed=seed,
        lama20=settings.truth("lama20"),
        llama_scoring=settings.text("llama_scoring"),
        scripted=settings.truth("scripted"),
    )


def _unikat(settings: Settings, seed: int) -> UnikatGame:
    rounds = settings.whole("rounds_to_play", 1, MOST_ROUNDS)
    return UnikatGame(settings.players(), seed=seed, rounds_to_play=rounds)


RULES: dict[str, Rules] = {  # by the game's package name, as the class book keeps it
    "mam": Rules(
        "MAM!",
        ("level", "power", "scripted", "stack"),
        _mam,
        mam_bots.STRATEGIES,
        mam_moves.action_json,
        mam_moves.action_of,
    ),
    "lama": Rules(
        "LAMA",
        ("preset", "llama_scoring", "lama20", "starter"),
        _lama,
        lama_bots.STRATEGIES,
        lama_moves.action_json,
        lama_moves.action_of,
    ),
    "lama_dice": Rules(
        "LAMA Dice",
        ("dice", "lama20", "llama_scoring", "scripted"),
        _lama_dice,
        lama_dice_bots.STRATEGIES,
        lama_dice_moves.action_json,
        lama_dice_moves.action_of,
    ),
    "unikat": Rules(
        "Unikat",
        ("rounds_to_play",),
        _unikat,
        unikat_bots.STRATEGIES,
        unikat_moves.action_json,
        unikat_moves.action_of,
    ),
}


def rules(game: str) -> Rules:
    """The rules of one of the four games, by its package name."""
    if game not in RULES:
        message = _("the class book keeps the games {games}, not {game}")
        raise ValueError(message.format(games=", ".join(RULES), game=shown(game)))
    return RULES[game]


def dealt(game: str, settings: object, seed: object) -> Game[Any]:
    """The game `game` dealt with these settings and seed, before any move; a ValueError says
    which setting is wrong."""
    chosen = rules(game)
    read = Settings(chosen.name, settings, chosen.settings)
    if type(seed) is not int or not -SEEDS <= seed < SEEDS:
        raise ValueError(wrong(chosen.name, "seed", seed))
    read.computers(chosen.strategies)
    read.table()
    return chosen.deal(read, seed)


def move_json(game: str, move: object) -> Move:
    """A move of `game` (its package name) as JSON."""
    return rules(game).action_json(move)


def replayed(game: str, played: Game[Any], move: object) -> Event:
    """Make one more move, given as JSON, in a game of `game`: a ValueError says why the move
    cannot be read, an IllegalAction (a ValueError too) why it may not be made now."""
    return make_move(played, rules(game).action_of(move))


def replay(game: str, settings: object, seed: object, moves: Iterable[object]) -> Game[Any]:
    """The game `game` of these settings and seed after `moves` (each as JSON), made in order:
    the same game as the one played, move for move."""
    played = dealt(game, settings, seed)
    for move in moves:
        replayed(game, played, move)
    return played
