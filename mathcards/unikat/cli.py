"""`mathcards unikat`: the longest chain one action can lay, and the odds of the first card."""

from __future__ import annotations

import argparse
import json
from typing import Any

from mathcards.unikat.board import cell_text, parse_table
from mathcards.unikat.cards import card
from mathcards.unikat.chain import best_chain, check_rack
from mathcards.unikat.odds import can_lay_first, check_rack_size, expected_neighbours


def add_commands(commands: Any) -> None:
    """Add `unikat best` and `unikat odds` to the `mathcards` sub-commands."""
    unikat = commands.add_parser("unikat", help="Unikat: the longest chain, and the odds")
    questions = unikat.add_subparsers(dest="unikat", required=True, metavar="QUESTION")

    best = questions.add_parser("best", help="the longest chain of rack cards one action lays")
    best.add_argument(
        "--table", nargs="+", required=True, metavar="CODE@X,Y", help="e.g. swb1@0,0 cwb1@1,0"
    )
    best.add_argument("--rack", nargs="+", required=True, metavar="CODE", help="e.g. cwb2 qwb1")
    best.add_argument("--json", action="store_true", help="one JSON object on stdout")
    best.set_defaults(run=run_best)

    odds = questions.add_parser("odds", help="can a rack of N cards touch the start card?")
    odds.add_argument("--rack-size", type=_rack_size, required=True, metavar="N", help="1 to 80")
    odds.add_argument("--json", action="store_true", help="one JSON object on stdout")
    odds.set_defaults(run=run_odds)


def _rack_size(text: str) -> int:
    """N for `--rack-size`: plain digits, 1 to 80."""
    plain = text.strip()
    if not (plain.isascii() and plain.isdigit() and len(plain) < 4):
        raise argparse.ArgumentTypeError(f"--rack-size must be a whole number, not {text!r}")
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
        print("No card on the rack fits next to the table.")
        return 0
    print(f"The longest chain lays {len(chain)} card{'s' * (len(chain) != 1)}:")
    for number, step in enumerate(chain, 1):
        print(f"  {number}. {step.card} ({step.card.name}) at {cell_text(step.at)}")
    return 0


def run_odds(args: argparse.Namespace) -> int:
    """Print the chance that a rack can touch the start card, and how many cards will."""
    chance, expected = can_lay_first(args.rack_size), expected_neighbours(args.rack_size)
    if args.json:
        print(json.dumps({"can_lay_first": str(chance), "expected_neighbours": str(expected)}))
        return 0
    print(f"A rack of {args.rack_size} cards drawn after the start card:")
    print(f"  holds a card that may touch it: {chance} ({float(chance):.1%})")
    print(f"  holds on average {expected} ({float(expected):.2f}) such cards, of the 8")
    return 0
