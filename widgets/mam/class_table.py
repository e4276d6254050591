"""The MAM! table of the class on the projector: the class plays as teams (or named players),
and the teacher picks who shouted "MAM!" and types their calculation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Unpack

from mathcards.engine import check_players
from widgets.mam.cards import names_typed, team_names
from widgets.mam.table import TableOptions, TargetTable


class ClassTable(TargetTable):
    """The class on the projector, as `players` or as `teams` teams ("Team A", "Team B", … in
    the page's language), which the teacher may rename before each game; the teacher picks
    who shouted "MAM!" (`options`: see `TableOptions`)."""

    way = "class"

    def __init__(
        self,
        players: Sequence[str] | None = None,
        *,
        teams: int = 2,
        **options: Unpack[TableOptions],
    ) -> None:
        seated = team_names(teams) if players is None else players
        super().__init__(check_players(seated, game="MAM!", fewest=1), **options)
        self.claimer.layout.display = ""
        self.class_teams.layout.display = ""
        self.team_count.observe(self._count_changed, names="value")
        self.come_back()

    def _claimant(self) -> str:
        """The player the teacher picked: the one who shouted "MAM!"."""
        return str(self.claimer.value)

    def _seat(self, seed: int) -> None:
        """The class's teams (or players) as the teacher named them, for the next game."""
        self.names = check_players(names_typed(self.team_text.value), game="MAM!", fewest=2, most=6)
        self.claimer.options = self.names
        self.team_count.value = len(self.names)

    def _seated(self, settings: dict[str, Any]) -> None:
        """The teams (or players) of a game come back, as the teacher named them."""
        self.claimer.options = self.names
        self.team_text.value = ", ".join(self.names)
        self.team_count.value = len(self.names)

    def _count_changed(self, _change: object = None) -> None:
        """As many names as teams: the typed ones kept, "Team C", … added."""
        typed = names_typed(self.team_text.value)
        defaults = [name for name in team_names(6) if name not in typed]
        wanted = self.team_count.value
        self.team_text.value = ", ".join((typed + defaults)[:wanted])
