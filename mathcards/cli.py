"""The `mathcards` command: solve and check MAM! deals, deal one, LAMA Dice odds and decisions,
the LAMA card game's scores, odds and tournaments, Unikat's longest chain and odds, and serving
the lessons."""

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
from mathcards.chips import LLAMA_SCORING
from mathcards.lama import cli as lama_cli
from mathcards.lama_dice.dice import DEFAULT_DICE, Case, Dice, parse_dice, parse_value
from mathcards.lama_dice.odds import roll_odds
from mathcards.lama_dice.policy import last_player
from mathcards.mam import cards as mam_cards
from mathcards.mam.check import check
from mathcards.mam.solver import MAX_POWER_LIMIT, find_solutions
from mathcards.mam.steps import MAX_POWER
from mathcards.unikat import cli as unikat_cli

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
TEMPLATES = Path(__file__).resolve().parent / "share" / "jupyter"  # the `mathcards` page
DEFAULT_PORT = 8866
CULL_IDLE_SECONDS = 30  # no message from a page that long, and no connection: culled
CULL_INTERVAL_SECONDS = 10


class UsageError(Exception):
    """Bad arguments: one line on stderr and exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, never a usage dump
        raise UsageError(message)


def _whole(text: str, what: str, smallest: int) -> int:
    plain = text.strip()
    number = int(plain) if plain.isascii() and plain.isdigit() and len(plain) < 20 else None
    if number is None or number < smallest:
        kind = "a positive whole number" if smallest else "a whole number, 0 or more"
        raise argparse.ArgumentTypeError(f"{what} must be {kind}, not {text!r}")
    return number


def _card(text: str) -> int:
    return _whole(text, "a card", 1)


def _target(text: str) -> int:
    return _whole(text, "the target", 0)


def _max_power(text: str) -> int:
    number = _whole(text, "--max-power", 1)
    if number > MAX_POWER_LIMIT:
        raise argparse.ArgumentTypeError(f"--max-power must be at most {MAX_POWER_LIMIT:,}")
    return number


def _limit(text: str) -> int:
    return _whole(text, "--limit", 1)


def _port(text: str) -> int:
    number = _whole(text, "the port", 1)
    if number > 65535:
        raise argparse.ArgumentTypeError(f"the port must be at most 65535, not {number}")
    return number


def parser() -> argparse.ArgumentParser:
    """The command line, with one sub-command per task."""
    main = _Parser(prog="mathcards", description=__doc__)
    main.add_argument(
        "--lang",
        choices=list(i18n.LANGUAGES),
        default=i18n.language(),
        help="the language of every word (default: from LANG, else English)",
    )
    commands = main.add_subparsers(dest="command", required=True, metavar="COMMAND")

    solve_cmd = commands.add_parser("solve", help="every way to make the target from the cards")
    solve_cmd.add_argument("cards", nargs="+", type=_card, metavar="CARD")
    _add_rules(solve_cmd)
    solve_cmd.add_argument(
        "--limit", type=_limit, default=100, metavar="N", help="list at most N (default 100)"
    )
    solve_cmd.add_argument("--json", action="store_true", help="one JSON object on stdout")

    check_cmd = commands.add_parser("check", help="is a calculation right? exit 0 if so, else 1")
    check_cmd.add_argument("answer", help='the calculation, e.g. "7×6−12+2"')
    check_cmd.add_argument("--cards", nargs="+", type=_card, required=True, metavar="CARD")
    _add_rules(check_cmd)

    deal_cmd = commands.add_parser("deal", help="turn up cards and roll the dice for a target")
    deal_cmd.add_argument("--level", choices=list(mam_cards.LEVELS), default="normal")
    deal_cmd.add_argument("--power", action="store_true", help="the exponent variant")
    deal_cmd.add_argument("--seed", type=int, help="the same seed gives the same deal")

    dice_cmd = commands.add_parser("lama-dice", help="LAMA Dice: exact odds and the best decision")
    dice_commands = dice_cmd.add_subparsers(dest="lama_dice", required=True, metavar="QUESTION")
    odds_cmd = dice_commands.add_parser("odds", help="the chance of each case of the next roll")
    _add_rows(odds_cmd)
    odds_cmd.add_argument("--alone", action="store_true", help="everyone else has quit")
    last_cmd = dice_commands.add_parser("last-player", help="roll or quit, when all others quit")
    _add_rows(last_cmd)

    serve_cmd = commands.add_parser("serve", help="serve the lessons as web pages with Voila")
    serve_cmd.add_argument("--port", type=_port, default=DEFAULT_PORT)
    serve_cmd.add_argument("--lessons", type=Path, default=LESSONS, help="the lessons folder")
    serve_cmd.add_argument(
        "--max-kernels",
        type=_positive,
        metavar="N",
        help="at most N students' pages at once (default: what this machine's memory holds)",
    )
    serve_cmd.add_argument(
        "--warm",
        nargs="+",
        metavar="PAGE",
        help="pages whose kernels start before anyone asks, e.g. en/mam/1-the-target-game-in-"
        "class.ipynb (default: every page in the --lang language; 'all': every page in every "
        "language; 'none': no page)",
    )
    serve_cmd.add_argument(
        "--warm-kernels",
        type=_positive,
        default=1,
        metavar="N",
        help="warm kernels kept ready for each warm page (default 1; a class: its size)",
    )
    serve_cmd.add_argument(
        "--lan", action="store_true", help="serve the school network, behind a class code"
    )
    serve_cmd.add_argument(
        "--address",
        help="with --lan: the address to serve and show students (default: this machine's)",
    )
    serve_cmd.add_argument(
        "--class-code", type=_class_code, help="with --lan: the class code (default: a new one)"
    )
    lama_cli.add_commands(commands)
    unikat_cli.add_commands(commands)
    return main


def _positive(text: str) -> int:
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if number < 1:
        raise argparse.ArgumentTypeError("at least 1")
    return number


def _class_code(text: str) -> str:
    code = text.strip().upper()
    if not (3 <= len(code) <= 12 and code.isascii() and code.isalnum()):
        raise argparse.ArgumentTypeError("a class code is 3 to 12 letters and digits")
    return code


def _add_rules(command: argparse.ArgumentParser) -> None:
    command.add_argument("--target", type=_target, required=True)
    command.add_argument("--power", action="store_true", help="the exponent variant")
    command.add_argument("--max-power", type=_max_power, default=MAX_POWER, metavar="N")


def _add_rows(command: argparse.ArgumentParser) -> None:
    for flag, what in (("--row", "your row: 1 to 6, L for a llama"), ("--llama-row", "the middle")):
        command.add_argument(
            flag, nargs="*", type=_lama_card, required=True, metavar="CARD", help=what
        )
    command.add_argument(
        "--dice", type=_dice, default=DEFAULT_DICE, help="e.g. 3456LL,1256LL,1234LL"
    )
    command.add_argument(
        "--llama-scoring",
        choices=LLAMA_SCORING,
        default="once",
        help="10 for llamas in all, or each",
    )
    command.add_argument("--json", action="store_true", help="one JSON object on stdout")


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
        lines = [f"{case.value}: {odds.of(case)} ({float(odds.of(case)):.1%})" for case in Case]
        lines += [f"discard at most {n}: {p}" for n, p in odds.discard_up_to.items()]
        lines.append(f"penalty if you quit now: {odds.penalty_now}")
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
        lines = [
            f"best: {decision.action}",
            f"expected penalty if you roll on: {decision.roll} ({float(decision.roll):.2f})",
            f"penalty if you quit now: {decision.quit}",
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
        print(f"{deal} → {args.target}: no solution")
        return 0
    noun = "solution" if found.total == 1 and found.complete else "solutions"
    listed = "" if len(solutions) == found.total else f", the best {len(solutions)} listed"
    print(f"{deal} → {args.target}: {found.count} {noun}{listed}")
    for used, group in groupby(solutions, key=lambda s: len(s.cards)):
        same_size = list(group)
        print(f"{_count(used, 'card')} ({len(same_size)}):")
        for solution in same_size:
            print(f"  {solution.pretty}")
    return 0


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
    print(f"cards: {' '.join(map(str, face_up))}")
    print(f"dice: {' + '.join(map(str, dice))} = target {sum(dice)}")
    return 0


def run_serve(args: argparse.Namespace) -> int:
    lessons = args.lessons.resolve()
    landing = Path(args.lang, "index.ipynb")
    if not (lessons / landing).is_file():
        raise UsageError(f"no lessons found: {lessons} has no {landing}")
    if (args.address or args.class_code) and not args.lan:
        raise UsageError("--address and --class-code go with --lan")
    command = voila_command(
        lessons, args.port, ip=(args.address or "0.0.0.0") if args.lan else None
    )
    from mathcards import serve  # Voila and its server: only for this command

    warm = warm_pages(lessons, args.lang, args.warm)
    warm_kernels = len(warm) * args.warm_kernels
    if warm_kernels > (args.max_kernels or serve.default_max_kernels()):
        raise UsageError(
            f"--warm asks for {warm_kernels} warm kernels, more than this machine holds "
            f"(--max-kernels {args.max_kernels or serve.default_max_kernels()})"
        )
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
        print(f"Students open {url}  (class code {code}; Ctrl+C to stop)", flush=True)
        command = [
            *command,
            f"--ClassroomVoila.lan_address={address}",
            f"--ClassroomVoila.class_code={code}",
        ]
    else:
        print(f"Serving the lessons at http://127.0.0.1:{args.port}/  (Ctrl+C to stop)")
    print(f"At most {_count(max_kernels, 'page')} open at once (--max-kernels)", flush=True)
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
        if not (lessons / page).is_file() or page.startswith(("/", "..")):
            raise UsageError(f"--warm: there is no page {page} in {lessons}")
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


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


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
    """Run the command; bad input is one line on stderr and exit status 2."""
    try:
        language, words = _language(sys.argv[1:] if argv is None else argv)
        i18n.use(language)
        args = parser().parse_args(words)
        run = getattr(args, "run", None) or COMMANDS[args.command]
        return run(args)
    except (UsageError, ValueError) as problem:
        print(f"mathcards: error: {problem}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. `mathcards solve ... | head`: the reader has gone
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - silences the flush at exit
        return 0


if __name__ == "__main__":
    sys.exit(main())
