"""Work out once what the LAMA Dice lessons show when they open, and write it to
`mathcards/lama_dice/known_values.py`, so a page opens at once.

Run: ``.venv/bin/python scripts/lama_dice_cache.py``. Every value is deterministic (exact
fractions, seeded simulations); run it again after changing a rule, a computer player, a seed or
a lesson's default rows, then ``ruff format`` the file. `tests/lama_dice/test_known.py` checks
it against the engine.
"""

from __future__ import annotations

from pathlib import Path

from mathcards.lama_dice.bots import STRATEGIES
from mathcards.lama_dice.dice import LAYOUTS, parse_dice
from mathcards.lama_dice.known import (
    EXAMPLE_ROWS,
    GAMES,
    GAMES_SEED,
    LAST_ROUNDS,
    LAST_ROUNDS_SEED,
    LESSON_LLAMA_ROW,
    LESSON_ROW,
)
from mathcards.lama_dice.policy import last_player
from mathcards.lama_dice.simulate import games_won, race_totals

TYPES = {
    "DECISIONS": "dict[tuple[str, tuple[int, ...], tuple[int, ...]], tuple[str, int]]",
    "LAST_ROUND_TOTALS": "dict[tuple[str, tuple[int, ...], tuple[int, ...], str], int]",
    "GAME_WINNERS": "dict[str, list[tuple[str, ...]]]",
}
TARGET = Path(__file__).resolve().parent.parent / "mathcards" / "lama_dice" / "known_values.py"


def main() -> None:
    decisions, rounds, games = {}, {}, {}
    for text in LAYOUTS.values():
        dice = parse_dice(text)
        for row in (*EXAMPLE_ROWS, LESSON_ROW):
            decision = last_player(row, LESSON_LLAMA_ROW, dice)  # worked out, never read back
            decisions[(text, row, LESSON_LLAMA_ROW)] = (str(decision.roll), int(decision.quit))
        totals = race_totals(
            LESSON_ROW, LESSON_LLAMA_ROW, LAST_ROUNDS, seed=LAST_ROUNDS_SEED, dice=dice
        )
        for strategy, total in totals.items():
            rounds[(text, LESSON_ROW, LESSON_LLAMA_ROW, strategy)] = total
        players = {strategy: strategy for strategy in STRATEGIES}
        games[text] = [
            tuple(winners) for winners in games_won(players, GAMES, seed=GAMES_SEED, dice=dice)
        ]
        print("worked out", text)
    lines = [
        '"""Written by scripts/lama_dice_cache.py: do not edit by hand."""',
        "",
        f"DECISIONS: {TYPES['DECISIONS']} = {decisions!r}",
        f"LAST_ROUND_TOTALS: {TYPES['LAST_ROUND_TOTALS']} = {rounds!r}",
        f"GAME_WINNERS: {TYPES['GAME_WINNERS']} = {games!r}",
        "",
    ]
    TARGET.write_text("\n".join(lines), encoding="utf-8")
    print("wrote", TARGET)


if __name__ == "__main__":
    main()
