"""The `mathcards` command: one sub-command per task (DESCRIPTION), every word it prints in the
language `--lang` (or the environment) chooses, argparse's own words included.

Each game's commands live with the game (`mathcards/mam/cli.py`, `lama/`, `lama_dice/`,
`unikat/`), `serve` and `lessons` with the server (`mathcards/classroom/`): each module adds its
own with `add_commands(commands)`, and every sub-command names the function that runs it
(`set_defaults(run=...)`), which returns the exit status."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, NoReturn

from mathcards import __version__, i18n
from mathcards.argparse_i18n import speaking
from mathcards.arguments import UsageError
from mathcards.book import cli as book_cli
from mathcards.classroom.server import cli as classroom_cli
from mathcards.classroom.server.cli import TEMPLATES, voila_command, warm_pages
from mathcards.classroom.teacher.mistakes import kind_of
from mathcards.i18n import N_, _
from mathcards.lama import cli as lama_cli
from mathcards.lama_dice import cli as lama_dice_cli
from mathcards.mam import cli as mam_cli
from mathcards.unikat import cli as unikat_cli

if TYPE_CHECKING:
    from mathcards.book.export import Judged
    from mathcards.book.live import LiveRecord

__all__ = ["TEMPLATES", "UsageError", "main", "parser", "voila_command", "warm_pages"]

DESCRIPTION = N_(
    "Solve and check MAM! deals, deal one, LAMA Dice odds and decisions, the LAMA card game's "
    "scores, odds and tournaments, Unikat's longest chain and odds, and serving the lessons."
)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, never a usage dump
        raise UsageError(message)


def parser() -> argparse.ArgumentParser:
    """The command line, with one sub-command per task."""
    main = _Parser(prog="mathcards", description=_(DESCRIPTION))
    main.add_argument(
        "--lang",
        choices=list(i18n.LANGUAGES),
        default=i18n.language(),
        help=_("the language of every word (default: from LANG, else English)"),
    )
    main.add_argument(
        "--version",
        action="version",
        version=f"mathcards {__version__}",
        help=_("print the version of mathcards and exit"),
    )
    commands = main.add_subparsers(dest="command", required=True, metavar=_("COMMAND"))
    mam_cli.add_commands(commands)
    lama_dice_cli.add_commands(commands)
    classroom_cli.add_commands(commands)
    lama_cli.add_commands(commands)
    unikat_cli.add_commands(commands)
    book_cli.add_commands(commands, judge=live_verdicts, mistake_of=kind_of)
    return main


def live_verdicts(records: list[LiveRecord]) -> Judged:
    """What the class service works out of each live answer and guess, for `mathcards book
    export`."""
    # the live games' replay loads the class service's code: `book export` only
    from mathcards.classroom.teacher.lessons import judged

    return judged(records)


def _language(argv: list[str]) -> tuple[str, list[str]]:
    """The language `--lang` names anywhere on the line (else the environment's), and the rest
    of the line: the command's own words are made in that language."""
    for i, word in enumerate(argv):
        if word == "--lang" and i + 1 < len(argv):
            return argv[i + 1], argv[:i] + argv[i + 2 :]
        if word.startswith("--lang="):
            return word.removeprefix("--lang="), argv[:i] + argv[i + 1 :]
    return i18n.from_environment(), argv


def main(argv: list[str] | None = None) -> int:
    """Run the command in its language (argparse's words too), then return to the language
    before; bad input is one line on stderr and exit status 2."""
    before = i18n.language()
    try:
        language, words = _language(sys.argv[1:] if argv is None else argv)
        i18n.use(language)
        with speaking():
            args = parser().parse_args(words)
        run: Callable[[argparse.Namespace], int] = args.run
        return run(args)
    except (UsageError, ValueError) as problem:
        print(_("mathcards: error: {problem}").format(problem=problem), file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. `mathcards solve ... | head`: the reader has gone
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - silences the flush at exit
        return 0
    finally:
        i18n.use(before)


if __name__ == "__main__":
    sys.exit(main())
