"""The `mathcards` commands of the target game MAM!: `solve` (every way to make the target from
the cards), `check` (is a calculation right?) and `deal` (turn up cards, roll for a target)."""

from __future__ import annotations

import argparse
import json
import random
from itertools import groupby
from typing import Any

from mathcards import i18n
from mathcards.arguments import UsageError, whole
from mathcards.i18n import N_, _, ngettext
from mathcards.mam import cards as mam_cards
from mathcards.mam import expression
from mathcards.mam.checker import check
from mathcards.mam.inputs import MAX_POWER_LIMIT
from mathcards.mam.solver import Found, Solution, find_solutions
from mathcards.mam.steps import MAX_POWER

SOLVE_FORMATS = ("text", "latex", "mathml", "json")
CHECK_FORMATS = ("text", "latex", "mathml")


def add_commands(commands: Any) -> None:
    """Add `solve`, `check` and `deal` to the `mathcards` sub-commands (in the language in use)."""
    solve_cmd = commands.add_parser("solve", help=_("every way to make the target from the cards"))
    solve_cmd.add_argument(
        "cards", nargs="+", type=_card, metavar=_("CARD"), help=_("the face-up cards")
    )
    _add_rules(solve_cmd)
    solve_cmd.add_argument(
        "--limit", type=_limit, default=100, metavar="N", help=_("list at most N (default 100)")
    )
    solve_cmd.add_argument("--json", action="store_true", help=_("one JSON object on stdout"))
    solve_cmd.add_argument(
        "--format",
        choices=SOLVE_FORMATS,
        default="text",
        help=_("how to write the solutions: text (the default), latex, mathml or json"),
    )
    solve_cmd.set_defaults(run=run_solve)

    check_cmd = commands.add_parser("check", help=_("is a calculation right? exit 0 if so, else 1"))
    check_cmd.add_argument(
        "answer", metavar=_("answer"), help=_('the calculation, e.g. "7×6−12+2"')
    )
    check_cmd.add_argument(
        "--cards",
        nargs="+",
        type=_card,
        required=True,
        metavar=_("CARD"),
        help=_("the face-up cards"),
    )
    _add_rules(check_cmd)
    check_cmd.add_argument(
        "--format",
        choices=CHECK_FORMATS,
        default="text",
        help=_("how to write the calculation in the verdict: text (the default), latex or mathml"),
    )
    check_cmd.set_defaults(run=run_check)

    deal_cmd = commands.add_parser("deal", help=_("turn up cards and roll the dice for a target"))
    deal_cmd.add_argument(
        "--level",
        choices=list(mam_cards.LEVELS),
        default="normal",
        help=_("the difficulty level (default: normal)"),
    )
    deal_cmd.add_argument("--power", action="store_true", help=_("the exponent variant"))
    deal_cmd.add_argument(
        "--seed", type=_seed, metavar=_("SEED"), help=_("the same seed gives the same deal")
    )
    deal_cmd.set_defaults(run=run_deal)


def _add_rules(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--target",
        type=_target,
        required=True,
        metavar=_("TARGET"),
        help=_("the dice total to make"),
    )
    command.add_argument("--power", action="store_true", help=_("the exponent variant"))
    command.add_argument(
        "--max-power",
        type=_max_power,
        default=MAX_POWER,
        metavar="N",
        help=_("the largest power a step may make"),
    )


def _card(text: str) -> int:
    return whole(text, 1, N_("a card must be a positive whole number, not {text}"))


def _target(text: str) -> int:
    return whole(text, 0, N_("the target must be a whole number, 0 or more, not {text}"))


def _max_power(text: str) -> int:
    number = whole(text, 1, N_("--max-power must be a positive whole number, not {text}"))
    if number > MAX_POWER_LIMIT:
        most = i18n.number(MAX_POWER_LIMIT, 0)
        raise argparse.ArgumentTypeError(_("--max-power must be at most {most}").format(most=most))
    return number


def _limit(text: str) -> int:
    return whole(text, 1, N_("--limit must be a positive whole number, not {text}"))


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        sentence = _("the seed must be a whole number, not {text}")
        raise argparse.ArgumentTypeError(sentence.format(text=repr(text))) from None


def run_solve(args: argparse.Namespace) -> int:
    rules = {"power": args.power, "max_power": args.max_power, "limit": args.limit}
    found = find_solutions(args.cards, args.target, **rules)
    solutions = found.solutions
    if args.json and args.format not in ("text", "json"):
        message = _("--json writes JSON: leave out --format {format}, or use --format json")
        raise UsageError(message.format(format=args.format))
    if args.json or args.format == "json":
        shown = [
            {"expression": s.text, "cards": list(s.cards), "latex": s.latex} for s in solutions
        ]
        record = {"cards": args.cards, "target": args.target, "power": args.power}
        counted = {"total": found.total, "complete": found.complete}
        print(json.dumps({**record, **counted, "solutions": shown}, ensure_ascii=False))
        return 0
    deal = " ".join(map(str, args.cards))
    if not solutions:
        print(_("{deal} → {target}: no solution").format(deal=deal, target=args.target))
        return 0
    print(_headline(found, len(solutions), deal=deal, target=args.target))
    for used, group in groupby(solutions, key=lambda s: len(s.cards)):
        same_size = list(group)
        size = ngettext("{n} card ({solutions}):", "{n} cards ({solutions}):", used)
        print(size.format(n=used, solutions=len(same_size)))
        for solution in same_size:
            print(f"  {_written(solution, args.format)}")
    return 0


def _written(solution: Solution, form: str) -> str:
    """A solution as `--format` asks: as a child writes it, LaTeX, or MathML (from sympy)."""
    if form == "latex":
        return solution.latex
    if form == "mathml":
        return solution.confirmed().mathml
    return solution.pretty


def _headline(found: Found, listed: int, *, deal: str, target: int) -> str:
    """`solve`'s first line: the deal, how many solutions there are (or more than how many),
    and how many of the best are listed."""
    n, all_listed = found.total, listed == found.total
    if found.complete and all_listed:
        sentence = ngettext(
            "{deal} → {target}: {count} solution", "{deal} → {target}: {count} solutions", n
        )
    elif found.complete:
        sentence = ngettext(
            "{deal} → {target}: {count} solution, the best {listed} listed",
            "{deal} → {target}: {count} solutions, the best {listed} listed",
            n,
        )
    elif all_listed:
        sentence = ngettext(
            "{deal} → {target}: more than {count} solution",
            "{deal} → {target}: more than {count} solutions",
            n,
        )
    else:
        sentence = ngettext(
            "{deal} → {target}: more than {count} solution, the best {listed} listed",
            "{deal} → {target}: more than {count} solutions, the best {listed} listed",
            n,
        )
    count = i18n.number(n, 0)
    return sentence.format(deal=deal, target=target, count=count, listed=listed)


def run_check(args: argparse.Namespace) -> int:
    rules = {"power": args.power, "max_power": args.max_power}
    verdict = check(args.answer, args.cards, args.target, **rules)
    if args.format != "text":
        verdict.confirmed()  # sympy is there for the typesetting: it checks the checker too
    print(_verdict_written(verdict.message, verdict.calculations, args.format))
    return 0 if verdict.correct else 1


def _verdict_written(message: str, calculations: tuple, form: str) -> str:
    r"""The verdict's sentence, its calculations as `--format` asks: as written, in LaTeX
    (``$7 \times 6$``), or as HTML with MathML (from sympy)."""
    if form == "mathml":
        from mathcards.mam import typeset  # sympy, for --format only

        return typeset.sentence(message, calculations, typeset.mathml)
    if form == "latex":
        for calculation in calculations:
            written = expression.pretty(calculation)
            if calculation[0] != expression.LEAF and written in message:
                message = message.replace(written, f"${expression.latex(calculation)}$", 1)
    return message


def run_deal(args: argparse.Namespace) -> int:
    rng = random.Random(args.seed)
    level = mam_cards.level(args.level, power=args.power)
    face_up = mam_cards.deal(rng, level)
    dice = level.roll(rng)
    print(_("cards: {cards}").format(cards=" ".join(map(str, face_up))))
    dice_line = _("dice: {dice} = target {target}")
    print(dice_line.format(dice=" + ".join(map(str, dice)), target=mam_cards.target(dice)))
    return 0
