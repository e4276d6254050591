"""The MAM! table for one player alone: a wrong answer costs nothing, the table stays and they
try again (docs/rules.md, "Playing alone")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Unpack

from mathcards.i18n import _, you
from widgets.mam.table import TableOptions, TargetTable

if TYPE_CHECKING:
    from mathcards.mam.game import MamGame


class SoloTable(TargetTable):
    """You alone at the table, checking your own calculations (`options`: see
    `TableOptions`)."""

    way = "practice"

    def __init__(self, **options: Unpack[TableOptions]) -> None:
        super().__init__([you()], **options)
        self.come_back()

    def _claim_word(self) -> str:
        return _("Check")

    def _unreadable(self, player: str, text: str) -> None:
        """Alone, a slip is only a slip: nobody judges it, you fix it and check again."""

    def _render_scores(self, game: MamGame) -> str:
        """The cards you have won."""
        won = _("Cards won: {n}").format(n=game.scores()[self.names[0]])
        return f"<p>{won}</p>"
