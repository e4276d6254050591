"""The teacher's page's say over who is in the class: remove many students at once (after a
second yes, as one), close the class to new names, so that a script's invented browsers join
as no one, and give the class a list of names (pasted, or a CSV file), which closes it: its
students then pick their name from the list (templates/roster.html). Each change reaches the
live games at once."""

from __future__ import annotations

from mathcards.book.roster import names_in, names_of_file
from mathcards.classroom.service.classservice import ClassService
from mathcards.i18n import _, ngettext

MOST_AT_ONCE = 600  # students one form removes, at most (as many as a class book keeps)
CLOSE, OPEN, CLASS_LIST = "close", "open", "class-list"  # the forms' `do`


def chosen(names: list[str]) -> list[str]:
    """The students a form names, each once, in its order, at most `MOST_AT_ONCE`."""
    return list(dict.fromkeys(name for name in names if name.strip()))[:MOST_AT_ONCE]


async def forget(service: ClassService, names: list[str]) -> tuple[list[str], list[str]]:
    """Forget each student named, in one turn of the writer: those forgotten, and a sentence
    for each who could not be (removed already, say)."""
    book, school, names = service.book_of, service.class_name, chosen(names)

    def forget_each() -> tuple[list[str], list[str]]:
        done, problems = [], []
        for name in names:
            try:
                book().forget(school, name)
            except ValueError as refusal:
                problems.append(str(refusal))
            else:
                done.append(name)
        return done, problems

    done, problems = await service.run(forget_each)
    await service.reach_live()
    return done, problems


def removed(done: list[str], problems: list[str]) -> str:
    """What the page says it removed (and what it could not)."""
    if len(done) == 1:
        said = _("{name} and all their work are removed.").format(name=done[0])
    elif done:
        said = ngettext(
            "{n} student and all their work are removed: {names}.",
            "{n} students and all their work are removed: {names}.",
            len(done),
        ).format(n=len(done), names=", ".join(done))
    else:
        said = ""
    return " ".join([said, *problems]).strip()


async def class_list(service: ClassService, pasted: str, uploaded: bytes) -> list[str]:
    """Give the class the names pasted and those of the file uploaded (a CSV, or one a line),
    and close it; the names added. A live game that knew a name hears it is a student's now."""
    book, school = service.book_of, service.class_name
    lines = [*names_in(pasted), *(names_of_file(uploaded) if uploaded else [])]

    def listed() -> list[str]:
        added = book().class_list(school, lines)
        for name in added:
            service.name_taken(name)
        return added

    return await service.run(listed)


def said_listed(added: list[str]) -> str:
    """What the page says it has done."""
    said = ngettext(
        "{n} name added to the class list: the class is closed to other names.",
        "{n} names added to the class list: the class is closed to other names.",
        len(added),
    )
    return said.format(n=len(added))


async def free(service: ClassService) -> list[str] | None:
    """The names of the class list no browser has picked yet (None when the book cannot say)."""
    book, school = service.book_of, service.class_name
    try:
        return await service.run(lambda: book().free_names(school))
    except ValueError:
        return None


async def closed(service: ClassService) -> bool | None:
    """Is the class closed to new names (None when the class book cannot say)?"""
    book, school = service.book_of, service.class_name
    try:
        return bool(await service.run(lambda: book().class_closed(school)))
    except ValueError:
        return None


async def close(service: ClassService, shut: bool) -> None:
    """Close the class to new names, or open it again."""
    book, school = service.book_of, service.class_name
    await service.run(lambda: book().close_class(school, shut))


def said_closed(shut: bool) -> str:
    """What the page says it has done."""
    if shut:
        return _("The class is closed to new names: only its students come in.")
    return _("The class is open: new students may join.")
