"""The running frequency the games' simulations share (a chart draws it settling)."""

from enum import Enum

from mathcards.frequency import running_frequency
from mathcards.lama_dice.simulate import running_frequency as lama_dice_running_frequency


class Side(Enum):
    HEADS = "heads"
    TAILS = "tails"


def test_after_each_trial_the_share_so_far():
    assert running_frequency([True, False, True, True], True) == [1, 1 / 2, 2 / 3, 3 / 4]
    assert running_frequency([Side.TAILS, Side.HEADS], Side.HEADS) == [0, 1 / 2]
    assert running_frequency(iter([3, 3, 4]), 4) == [0, 0, 1 / 3]
    assert running_frequency([], True) == []


def test_lama_dice_keeps_its_name_for_it():
    assert lama_dice_running_frequency is running_frequency
