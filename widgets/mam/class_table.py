"""The MAM! table of the class on the projector: the class plays as teams (or named players),
and the teacher picks who shouted "MAM!" and types their calculation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Unpack

import ipywidgets as w
from ipywidgets.widgets.widget_description import DescriptionStyle

from mathcards.engine import check_players
from mathcards.i18n import _
from widgets.controls import fixed, shared
from widgets.mam.cards import names_typed, team_boxes, team_names
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
        self.come_back()

    def _own_settings(self) -> list[w.Widget]:
        """How many teams play and their names, as the teacher types them."""
        self.team_count, self.team_text = team_boxes(self.names)
        self.team_count.observe(self._count_changed, names="value")
        teams = [self.team_count, self.team_text]
        return [w.HBox(teams, layout=fixed(flex_flow="row wrap"), _dom_classes=("mc-teams",))]

    def _over_answer(self) -> list[w.Widget]:
        """Who shouted "MAM!", as the teacher picks them."""
        self.claimer = w.Dropdown(
            options=self.names,
            description=_("MAM! by"),
            style=shared(DescriptionStyle),
            layout=fixed(),
            _dom_classes=("mc-claimer",),
        )
        return [self.claimer]

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
