"""The derivation widgets follow the page's dice and rows and show MathML with its text."""

from mathcards.lama_dice.dice import LAYOUTS
from widgets.lama_dice import BustDerivation, DiceChooser, DiceDerivation, RowsPicker


def test_the_dice_derivation_follows_the_chosen_dice_and_number():
    chooser = DiceChooser()
    derivation = DiceDerivation(dice=chooser, shown=6)
    shown = derivation.derived.value
    assert "<math>" in shown and "1 − (1 − 1/6)(1 − 1/6)(1 − 0/6)" in shown
    assert "<b>11/36</b>" in shown and "<b>1/27</b>" in shown
    chooser.text.value = LAYOUTS["The same on every die"]
    assert "<b>0</b>" in derivation.derived.value  # no 6 on any die
    derivation.shown.value = 1
    assert "<b>91/216</b>" in derivation.derived.value


def test_the_bust_derivation_follows_the_rows():
    rows = RowsPicker("6 6 L", "2 3")
    derivation = BustDerivation(rows, dice=DiceChooser())
    assert "(2/6)(2/6)(2/6)" in derivation.derived.value
    assert "add up to 1" in derivation.derived.value
    rows.row_text.value = "1"
    rows.llama_text.value = "2"
    assert "(6/6)(4/6)(4/6) − (2/6)(2/6)(2/6)" in derivation.derived.value
    rows.row_text.value = "9"
    assert derivation.derived.value == ""
