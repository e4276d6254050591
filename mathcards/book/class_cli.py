"""The class's own `mathcards book` commands: `assignments` (list them with each student's
progress, or export them as CSV or JSON; `--zone` sets the class's time zone first) and
`class-list` (give the class its names from a file, one a line or a CSV, and close it to other
names). SQLAlchemy is imported only when one runs (mathcards/book/cli.py)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mathcards import i18n
from mathcards.book import zones
from mathcards.book.progress import SKILLS, Assignment, Goal, Progress, State
from mathcards.i18n import _, ngettext

if TYPE_CHECKING:
    from mathcards.book.store import Book

LISTED = ("text", "csv", "json")
SERVERS = "local"  # `--zone local`: the server's own time zone again
MOST_BYTES = 1 << 20  # a class list file: 600 names take 20 kB


def add_commands(actions: Any, add_db: Any) -> None:
    """`assignments` and `class-list`, beside the book's other actions."""
    listing = actions.add_parser(
        "assignments", help=_("list a class's assignments and how far each student is")
    )
    listing.add_argument("class_name", metavar=_("CLASS"), help=_("the class"))
    listing.add_argument(
        "--format", choices=LISTED, default="text", help=_("text (the default), csv or json")
    )
    listing.add_argument(
        "--zone",
        metavar=_("ZONE"),
        help=_("first set the class's time zone (as Europe/Warsaw; `local`: the server's own)"),
    )
    add_db(listing)
    listing.set_defaults(run=run_assignments)

    class_list = actions.add_parser(
        "class-list", help=_("give a class its names (one a line, or a CSV) and close it")
    )
    class_list.add_argument("class_name", metavar=_("CLASS"), help=_("the class"))
    class_list.add_argument(
        "file", metavar=_("FILE"), help=_("the names, one a line, or a CSV file (- reads stdin)")
    )
    add_db(class_list)
    class_list.set_defaults(run=run_class_list)


def opened(url: str | None) -> Book:
    """The class book at `url` (else $MATHCARDS_DB, else the SQLite file), opened."""
    from mathcards.book.store import Book  # SQLAlchemy, Alembic: 0.4 s at first import

    return Book(url)


def run_assignments(args: argparse.Namespace) -> int:
    from mathcards.book.export import assignments_file  # SQLAlchemy: 0.4 s at first import

    with opened(args.db) as book:
        if args.zone is not None:
            zone = book.set_class_zone(args.class_name, None if args.zone == SERVERS else args.zone)
            said = _("the time zone of the class {name} is now {zone}")
            told = sys.stdout if args.format == "text" else sys.stderr  # a file stays one
            print(said.format(name=args.class_name, zone=zones.zone_said(zone)), file=told)
        zone = zones.zone_said(book.class_zone(args.class_name))
        found = book.progress(args.class_name)
    if args.format != "text":
        text = assignments_file(args.class_name, zone, found, args.format, i18n.language())
        sys.stdout.write(text)
        return 0
    print(_("the class {name}, in the time zone {zone}").format(name=args.class_name, zone=zone))
    if not found:
        print(_("no assignments yet"))
    for task, everyone in found:
        print(*listed(task, everyone), sep="\n")
    return 0


def listed(task: Assignment, everyone: list[Progress]) -> list[str]:
    """An assignment's lines: what it asks, then who finished, who is on the way, who has not
    begun."""
    if task.goal is Goal.DAYS:
        asks = ngettext("practice on {n} day", "practice on {n} different days", task.count)
    else:
        asks = ngettext("{n} deal solved", "{n} deals solved", task.count)
    head = _("{number}. {title} ({skill}): {asks}, due {due}").format(
        number=task.id,
        title=task.title,
        skill=_(SKILLS[task.skill]),
        asks=asks.format(n=task.count),
        due=task.due.isoformat(),
    )
    finished = [
        f"{one.nickname} ({one.finished})" for one in everyone if one.state is State.FINISHED
    ]
    going = [
        _("{name} {done} of {count}, since {began}").format(
            name=one.nickname, done=one.done, count=one.count, began=one.began
        )
        for one in everyone
        if one.state is State.ON_THE_WAY
    ]
    idle = [one.nickname for one in everyone if one.state is State.NOT_BEGUN]
    return [
        head,
        "   " + _("finished: {names}").format(names=", ".join(finished) or "—"),
        "   " + _("on the way: {names}").format(names=", ".join(going) or "—"),
        "   " + _("not begun: {names}").format(names=", ".join(idle) or "—"),
    ]


def read(file: str) -> bytes:
    """The first bytes of a file (`-`: of stdin), one more than a class list may have."""
    if file == "-":
        return sys.stdin.buffer.read(MOST_BYTES + 1)
    with Path(file).open("rb") as source:
        return source.read(MOST_BYTES + 1)


def run_class_list(args: argparse.Namespace) -> int:
    from mathcards.book.roster import names_of_file  # SQLAlchemy: 0.4 s at first import

    try:
        data = read(args.file)
    except OSError as problem:
        said = _("cannot read {file}: {problem}")
        raise ValueError(said.format(file=args.file, problem=problem.strerror or problem)) from None
    if len(data) > MOST_BYTES:
        raise ValueError(_("{file} is too big for a class list").format(file=args.file))
    with opened(args.db) as book:
        added = book.class_list(args.class_name, names_of_file(data))
        free = book.free_names(args.class_name)
    said = ngettext(
        "{n} name added to the class list of {name}",
        "{n} names added to the class list of {name}",
        len(added),
    )
    print(said.format(n=len(added), name=args.class_name))
    print(_("the class is closed to other names: students pick theirs from the list"))
    print(_("not yet chosen by a student: {names}").format(names=", ".join(free) or "—"))
    return 0
