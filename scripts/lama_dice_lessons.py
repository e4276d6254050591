"""Write the four LAMA Dice lessons (notebooks without outputs) from the text below.

Run: ``.venv/bin/python scripts/lama_dice_lessons.py``. The notebooks are what Voila serves; keep
each code cell a few lines, the story in the Markdown.
"""

from __future__ import annotations

from pathlib import Path

import nbformat

LESSONS = Path(__file__).resolve().parent.parent / "lessons" / "lama_dice"
KERNEL = {"name": "python3", "language": "python", "display_name": "Python 3"}

WHICH_DICE = """
**Which dice?** Each die has two llamas instead of two numbers, but the rulebooks do not
say which numbers. This page uses the dice drawn below. Pick another layout, or type the dice on
your table (one die after another, `L` for a llama): everything on the page follows."""
CHOOSER = """from widgets.lama_dice import DiceChooser

DICE = DiceChooser()
DICE"""

RULES = """# Play LAMA Dice

*For everyone: learn the rules by playing. 15–25 minutes.* [← all lessons](../index.ipynb)

**The cards.** In the middle lies the **llama row**: one card each of 1 to 6 and one llama.
Everyone has a row of six cards of their own, face up. You want to get rid of cards: at the end
of the round, every *different* number left in your row costs its value in points (three 4s cost
only 4), and llamas cost 10 in all.

**Your turn: roll the three dice, or quit.**

1. **Three llamas** — nothing moves, but you may give back a chip (your points go down).
2. **A die matches a card in your row** — discard cards that match, at least one and at most one
   per die. Two 4s need two dice showing 4.
3. **No match in your row** — take a card from the llama row whose value a die shows.
4. **No match anywhere** — bust! Take the whole llama row; the round ends.

**Quit** to keep your row as it is: it is scored at the end of the round. The round also ends
when someone discards their last card, or the llama row is empty. When everyone else has quit,
the last player goes on alone — and then any roll that misses their row is a bust.
The game ends when someone has 40 points; the fewest points wins."""

PAGES: dict[str, list[tuple[str, str]]] = {
    "1-play-lama-dice.ipynb": [
        ("md", RULES),
        ("md", WHICH_DICE),
        ("code", CHOOSER),
        (
            "md",
            """## What does a roll mean?

Late in a round: your row holds two 6s and the llama row is down to a 2 and a 4, so every case
can happen. Roll a few times and read what each roll means; the cards a die matches light up.""",
        ),
        ("code", "from widgets.lama_dice import DiceRoller\n\nDiceRoller(dice=DICE)"),
        (
            "md",
            """## Now play

You play against two computer players: **Cautious Cleo**, who quits early, and **Best Bo**,
who calculates. They move about a second apart, so the class can follow each roll. Tick *show
the odds* to see the exact chance of each case before you roll.""",
        ),
        (
            "code",
            "from widgets.lama_dice import LamaDiceTable\n\n"
            'LamaDiceTable(opponents=("cautious", "best"), dice=DICE, seed=2026)',
        ),
    ],
    "2-how-likely-is-a-bust.ipynb": [
        (
            "md",
            """# How likely is a bust?

*A teacher demo on probability. 20 minutes.* [← all lessons](../index.ipynb)

For the rows on the table, every roll of the three dice falls into exactly one case: three
llamas, discard, take, or bust. There are 6 × 6 × 6 = 216 equally likely rolls, so each case
has an **exact** probability: count the rolls, divide by 216. Then we roll many times and watch
the **simulated** shares settle on the exact values.""",
        ),
        ("md", WHICH_DICE),
        ("code", CHOOSER),
        (
            "md",
            """## Exact odds

A bust needs a roll that matches nothing in your row *and* nothing in the llama row. Late in a
round, with your row `6 6 L` and only a 2 and a 3 left in the llama row, it can happen. Type
other rows (1–6, `L` for a llama): try the full llama row `1 2 3 4 5 6 L` of the start of a
round, and the chance of a bust drops to zero.

## Roll it yourself

Then press **Roll 10**, **Roll 100**, and **Roll 10 000**. The table counts each case; the
first chart shows each share settling on its exact value (dotted), the second the largest gap
shrinking like 1/√rolls: a hundred times more rolls, a ten times smaller gap.""",
        ),
        (
            "code",
            "from widgets.lama_dice import OddsDemo\n\n"
            'OddsDemo(row="6 6 L", llama_row="2 3", dice=DICE, seed=2026)',
        ),
        (
            "md",
            """
**Discuss:** after 10 rolls the shares can be far off; after 10 000 they are within about
1/√10 000 = 1% of the truth. Why can't one roll tell you the probability?""",
        ),
    ],
    "3-roll-or-quit.ipynb": [
        (
            "md",
            """# Roll or quit?

*For older students and teachers: expected value. 20 minutes.* [← all lessons](../index.ipynb)

Everyone else has quit. You are alone, and any roll that misses your row is a bust: you take
the whole llama row. Should you roll on, or quit and take your row's points now?

**The model.** Quitting scores your row now. An empty row scores 0. Three llamas change
nothing, so you roll again. After a match you discard the cards that leave you best off. Chips
are ignored. The **expected penalty** of rolling is the average over all 216 rolls, each
weighted by its chance — worked out exactly, as fractions, for every row you could reach.""",
        ),
        ("md", WHICH_DICE),
        ("code", CHOOSER),
        (
            "md",
            """## Your row

Type the last player's row and the llama row: the page works out both expected penalties, and
then the same for a few example rows with this llama row.""",
        ),
        (
            "code",
            "from widgets.lama_dice import LastPlayer\n\n"
            "ROLL_OR_QUIT = LastPlayer(dice=DICE)\nROLL_OR_QUIT",
        ),
        (
            "md",
            """A single high card: quit. A long row with many different numbers: roll — most rolls
match something, and every discard saves points.

## Does it work in practice?

The three computer players play the last round of the row above 3 000 times each: **Cautious
Cleo** (quits once her row scores 12 or less, or a bust is likelier than 1 in 10), **Bold Bea**
(never quits) and **Best Bo** (follows the calculation). Compare their average penalty with the
exact expected penalty of the best play.""",
        ),
        (
            "code",
            "from widgets.lama_dice import StrategyRace\n\n"
            "StrategyRace(ROLL_OR_QUIT.rows, dice=DICE)",
        ),
        (
            "md",
            """## Whole games

And in 60 whole games between the three (a shared win counts for each winner):""",
        ),
        ("code", "from widgets.lama_dice import WholeGames\n\nWholeGames(dice=DICE)"),
    ],
    "4-what-if-the-dice-were-different.ipynb": [
        (
            "md",
            """# What if the dice were different?

*For teachers and older students. 15 minutes.* [← all lessons](../index.ipynb)

The rulebooks say each die has two llamas, but not which numbers they replace. Does it matter?
Some chances do not depend on the layout at all; others do. The tables below compare four
layouts; choose or type a layout of your own here and it joins them.""",
        ),
        ("code", CHOOSER),
        ("md", "## Chances about the dice alone"),
        (
            "code",
            "from widgets.lama_dice import LayoutsCompared\n\nLayoutsCompared(dice=DICE)",
        ),
        (
            "md",
            """
With two llamas on every die, three llamas is always (2/6)³ = **1/27**, and at least one
llama is 1 − (4/6)³ = **19/27** — whatever numbers the llamas replace. But *a given number*
changes: with the usual dice every number is on two dice, 1 − (5/6)² = **11/36**; with the
same layout on every die a 6 never shows at all.

## Chances for a row

For your row and the llama row, the four cases depend on which numbers the dice show. Type
other rows and watch the layouts move apart or together:""",
        ),
        (
            "code",
            "from widgets.lama_dice import LayoutsCompared, RowsPicker\n\n"
            'LayoutsCompared(dice=DICE, rows=RowsPicker("5 6 6", "1 2 6"))',
        ),
        (
            "md",
            """
**Discuss:** which layout makes a bust most likely for this row, and why? Choose or type
your own layout at the top of the page: it joins both tables.""",
        ),
    ],
}


def main() -> None:
    for page, cells in PAGES.items():
        notebook = nbformat.v4.new_notebook(
            cells=[
                nbformat.v4.new_markdown_cell(text.strip())
                if kind == "md"
                else nbformat.v4.new_code_cell(text)
                for kind, text in cells
            ]
        )
        notebook.metadata["kernelspec"] = KERNEL
        notebook.metadata["language_info"] = {"name": "python"}
        for number, cell in enumerate(notebook.cells, 1):
            cell.id = f"{Path(page).stem[:2]}cell{number}"  # stable ids: quiet diffs
        nbformat.write(notebook, LESSONS / page)
        print("wrote", LESSONS / page)


if __name__ == "__main__":
    main()
