"""The `mathcards` command: one sub-command per task (DESCRIPTION), every word it prints in the
language `--lang` (or the environment) chooses, argparse's own words included."""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from itertools import groupby
from pathlib import Path
from typing import NoReturn

from mathcards import i18n
from mathcards.argparse_i18n import speaking
from mathcards.chips import LLAMA_SCORING, LLAMA_SCORING_WORDS
from mathcards.i18n import N_, _, ngettext
from mathcards.lama import cli as lama_cli
from mathcards.lama_dice.dice import DEFAULT_DICE, Case, Dice, parse_dice, parse_value
from mathcards.lama_dice.odds import roll_odds
from mathcards.lama_dice.policy import last_player
from mathcards.mam import cards as mam_cards
from mathcards.mam.check import check
from mathcards.mam.solver import MAX_POWER_LIMIT, Found, find_solutions
from mathcards.mam.steps import MAX_POWER
from mathcards.unikat import cli as unikat_cli

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
TEMPLATES = Path(__file__).resolve().parent / "share" / "jupyter"  # the `mathcards` page
DEFAULT_PORT = 8866
CULL_IDLE_SECONDS = 30  # no message from a page that long, and no connection: culled
CULL_INTERVAL_SECONDS = 10
DESCRIPTION = N_(
    "Solve and check MAM! deals, deal one, LAMA Dice odds and decisions, the LAMA card game's "
    "scores, odds and tournaments, Unikat's longest chain and odds, and serving the lessons."
)
CASE_LINES = {  # `lama-dice odds`: one line for each case of the next roll
    Case.THREE_LLAMAS: N_("three llamas: {chance} ({percent})"),
    Case.DISCARD: N_("discard: {chance} ({percent})"),
    Case.TAKE: N_("take: {chance} ({percent})"),
    Case.BUST: N_("bust: {chance} ({percent})"),
}
BEST = {"roll": N_("best: roll"), "quit": N_("best: quit")}  # `lama-dice last-player`


class UsageError(Exception):
    """Bad arguments: one line on stderr and exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, never a usage dump
        raise UsageError(message)


def _whole(text: str, smallest: int, refusal: str) -> int:
    """The whole number `text` spells, at least `smallest`; else `refusal` (marked with N_,
    naming the {text})."""
    plain = text.strip()
    number = int(plain) if plain.isascii() and plain.isdigit() and len(plain) < 20 else None
    if number is None or number < smallest:
        raise argparse.ArgumentTypeError(_(refusal).format(text=repr(text)))
    return number


def _card(text: str) -> int:
    return _whole(text, 1, N_("a card must be a positive whole number, not {text}"))


def _target(text: str) -> int:
    return _whole(text, 0, N_("the target must be a whole number, 0 or more, not {text}"))


def _max_power(text: str) -> int:
    number = _whole(text, 1, N_("--max-power must be a positive whole number, not {text}"))
    if number > MAX_POWER_LIMIT:
        most = i18n.number(MAX_POWER_LIMIT, 0)
        raise argparse.ArgumentTypeError(_("--max-power must be at most {most}").format(most=most))
    return number


def _limit(text: str) -> int:
    return _whole(text, 1, N_("--limit must be a positive whole number, not {text}"))


def _port(text: str) -> int:
    number = _whole(text, 1, N_("the port must be a positive whole number, not {text}"))
    if number > 65535:
        sentence = _("the port must be at most 65535, not {number}")
        raise argparse.ArgumentTypeError(sentence.format(number=number))
    return number


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        sentence = _("the seed must be a whole number, not {text}")
        raise argparse.ArgumentTypeError(sentence.format(text=repr(text))) from None


def _max_kernels(text: str) -> int:
    return _whole(text, 1, N_("--max-kernels must be a positive whole number, not {text}"))


def _warm_kernels(text: str) -> int:
    return _whole(text, 1, N_("--warm-kernels must be a positive whole number, not {text}"))


def parser() -> argparse.ArgumentParser:
    """The command line, with one sub-command per task."""
    main = _Parser(prog="mathcards", description=_(DESCRIPTION))
    main.add_argument(
        "--lang",
        choices=list(i18n.LANGUAGES),
        default=i18n.language(),
        help=_("the language of every word (default: from LANG, else English)"),
    )
    commands = main.add_subparsers(dest="command", required=True, metavar=_("COMMAND"))
    _add_mam(commands)
    _add_lama_dice(commands)
    _add_serve(commands)
    lama_cli.add_commands(commands)
    unikat_cli.add_commands(commands)
    return main


def _add_mam(commands: argparse._SubParsersAction) -> None:
    """`solve`, `check` and `deal`: the target game MAM!"""
    solve_cmd = commands.add_parser("solve", help=_("every way to make the target from the cards"))
    solve_cmd.add_argument(
        "cards", nargs="+", type=_card, metavar=_("CARD"), help=_("the face-up cards")
    )
    _add_rules(solve_cmd)
    solve_cmd.add_argument(
        "--limit", type=_limit, default=100, metavar="N", help=_("list at most N (default 100)")
    )
    solve_cmd.add_argument("--json", action="store_true", help=_("one JSON object on stdout"))

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


def _add_lama_dice(commands: argparse._SubParsersAction) -> None:
    """`lama-dice odds` and `lama-dice last-player`."""
    dice_cmd = commands.add_parser(
        "lama-dice", help=_("LAMA Dice: exact odds and the best decision")
    )
    dice_commands = dice_cmd.add_subparsers(dest="lama_dice", required=True, metavar=_("QUESTION"))
    odds_cmd = dice_commands.add_parser("odds", help=_("the chance of each case of the next roll"))
    _add_rows(odds_cmd)
    odds_cmd.add_argument("--alone", action="store_true", help=_("everyone else has quit"))
    last_cmd = dice_commands.add_parser("last-player", help=_("roll or quit, when all others quit"))
    _add_rows(last_cmd)


def _add_serve(commands: argparse._SubParsersAction) -> None:
    """`serve`: the lessons as web pages."""
    serve_cmd = commands.add_parser("serve", help=_("serve the lessons as web pages with Voila"))
    serve_cmd.add_argument(
        "--port",
        type=_port,
        default=DEFAULT_PORT,
        metavar=_("PORT"),
        help=_("the port to serve on (default: {port})").format(port=DEFAULT_PORT),
    )
    serve_cmd.add_argument(
        "--lessons",
        type=Path,
        default=LESSONS,
        metavar=_("FOLDER"),
        help=_("the lessons folder"),
    )
    serve_cmd.add_argument(
        "--max-kernels",
        type=_max_kernels,
        metavar="N",
        help=_("at most N students' pages at once (default: what this machine's memory holds)"),
    )
    serve_cmd.add_argument(
        "--warm",
        nargs="+",
        metavar=_("PAGE"),
        help=_(
            "pages whose kernels start before anyone asks, e.g. "
            "en/mam/1-the-target-game-in-class.ipynb (default: every page in the --lang "
            "language; 'all': every page; 'none': no page)"
        ),
    )
    serve_cmd.add_argument(
        "--warm-kernels",
        type=_warm_kernels,
        default=1,
        metavar="N",
        help=_("warm kernels kept ready for each warm page (default 1; for a class: its size)"),
    )
    serve_cmd.add_argument(
        "--lan", action="store_true", help=_("serve the school network, behind a class code")
    )
    serve_cmd.add_argument(
        "--address",
        metavar=_("ADDRESS"),
        help=_("with --lan: the address to serve and show students (default: this machine's)"),
    )
    serve_cmd.add_argument(
        "--class-code",
        type=_class_code,
        metavar=_("CODE"),
        help=_("with --lan: the class code (default: a new one)"),
    )


def _class_code(text: str) -> str:
    code = text.strip().upper()
    if not (3 <= len(code) <= 12 and code.isascii() and code.isalnum()):
        raise argparse.ArgumentTypeError(_("a class code is 3 to 12 letters and digits"))
    return code


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


def run_lama_dice(args: argparse.Namespace) -> int:
    if args.lama_dice == "odds":
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
    else:
        decision = last_player(
            args.row, args.llama_row, args.dice, llama_scoring=args.llama_scoring
        )
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
    print(json.dumps(record) if args.json else "\n".join(lines))
    return 0


def run_solve(args: argparse.Namespace) -> int:
    rules = {"power": args.power, "max_power": args.max_power, "limit": args.limit}
    found = find_solutions(args.cards, args.target, **rules)
    solutions = found.solutions
    if args.json:
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
            print(f"  {solution.pretty}")
    return 0


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
    print(verdict.message)
    return 0 if verdict.correct else 1


def run_deal(args: argparse.Namespace) -> int:
    rng = random.Random(args.seed)
    level = mam_cards.level(args.level, power=args.power)
    face_up = mam_cards.deal(rng, level)
    dice = level.roll(rng)
    print(_("cards: {cards}").format(cards=" ".join(map(str, face_up))))
    dice_line = _("dice: {dice} = target {target}")
    print(dice_line.format(dice=" + ".join(map(str, dice)), target=sum(dice)))
    return 0


def run_serve(args: argparse.Namespace) -> int:
    lessons = args.lessons.resolve()
    landing = Path(args.lang, "index.ipynb")
    if not (lessons / landing).is_file():
        sentence = _("no lessons found: {lessons} has no {landing}")
        raise UsageError(sentence.format(lessons=lessons, landing=landing))
    if (args.address or args.class_code) and not args.lan:
        raise UsageError(_("--address and --class-code go with --lan"))
    command = voila_command(
        lessons, args.port, ip=(args.address or "0.0.0.0") if args.lan else None
    )
    from mathcards import serve  # Voila and its server: only for this command

    warm = warm_pages(lessons, args.lang, args.warm)
    warm_kernels = len(warm) * args.warm_kernels
    if warm_kernels > (most := args.max_kernels or serve.default_max_kernels()):
        sentence = _("--warm asks for {n} warm kernels, more than this machine holds ({most})")
        raise UsageError(sentence.format(n=warm_kernels, most=most))
    max_kernels = args.max_kernels or serve.default_max_kernels(warm_kernels)
    command += [
        f"--ClassroomVoila.max_kernels={max_kernels}",
        f"--ClassroomVoila.language={args.lang}",
        f"--ClassroomVoila.warm_kernels={args.warm_kernels}",
        *(f"--ClassroomVoila.warm={page}" for page in warm),
    ]
    if args.lan:
        address = args.address or serve.lan_address()
        code = args.class_code or serve.new_class_code()
        url = serve.student_url(address, args.port, code)
        print(serve.qr_for_terminal(url), end="")
        students = _("Students open {url}  (class code {code}; Ctrl+C to stop)")
        print(students.format(url=url, code=code), flush=True)
        command = [
            *command,
            f"--ClassroomVoila.lan_address={address}",
            f"--ClassroomVoila.class_code={code}",
        ]
    else:
        serving = _("Serving the lessons at {url}  (Ctrl+C to stop)")
        print(serving.format(url=f"http://127.0.0.1:{args.port}/"))
    at_most = ngettext(
        "At most {n} page open at once (--max-kernels)",
        "At most {n} pages open at once (--max-kernels)",
        max_kernels,
    )
    print(at_most.format(n=max_kernels), flush=True)
    search_path = os.pathsep.join(filter(None, [str(TEMPLATES), os.environ.get("JUPYTER_PATH")]))
    # The server takes this process's place, so Ctrl-C or SIGTERM to this PID stops it and,
    # with it, every kernel (mathcards/serve.py).
    os.execve(command[0], command, {**os.environ, "JUPYTER_PATH": search_path})


def warm_pages(lessons: Path, language: str, named: list[str] | None) -> list[str]:
    """The pages to keep warm kernels for: those named, every page in the language (the
    default), every page ("all") or none ("none")."""
    if named in (None, ["all"]):
        folder = lessons / language if named is None else lessons
        return sorted(str(p.relative_to(lessons)) for p in folder.rglob("*.ipynb"))
    if named == ["none"]:
        return []
    for page in named:
        found = (lessons / page).resolve()
        if not found.is_file() or not found.is_relative_to(lessons):
            raise UsageError(
                _("--warm: there is no page {page} in {lessons}").format(page=page, lessons=lessons)
            )
    return named


def voila_command(lessons: Path, port: int, ip: str | None = None) -> list[str]:
    """Voila serving the lessons folder on loopback (or `ip`); the kernel of a page closed for
    a minute ends (the page's own shutdown request, else the culler); an open page keeps it."""
    return [
        sys.executable,
        "-m",
        "mathcards.serve",
        str(lessons),
        "--template=mathcards",
        "--no-browser",
        f"--port={port}",
        f"--Voila.ip={ip or '127.0.0.1'}",
        "--Voila.port_retries=0",
        "--VoilaConfiguration.show_tracebacks=False",
        "--VoilaConfiguration.multi_kernel_manager_class=mathcards.serve.ClassroomKernelManager",
        f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE_SECONDS}",
        f"--MappingKernelManager.cull_interval={CULL_INTERVAL_SECONDS}",
        "--MappingKernelManager.cull_connected=False",
    ]


COMMANDS = {
    "solve": run_solve,
    "check": run_check,
    "deal": run_deal,
    "serve": run_serve,
    "lama-dice": run_lama_dice,
}


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
        run = getattr(args, "run", None) or COMMANDS[args.command]
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
