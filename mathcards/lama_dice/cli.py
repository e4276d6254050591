"""The `mathcards lama-dice` questions: `odds` (the chance of each case of the next roll) and
`last-player` (roll or quit, when all others have quit), exact."""

from __future__ import annotations

import argparse
import json
from typing import Any

from mathcards import i18n
from mathcards.chips import LLAMA_SCORING, LLAMA_SCORING_WORDS
from mathcards.i18n import N_, _, ngettext
from mathcards.lama_dice.dice import DEFAULT_DICE, Case, Dice, parse_dice, parse_value
from mathcards.lama_dice.odds import roll_odds
from mathcards.lama_dice.policy import last_player

CASE_LINES = {  # `lama-dice odds`: one line for each case of the next roll
    Case.THREE_LLAMAS: N_("three llamas: {chance} ({percent})"),
    Case.DISCARD: N_("discard: {chance} ({percent})"),
    Case.TAKE: N_("take: {chance} ({percent})"),
    Case.BUST: N_("bust: {chance} ({percent})"),
}
BEST = {"roll": N_("best: roll"), "quit": N_("best: quit")}  # `lama-dice last-player`


def add_commands(commands: Any) -> None:
    """Add `lama-dice odds` and `lama-dice last-player` to the `mathcards` sub-commands (in the
    language in use)."""
    dice_cmd = commands.add_parser(
        "lama-dice", help=_("LAMA Dice: exact odds and the best decision")
    )
    dice_commands = dice_cmd.add_subparsers(dest="lama_dice", required=True, metavar=_("QUESTION"))
    odds_cmd = dice_commands.add_parser("odds", help=_("the chance of each case of the next roll"))
    _add_rows(odds_cmd)
    odds_cmd.add_argument("--alone", action="store_true", help=_("everyone else has quit"))
    odds_cmd.set_defaults(run=run_odds)
    last_cmd = dice_commands.add_parser("last-player", help=_("roll or quit, when all others quit"))
    _add_rows(last_cmd)
    last_cmd.set_defaults(run=run_last_player)


def _add_rows(command: argparse.ArgumentParser) -> None:
    rows = (
        ("--row", N_("your row: 1 to 6, L for a llama")),
        ("--llama-row", N_("the llama row in the middle")),
    )
    for flag, what in rows:
        command.add_argument(
            flag, nargs="*", type=_lama_card, required=True, metavar=_("CARD"), help=_(what)
        )
    command.add_argument(
        "--dice",
        type=_dice,
        default=DEFAULT_DICE,
        metavar=_("DICE"),
        help=_("e.g. 3456LL,1256LL,1234LL"),
    )
    command.add_argument(
        "--llama-scoring",
        choices=LLAMA_SCORING,
        default="once",
        help="; ".join(f"{option}: {_(LLAMA_SCORING_WORDS[option])}" for option in LLAMA_SCORING),
    )
    command.add_argument("--json", action="store_true", help=_("one JSON object on stdout"))


def _lama_card(text: str) -> int:
    try:
        return parse_value(text)
    except ValueError as problem:
        raise argparse.ArgumentTypeError(str(problem)) from None


def _dice(text: str) -> Dice:
    try:
        return parse_dice(text)
    except ValueError as problem:
        raise argparse.ArgumentTypeError(str(problem)) from None


def run_odds(args: argparse.Namespace) -> int:
    """`mathcards lama-dice odds`: the chance of each case of the next roll, exact."""
    odds = roll_odds(
        args.row, args.llama_row, args.dice, alone=args.alone, llama_scoring=args.llama_scoring
    )
    record = {case.name.lower(): str(odds.of(case)) for case in Case}
    lines = [
        _(CASE_LINES[case]).format(chance=odds.of(case), percent=i18n.percent(odds.of(case)))
        for case in Case
    ]
    lines += [
        ngettext(
            "discard at most {n} card: {chance}", "discard at most {n} cards: {chance}", n
        ).format(n=n, chance=p)
        for n, p in odds.discard_up_to.items()
    ]
    lines.append(_("penalty if you quit now: {points}").format(points=odds.penalty_now))
    return _say(args, record, lines)


def run_last_player(args: argparse.Namespace) -> int:
    """`mathcards lama-dice last-player`: roll or quit, and the expected penalty of each."""
    decision = last_player(args.row, args.llama_row, args.dice, llama_scoring=args.llama_scoring)
    record = {
        "action": decision.action,
        "expected_penalty": str(decision.expected_penalty),
        "roll": str(decision.roll),
        "quit": str(decision.quit),
    }
    rolling = _("expected penalty if you roll on: {exact} ({about})")
    lines = [
        _(BEST[decision.action]),
        rolling.format(exact=decision.roll, about=i18n.number(decision.roll, 2)),
        _("penalty if you quit now: {points}").format(points=decision.quit),
    ]
    return _say(args, record, lines)


def _say(args: argparse.Namespace, record: dict[str, str], lines: list[str]) -> int:
    """One JSON object, or lines for people."""
    print(json.dumps(record) if args.json else "\n".join(lines))
    return 0
