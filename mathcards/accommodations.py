"""What the teacher may set for a student who needs the lesson to wait for them
(docs/rules.md#mam-accommodations): no countdown (their phone shows no clock, and they may answer a
round whose time is up until the teacher reveals it), their wrong claim costs nobody a card,
and larger cards and text on their phone. The class book keeps them by the student's id; the
class service records those in force with each answer, so a replay scores it the same."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from enum import StrEnum

from mathcards.i18n import N_, _
from mathcards.room import Phase


class Accommodation(StrEnum):
    """One accommodation, as the class book, the pages and the forms name it."""

    NO_COUNTDOWN = "no-countdown"  # no clock; a round whose time is up takes their answers
    COSTS_NOBODY = "costs-nobody"  # their wrong claim gives nobody a card
    LARGER = "larger"  # larger cards and text on their phone


Accommodations = frozenset[Accommodation]
NONE: Accommodations = frozenset()
LABELS = {
    Accommodation.NO_COUNTDOWN: N_("no countdown"),
    Accommodation.COSTS_NOBODY: N_("a wrong claim costs nobody a card"),
    Accommodation.LARGER: N_("larger cards and text"),
}


def accommodations(names: Iterable[object]) -> Accommodations:
    """The accommodations these names say (a ValueError, in a sentence, for one that is none)."""
    found = set()
    for name in names:
        if name not in set(Accommodation):
            message = _("an accommodation is one of {choices}, not {name}")
            raise ValueError(message.format(choices=", ".join(Accommodation), name=repr(name)))
        found.add(Accommodation(str(name)))
    return frozenset(found)


def listed(held: Iterable[Accommodation]) -> list[str]:
    """The accommodations as a page or the class book lists them: in their own order."""
    return list(_listed(frozenset(held)))


@functools.cache  # a live game lists every student's at every change: a few sets, again
def _listed(chosen: frozenset[Accommodation]) -> tuple[str, ...]:
    return tuple(str(one) for one in Accommodation if one in chosen)


def label(held: Iterable[Accommodation]) -> str:
    """The accommodations in words, in their own order ("" for none)."""
    return ", ".join(_(LABELS[Accommodation(one)]) for one in listed(held))


def takes_answers(phase: Phase | None, held: Accommodations) -> bool:
    """Does a round in `phase` take this student's answer? An open one does; one whose time is
    up still does for a student with no countdown, until the teacher reveals it."""
    return phase is Phase.OPEN or (phase is Phase.CLOSED and Accommodation.NO_COUNTDOWN in held)


def phase_seen(phase: Phase | None, held: Accommodations) -> Phase | None:
    """The phase as this student's page shows it: a round whose time is up is still open to a
    student with no countdown."""
    return Phase.OPEN if phase is Phase.CLOSED and takes_answers(phase, held) else phase


def costs_others(held: Accommodations) -> bool:
    """Does this student's wrong claim give the others a card (as the rulebook says)?"""
    return Accommodation.COSTS_NOBODY not in held
