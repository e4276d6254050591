"""The class service judges what a page did: the page says only what the student did (the text
typed, a hint taken, the next deal; the choice made), and the service works out what follows
from what it can recompute: a practice step from its set's seed and the steps kept before, a
decision's best choice from its situation. What the kernel says of them (right or wrong, the
verdict, its sentence, the best choice) is never read (docs/design.md#the-service-judges)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from mathcards.book import KINDS, PracticeRecord, Step
from mathcards.classroom.protocol import MOST_TYPED, SEEDS
from mathcards.classroom.protocol.book import StepBody
from mathcards.lama.bots import STRATEGIES as LAMA_PLAYERS
from mathcards.lama.game import Draw, Quit
from mathcards.lama.simulate import moment
from mathcards.lama_dice.dice import parse_dice
from mathcards.lama_dice.known import decide
from mathcards.mam import level as level_named
from mathcards.mam.practice import PracticeSet

LONGEST_STEP = 3600.0  # seconds a step may say it took
CHOICES = {"lama": ("draw", "quit"), "lama_dice": ("roll", "quit")}  # a decision's choices
MOST_PLAYERS = 6


def practice_set(settings: Mapping[str, Any]) -> PracticeSet:
    """The practice set of these settings (its deals those of its seed), checked: a
    ValueError or TypeError for settings no page sends."""
    if settings.get("game", "mam") != "mam":
        raise ValueError("only MAM! is practised in sets")
    power, rounds, seed = settings.get("power"), settings.get("rounds"), settings.get("seed")
    if not isinstance(power, bool) or isinstance(rounds, bool) or isinstance(seed, bool):
        raise TypeError("power is true or false, rounds and seed whole numbers")
    if not isinstance(seed, int) or not 0 <= seed < SEEDS:
        raise ValueError("a seed is a whole number")
    chosen = level_named(str(settings.get("level")), power=power)
    return PracticeSet(chosen, rounds=rounds, seed=seed)  # type: ignore[arg-type]


def replayed(record: PracticeRecord) -> PracticeSet:
    """A set as the class book kept it: its deals, and its steps taken again."""
    settings = {"level": record.level, "power": record.power, "rounds": record.rounds}
    practice = practice_set({**settings, "seed": record.seed})
    for step in record.steps:
        practice.replay(step.kind, step.typed)
    return practice


def judged(practice: PracticeSet, sent: StepBody) -> Step:
    """The step the page says the student took (its `kind`, what was `typed`, how long it
    took), done to the set and judged here; every other field the page sent is ignored."""
    kind, typed = sent.get("kind"), sent.get("typed", "")
    if kind not in KINDS or not isinstance(typed, str) or len(typed) > MOST_TYPED:
        raise ValueError("a step is an answer, a hint or the next deal; an answer is short")
    if practice.finished:
        raise ValueError("the set is finished")
    seconds = sent.get("seconds", 0.0)
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or seconds != seconds:
        raise TypeError("seconds are a number (NaN is not)")
    exercise, deal = practice.current, practice.position + 1
    step = Step(kind, deal, list(exercise.cards), exercise.target)
    if kind == "answer":
        verdict = practice.answer(typed)
        step.typed, step.correct = typed, verdict.correct
        step.verdict_kind, step.sentence = verdict.kind.value, verdict.message
    elif kind == "hint" and not exercise.answer_shown:
        practice.hint()
    elif kind == "next":
        practice.next()
    step.hints_used = exercise.hints_used
    step.seconds = float(min(max(seconds, 0), LONGEST_STEP))  # 10**400 is no float: bound it first
    return step


def best_choice(game: str, situation: Mapping[str, Any]) -> str:
    """The best choice at a decision's moment, worked out from its situation (a ValueError,
    TypeError or KeyError for a situation no page sends)."""
    if game == "lama_dice":
        row, llama_row = situation["row"], situation["llama_row"]
        if not isinstance(row, list) or not isinstance(llama_row, list):
            raise TypeError("a row is a list of cards")
        if not all(type(card) is int for card in (*row, *llama_row)):  # not 1e308, not "3"
            raise TypeError("a card is a whole number")
        dice = parse_dice(str(situation.get("dice") or "3456LL,1256LL,1234LL"))
        return decide(tuple(row), tuple(llama_row), dice).action
    if game == "lama":
        players = situation["players"]
        if not isinstance(players, list) or not 2 <= len(players) <= MOST_PLAYERS:
            raise ValueError("a LAMA table has 2 to 6 players")
        seed = situation["seed"]
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEEDS:
            raise TypeError("a seed is a whole number")
        table = moment(str(situation["preset"]), seed, [str(p)[:30] for p in players])
        if table is None:
            raise ValueError("that game comes to no moment to decide")
        view = table.view(table.player)
        expert = LAMA_PLAYERS["expert"](view, table.legal_actions(), random.Random(0))
        return {Draw: "draw", Quit: "quit"}[type(expert)]
    raise ValueError("a decision is one of LAMA's or LAMA Dice's")


def chosen(game: str, choice: object) -> str:
    """The choice the page says the student made, one of the game's (else a ValueError)."""
    if choice not in CHOICES.get(game, ()):
        raise ValueError("a choice is one of the game's")
    return str(choice)
