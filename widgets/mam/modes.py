"""`MamTable`, the one entry a lesson calls for the MAM! table: the way to play is its `mode`.
It is named like the class it picks, as a lesson reads it: "the MAM! table, in class"."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mathcards.i18n import _
from widgets.mam.class_table import ClassTable
from widgets.mam.solo_table import SoloTable
from widgets.mam.table import TargetTable
from widgets.mam.versus_table import VersusTable

MODES: dict[str, type[TargetTable]] = {
    "class": ClassTable,
    "versus": VersusTable,
    "practice": SoloTable,
}


def MamTable(
    players: Sequence[str] | None = None, *, mode: str = "class", **options: Any
) -> TargetTable:
    """The MAM! table for `mode`: the class on the projector (`"class"`: `players`, or `teams`
    teams, see `ClassTable`), you against computer players (`"versus"`: `opponents`, see
    `VersusTable`) or you alone (`"practice"`, `SoloTable`). Every table takes the
    `TableOptions`: level, power, seed, …"""
    if mode not in MODES:
        message = _("unknown mode {mode}: choose one of {known}")
        raise ValueError(message.format(mode=repr(mode), known=", ".join(MODES)))
    if players is not None:
        options["players"] = players
    return MODES[mode](**options)
