"""The teacher's page's accommodations (mathcards.accommodations): per student, no countdown,
a wrong claim that costs nobody a card, larger cards and text; set with one form a student
(templates/accommodations.html), kept in the class book, and reaching the live games at once."""

from __future__ import annotations

from dataclasses import dataclass

from mathcards.accommodations import LABELS, Accommodation, Accommodations, label
from mathcards.classroom.service.classservice import ClassService
from mathcards.i18n import _

DO = "accommodate"  # the form's `do`
FIELD = "accommodation"  # the form's checkboxes, one an accommodation


@dataclass(frozen=True)
class AccommodationLine:
    """A student's line: their nickname, and each accommodation (its name, label, set?)."""

    name: str
    choices: list[tuple[str, str, bool]]


async def held(service: ClassService) -> dict[str, Accommodations] | None:
    """Every student's accommodations (None when the class book cannot say)."""
    book, name = service.book_of, service.class_name
    try:
        return await service.run(lambda: book().accommodations(name))
    except ValueError:
        return None


def lines(found: dict[str, Accommodations] | None) -> list[AccommodationLine] | None:
    """The section's lines, in the page's language."""
    if found is None:
        return None
    return [
        AccommodationLine(name, [(one, _(LABELS[one]), one in have) for one in Accommodation])
        for name, have in found.items()
    ]


async def accommodate(service: ClassService, nickname: str, chosen: list[str]) -> Accommodations:
    """Keep the student's accommodations, then show them to the live games at once."""
    book, name = service.book_of, service.class_name
    now = await service.run(lambda: book().accommodate(name, nickname, chosen))
    for room in service.rooms:
        await room.accommodated()
    return now


def said(nickname: str, now: Accommodations) -> str:
    """What the page says it has done."""
    if not now:
        return _("{name} has no accommodations now.").format(name=nickname)
    return _("{name}: {accommodations}.").format(name=nickname, accommodations=label(now))
