"""`mathcards unikat`: the longest chain one action can lay, and the odds of the first card."""

from __future__ import annotations

import argparse
import json
from typing import Any

from mathcards.i18n import _, ngettext, percent
from mathcards.unikat.board import cell_text, parse_table
from mathcards.unikat.cards import card
from mathcards.unikat.chain import best_chain, check_rack
from mathcards.unikat.odds import can_lay_first, check_rack_size, exactly, expected_neighbours


def add_commands(commands: Any) -> None:
    """Add `unikat best` and `unikat odds` to the `mathcards` sub-commands (in the language in
    use: `mathcards` chooses it before it builds its parser)."""
    unikat = commands.add_parser("unikat", help=_("Unikat: the longest chain, and the odds"))
    questions = unikat.add_subparsers(dest="unikat", required=True, metavar=_("QUESTION"))

    best = questions.add_parser("best", help=_("the longest chain of rack cards one action lays"))
    best.add_argument(
        "--table",
        nargs="+",
        required=True,
        metavar=_("CODE@X,Y"),
        help=_("the cards on the table, e.g. swb1@0,0 cwb1@1,0"),
    )
    best.add_argument(
        "--rack", nargs="+", required=True, metavar=_("CODE"), help=_("the rack, e.g. cwb2 qwb1")
    )
    best.add_argument("--json", action="store_true", help=_("one JSON object on stdout"))
    best.set_defaults(run=run_best)

    odds = questions.add_parser("odds", help=_("can a rack of N cards touch the start card?"))
    odds.add_argument(
        "--rack-size", type=_rack_size, required=True, metavar="N", help=_("1 to 80 cards")
    )
    odds.add_argument("--json", action="store_true", help=_("one JSON object on stdout"))
    odds.set_defaults(run=run_odds)


def _rack_size(text: str) -> int:
    """N for `--rack-size`: plain digits, 1 to 80."""
    plain = text.strip()
    if not (plain.isascii() and plain.isdigit() and len(plain) < 4):
        raise argparse.ArgumentTypeError(
            _("--rack-size must be a whole number, not {text}").format(text=repr(text))
        )
    try:
        return check_rack_size(int(plain))
    except ValueError as problem:
        raise argparse.ArgumentTypeError(str(problem)) from None


def run_best(args: argparse.Namespace) -> int:
    """Print a longest chain: each card and the cell (column, row) it goes on."""
    table = parse_table(args.table)
    rack = check_rack(table, [card(code) for code in args.rack])
    chain = best_chain(table, rack)
    if args.json:
        steps = [{"card": step.card.code, "at": list(step.at)} for step in chain]
        print(json.dumps({"cards": len(chain), "chain": steps}))
        return 0
    if not chain:
        print(_("No card on the rack fits next to the table."))
        return 0
    print(
        ngettext(
            "The longest chain lays {n} card:", "The longest chain lays {n} cards:", len(chain)
        ).format(n=len(chain))
    )
    for step_number, step in enumerate(chain, 1):
        line = _("{step}. {code} ({card}) at {cell}").format(
            step=step_number, code=step.card.code, card=step.card.name, cell=cell_text(step.at)
        )
        print(f"  {line}")
    return 0


def run_odds(args: argparse.Namespace) -> int:
    """Print the chance that a rack can touch the start card, and how many cards will."""
    n = args.rack_size
    chance, expected = can_lay_first(n), expected_neighbours(n)
    if args.json:
        print(json.dumps({"can_lay_first": str(chance), "expected_neighbours": str(expected)}))
        return 0
    print(
        ngettext(
            "A rack of {n} card drawn after the start card:",
            "A rack of {n} cards drawn after the start card:",
            n,
        ).format(n=n)
    )
    holds = _("holds a card that may touch it: {chance} ({percent})")
    print("  " + holds.format(chance=chance, percent=percent(chance)))
    average = _("holds on average {expected} such cards, of the 8")
    print("  " + average.format(expected=exactly(expected)))
    return 0
