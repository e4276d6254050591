"""A game's settings as the class book keeps them, read and checked where each is used; and the
`Rules` of keeping a game, one a game (`mathcards/<game>/replay.py`), which `mathcards.replay`
deals and replays from (docs/design.md#a-game-replayed)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from mathcards.codec import Move, shown
from mathcards.engine import Game
from mathcards.i18n import N_, _

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
