"""The `mathcards book` commands: `upgrade` (the schema, an SQLite file backed up first),
`export` (every answer, game, decision and live event as CSV or JSON), `forget` (a student,
everywhere, the upgrade's copies too), `purge` (what is older than the days the school
keeps), and the class's own, `assignments` and `class-list` (mathcards/book/class_cli.py).
The class book is the one `--db URL` names, else $MATHCARDS_DB, else the SQLite file in the
user's data directory. SQLAlchemy and Alembic are imported only when a book command runs
(`mathcards` builds this module's parser for every command)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from mathcards import i18n
from mathcards.arguments import whole
from mathcards.book import class_cli
from mathcards.book.records import ENVIRONMENT, KEEP_DAYS
from mathcards.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from mathcards.book.export import Judged, MistakeOf
    from mathcards.book.live import LiveRecord
    from mathcards.book.store import Book

FORMATS = ("csv", "json")
Judge = Callable[[list["LiveRecord"]], "Judged"]  # live games → what the service judged of them


def add_commands(
    commands: Any, judge: Judge | None = None, mistake_of: MistakeOf | None = None
) -> None:
    """Add `book` and its actions to the `mathcards` sub-commands (in the language in use);
    `export` gives each live answer what `judge` works out of the live games (the class
    service's own verdicts, which the book does not keep: docs/design.md#the-teachers-page),
    and each practice answer its kind of mistake (`mistake_of`)."""
    book = commands.add_parser(
        "book", help=_("the class book: upgrade, export, forget a student, delete old records")
    )
    actions = book.add_subparsers(dest="book_command", required=True, metavar=_("ACTION"))

    upgrade = actions.add_parser(
        "upgrade",
        help=_("bring the class book to this mathcards' schema (an SQLite file is backed up)"),
    )
    add_db(upgrade)
    upgrade.set_defaults(run=run_upgrade)

    export = actions.add_parser("export", help=_("print every answer, game and decision"))
    add_db(export)
    export.add_argument(
        "--format", choices=FORMATS, default="csv", help=_("csv (the default) or json")
    )
    add_class(export, _("only this class (default: every class)"))
    export.set_defaults(run=run_export, judge=judge, mistake_of=mistake_of)

    forget = actions.add_parser("forget", help=_("delete a student and everything they did"))
    forget.add_argument("nickname", metavar=_("NAME"), help=_("the student's nickname"))
    add_class(forget, _("the student's class (needed when two classes have that nickname)"))
    add_db(forget)
    forget.set_defaults(run=run_forget)

    purge = actions.add_parser("purge", help=_("delete the records older than N days"))
    add_keep_days(purge)
    add_db(purge)
    purge.set_defaults(run=run_purge)
    class_cli.add_commands(actions, add_db)


def add_db(command: argparse.ArgumentParser) -> None:
    """The `--db URL` option (also for `mathcards serve`)."""
    command.add_argument(
        "--db",
        metavar="URL",
        help=_(
            "the class book: sqlite:///FILE or postgresql://USER@HOST/DATABASE (default: "
            "${variable}, else classbook.sqlite in your data folder)"
        ).format(variable=ENVIRONMENT),
    )


def add_keep_days(command: argparse.ArgumentParser) -> None:
    """The `--keep-days N` option (also for `mathcards serve`)."""
    command.add_argument(
        "--keep-days",
        type=_days,
        default=KEEP_DAYS,
        metavar="N",
        help=_("keep the records of the last N days (default {days})").format(days=KEEP_DAYS),
    )


def add_class(command: argparse.ArgumentParser, meaning: str) -> None:
    command.add_argument("--class", dest="class_name", metavar=_("NAME"), help=meaning)


def _days(text: str) -> int:
    return whole(text, 1, N_("--keep-days must be a whole number of days, at least 1, not {text}"))


def opened(url: str | None) -> Book:
    """The class book at `url` (else $MATHCARDS_DB, else the SQLite file), opened."""
    from mathcards.book.store import Book  # SQLAlchemy, Alembic: the book's commands only

    return Book(url)


def run_upgrade(args: argparse.Namespace) -> int:
    from mathcards.book.schema import upgrade  # SQLAlchemy, Alembic: the book's commands only

    done = upgrade(args.db)
    if done.before == done.after:
        message = _("the class book at {where} is at revision {revision}: nothing to do")
        print(message.format(where=done.where, revision=done.after))
    elif done.before is None:
        message = _("made the class book at {where}, at revision {revision}")
        print(message.format(where=done.where, revision=done.after))
    else:
        message = _("upgraded the class book at {where} from revision {before} to {after}")
        print(message.format(where=done.where, before=done.before, after=done.after))
    if done.backup:
        print(_("the book as it was is in {backup}").format(backup=done.backup))
    return 0


def run_export(args: argparse.Namespace) -> int:
    with opened(args.db) as book:
        judged = args.judge(book.live_records(args.class_name)) if args.judge else None
        text = book.export(
            args.class_name,
            args.format,
            judged=judged,
            mistake_of=args.mistake_of,
            language=i18n.language(),
        )
        sys.stdout.write(text)
    return 0


def run_forget(args: argparse.Namespace) -> int:
    with opened(args.db) as book:
        count = book.forget(args.class_name, args.nickname)
        copies = book.backups()
    message = ngettext(
        "forgot {nickname}: {count} record deleted",
        "forgot {nickname}: {count} records deleted",
        count,
    )
    print(message.format(nickname=args.nickname, count=count))
    for copy in copies:
        said = _("nothing of {nickname} is left in the copy made before an upgrade either: {copy}")
        print(said.format(nickname=args.nickname, copy=copy))
    return 0


def run_purge(args: argparse.Namespace) -> int:
    with opened(args.db) as book:
        count = book.purge(args.keep_days)
    message = ngettext(
        "{count} record older than the days kept ({days}) deleted",
        "{count} records older than the days kept ({days}) deleted",
        count,
    )
    print(message.format(count=count, days=args.keep_days))
    return 0
