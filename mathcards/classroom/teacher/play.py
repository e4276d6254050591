"""The teacher's page's tables (templates/play.html): each table's game, its players, the points
and who won, its moves and the decisions its review scored; and each student's accuracy over
the decisions they made at tables themselves (not those the computer made for them while they
were away), as the game review reckons it (mathcards.review, docs/design.md#a-game-review)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction

from mathcards.book.play import DecisionKept, TablePlayed
from mathcards.classroom.service.classservice import ClassService
from mathcards.collation import sorted_names
from mathcards.i18n import N_, _, percent
from mathcards.review import ScoredDecision, accuracy

GAMES = {"lama": N_("LAMA"), "lama_dice": N_("LAMA Dice"), "unikat": N_("Unikat")}
Row = list[object]


@dataclass(frozen=True)
class PlayReport:
    """What the class played at tables: the tables and the decisions kept."""

    tables: list[TablePlayed]
    decisions: list[DecisionKept]


async def report(service: ClassService) -> PlayReport | None:
    """The class's tables and decisions (None when the class book cannot say)."""
    book, name = service.book_of, service.class_name
    try:
        tables = await service.run(lambda: book().tables_played(name))
        decisions = await service.run(lambda: book().decisions_kept(name))
    except ValueError:
        return None
    return PlayReport(tables, decisions)


def scored(kept: DecisionKept) -> ScoredDecision:
    """A kept decision, its values exact again, as the review scored it."""
    values = {choice: Fraction(value) for choice, value in kept.values.items()}
    return ScoredDecision(
        kept.game, kept.seq, kept.student, 0, kept.chosen, kept.best, values, kept.exact, {}
    )


def accuracy_columns() -> list[str]:
    return [_("student"), _("games at a table"), _("decisions"), _("best choices"), _("accuracy")]


def accuracy_rows(found: PlayReport) -> list[Row]:
    """Each student's own decisions at tables: how many, how many matched, the accuracy."""
    own: dict[str, list[ScoredDecision]] = defaultdict(list)
    tables: dict[str, set[int]] = defaultdict(set)
    for kept in found.decisions:
        tables[kept.student].add(kept.table)
        if not kept.stand_in:
            own[kept.student].append(scored(kept))
    return [
        [
            student,
            len(tables[student]),
            len(own[student]),
            sum(decision.matched for decision in own[student]),
            percent(accuracy(own[student]) / 100, 0),
        ]
        for student in sorted_names(tables)
    ]


def table_columns() -> list[str]:
    return [
        _("when"),
        _("game"),
        _("players"),
        _("scores"),
        _("winners"),
        _("over"),
        _("moves"),
        _("decisions"),
    ]


def table_rows(found: PlayReport) -> list[Row]:
    """Each table, the newest first."""
    return [
        [
            table.started.astimezone().strftime("%Y-%m-%d %H:%M"),
            _(GAMES.get(table.game, table.game)),
            ", ".join(table.players),
            ", ".join(f"{player} {points}" for player, points in table.scores.items()),
            ", ".join(table.winners),
            _("yes") if table.finished else _("no"),
            table.moves,
            table.decisions,
        ]
        for table in found.tables
    ]


@dataclass(frozen=True)
class PlaySections:
    """The section's two tables, in the page's language."""

    accuracy_columns: list[str]
    accuracy: list[Row]
    table_columns: list[str]
    tables: list[Row]


def sections(found: PlayReport | None) -> PlaySections | None:
    if found is None:
        return None
    return PlaySections(
        accuracy_columns(), accuracy_rows(found), table_columns(), table_rows(found)
    )
