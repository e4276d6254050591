"""The `mathcards lama` command: score a hand, exact odds of a deal and of a draw, and
tournaments between the computer players. Bad input raises ValueError: one line, exit 2."""

from __future__ import annotations

import argparse
import json
from fractions import Fraction
from typing import Any

from mathcards.chips import LLAMA_SCORING
from mathcards.i18n import _, ngettext, number, percent
from mathcards.lama.bots import STRATEGIES, Standing, check_strategy, tournament
from mathcards.lama.cards import PRESETS, score, score_in_words
from mathcards.lama.cards import preset as find_preset
from mathcards.lama.game import STARTERS
from mathcards.lama.odds import can_play_chance, draw_playable, expected_score, run_chance


def add_commands(commands: Any) -> None:
    """Add `lama` and its questions to the `mathcards` sub-commands (in the language in use)."""
    lama = commands.add_parser(
        "lama",
        help=_("LAMA card game: scores, exact odds, tournaments"),
        description=_(
            "The LAMA card game: score a hand, exact odds of a deal and of a draw, and "
            "tournaments between the computer players."
        ),
    )
    questions = lama.add_subparsers(dest="lama", required=True, metavar=_("QUESTION"))
    card, tokens = (
        _("CARD"),
        _("1–6, 1+–6+ (party), L the llama (the mosquito in lato-z-komarami), P (party)"),
    )

    score_cmd = questions.add_parser("score", help=_("the penalty points a hand scores"))
    score_cmd.add_argument("cards", nargs="*", metavar=card, help=tokens)
    _add_rules(score_cmd)
    score_cmd.set_defaults(run=run_score)

    deal_cmd = questions.add_parser("deal-odds", help=_("exact odds of a dealt six-card hand"))
    deal_cmd.add_argument(
        "--top", metavar=card, help=_("the chance the hand has a card that fits on it")
    )
    _add_rules(deal_cmd)
    deal_cmd.set_defaults(run=run_deal_odds)

    draw_cmd = questions.add_parser("draw-odds", help=_("the chance the next card drawn fits"))
    draw_cmd.add_argument("--hand", nargs="*", required=True, metavar=card, help=tokens)
    draw_cmd.add_argument("--top", required=True, metavar=card, help=_("the discard pile's top"))
    draw_cmd.add_argument(
        "--seen", nargs="*", default=[], metavar=card, help=_("the discard pile's other cards")
    )
    _add_rules(draw_cmd, scoring=False)
    draw_cmd.set_defaults(run=run_draw_odds)

    tournament_cmd = questions.add_parser("tournament", help=_("computer players, seeded games"))
    tournament_cmd.add_argument(
        "--players",
        type=_strategies,
        required=True,
        metavar=_("PLAYERS"),
        help=_("2 to 6 of {bots}, comma-separated").format(bots=",".join(STRATEGIES)),
    )
    tournament_cmd.add_argument(
        "--games", type=_games, default=100, metavar="N", help=_("how many games (100)")
    )
    tournament_cmd.add_argument(
        "--seed",
        type=int,
        default=0,
        metavar=_("SEED"),
        help=_("the same seed gives the same games"),
    )
    tournament_cmd.add_argument("--lama20", action="store_true", help=_("pink 20-point chips"))
    tournament_cmd.add_argument(
        "--starter",
        choices=STARTERS,
        default=STARTERS[0],
        help=_(
            "who starts a round: left of the dealer (who moves on each round), or whoever "
            "ended the last round"
        ),
    )
    _add_rules(tournament_cmd)
    tournament_cmd.set_defaults(run=run_tournament)


def _add_rules(command: argparse.ArgumentParser, *, scoring: bool = True) -> None:
    """The deck (and scoring) options and --json, shared by the questions."""
    command.add_argument(
        "--preset",
        type=_preset,
        default="classic",
        metavar=_("PRESET"),
        help=_("the deck: {presets}").format(presets=", ".join(PRESETS)),
    )
    if scoring:
        command.add_argument(
            "--llama-scoring",
            choices=LLAMA_SCORING,
            default="once",
            help=_("once: one or more llamas score 10 in all; each: 10 for every llama"),
        )
    command.add_argument("--json", action="store_true", help=_("one JSON object on stdout"))


def _preset(text: str) -> str:
    """A preset's name, or a one-line error naming the choices."""
    try:
        return find_preset(text).name
    except ValueError as problem:
        raise argparse.ArgumentTypeError(str(problem)) from None


def _strategies(text: str) -> list[str]:
    """Comma-separated computer players' strategies."""
    try:
        return [check_strategy(strategy.strip()) for strategy in text.split(",")]
    except ValueError as problem:
        raise argparse.ArgumentTypeError(str(problem)) from None


def _games(text: str) -> int:
    """A number of games, 1 or more."""
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(
            _("give a whole number of games, 1 or more, not {text!r}").format(text=text)
        )
    return int(text)


def _odds(chance: Fraction) -> str:
    """A chance as a fraction and a percentage: 3/8 ≈ 37.5% (Polish: 37,5%)."""
    return f"{chance} ≈ {percent(chance)}"


def _say(args: argparse.Namespace, record: dict[str, Any], lines: list[str]) -> int:
    """One JSON object, or lines for people."""
    print(json.dumps(record) if args.json else "\n".join(lines))
    return 0


def run_score(args: argparse.Namespace) -> int:
    """`mathcards lama score 4 6 L`: the points, spelled out."""
    hand = find_preset(args.preset).hand(args.cards)
    points = score(hand, llama_scoring=args.llama_scoring)
    return _say(args, {"score": points}, [score_in_words(hand, llama_scoring=args.llama_scoring)])


def run_deal_odds(args: argparse.Namespace) -> int:
    """`mathcards lama deal-odds`: a run, the expected score, and a card for the top card."""
    deck = find_preset(args.preset)
    run, expected = run_chance(deck), expected_score(deck, args.llama_scoring)
    record = {"run": str(run), "expected_score": str(expected)}
    lines = [
        _("{deck}, a dealt hand of 6 cards:").format(deck=deck.label),
        _("all of it playable in one climb (a run): {odds}").format(odds=_odds(run)),
        _("expected score if scored as dealt: {exact} ≈ {approximately}").format(
            exact=expected, approximately=number(expected)
        ),
    ]
    if args.top is not None:
        top = deck.token(args.top)
        fits = can_play_chance(deck, top)
        record["can_play"] = str(fits)
        lines.append(
            _("holds a card that fits on {top}: {odds}").format(top=top.word, odds=_odds(fits))
        )
    return _say(args, record, lines)


def run_draw_odds(args: argparse.Namespace) -> int:
    """`mathcards lama draw-odds`: the chance the next card drawn fits on the top card."""
    deck = find_preset(args.preset)
    hand, top = deck.hand(args.hand), deck.token(args.top)
    seen = deck.hand(args.seen)
    deck.check([*hand, top, *seen])
    playable = draw_playable(deck, hand, top, seen)
    line = _("the next card drawn fits on {top}: {odds}").format(top=top.word, odds=_odds(playable))
    return _say(args, {"playable": str(playable)}, [line])


def run_tournament(args: argparse.Namespace) -> int:
    """`mathcards lama tournament`: mean penalty per round and wins of each computer player."""
    standings = tournament(
        args.players,
        args.games,
        seed=args.seed,
        preset=args.preset,
        llama_scoring=args.llama_scoring,
        lama20=args.lama20,
        starter=args.starter,
    )
    record = {
        "games": args.games,
        "players": [
            {
                "name": s.name,
                "strategy": s.strategy,
                "mean_penalty": round(s.mean_penalty, 3),
                "wins": s.wins,
            }
            for s in standings
        ],
    }
    heading = ngettext(
        "{games} game of LAMA ({deck}), seed {seed}:",
        "{games} games of LAMA ({deck}), seed {seed}:",
        args.games,
    )
    lines = [
        heading.format(games=args.games, deck=find_preset(args.preset).label, seed=args.seed),
        "{:<12} {:>12} {:>7} {:>5}".format(_("player"), _("mean penalty"), _("spread"), _("wins")),
        *map(_standing, sorted(standings, key=lambda s: s.mean_penalty)),
        _(
            "(mean penalty: points a round cost, chips returned taken off; spread: its "
            "standard deviation; a shared win counts for each winner)"
        ),
    ]
    return _say(args, record, lines)


def _standing(s: Standing) -> str:
    """One computer player's line of the tournament table."""
    return f"{s.label:<12} {number(s.mean_penalty):>12} {number(s.spread):>7} {s.wins:>5}"
