"""The bank shipped with the package (mathcards/adaptive/bank-*.json) is what building it gives:
regenerate it with scripts/adaptive_bank.py if this fails (docs/design.md#the-bank)."""

import json
import random
import subprocess
import sys

import pytest

from mathcards.adaptive.bank import FILES, Deal, Moment, bank
from mathcards.adaptive.building import DEALS_A_LEVEL, deal_rows, moment_row, moment_rows
from mathcards.adaptive.difficulty import features, prior
from mathcards.adaptive.skills import DEALS, Skill
from mathcards.mam.cards import LEVELS


def stored(skill):
    return json.loads(FILES[skill].read_text(encoding="utf-8"))["items"]


@pytest.mark.parametrize("skill", DEALS)
def test_each_level_deals_the_bank_again_from_its_seed(skill):
    rows = stored(skill)
    assert len(rows) == DEALS_A_LEVEL * len(LEVELS)
    for number, level in enumerate(LEVELS):
        start = number * DEALS_A_LEVEL
        seen = {row[0] for row in rows[:start]}
        assert list(deal_rows(skill, level, 3, seen)) == rows[start : start + 3]


@pytest.mark.parametrize("skill", DEALS)
def test_a_sample_of_deals_has_the_features_and_prior_the_solver_gives(skill):
    rows = stored(skill)
    for row in random.Random(51).sample(rows, 12):
        key, first, cards, dice, level, *kept = row
        found = features(cards, sum(dice), level, skill is Skill.TARGET_POWERS)
        assert [found.answers, found.fewest, found.division, found.power, found.forward] == kept
        assert prior(found) == first, key


def test_every_moment_is_the_one_the_odds_give():
    rows = stored(Skill.ROLL_OR_QUIT)
    assert list(moment_rows()) == rows
    moment = bank(Skill.ROLL_OR_QUIT).find("3456LL,1256LL,1234LL/6/1,2,3,4,5,6,7")
    assert isinstance(moment, Moment) and moment.best == "quit" and moment.quit == 6
    assert moment_row(moment.dice, moment.row, moment.llama_row) == rows[5]


@pytest.mark.parametrize("skill", list(Skill))
def test_a_bank_names_each_item_once_and_reaches_weak_and_strong_students(skill):
    items = bank(skill)
    assert len(set(items.keys)) == len(items)
    assert min(items.priors) < -3 and max(items.priors) > 2.5
    middle = sum(-2 <= prior <= 1 for prior in items.priors)
    assert middle > len(items) / 3, "most deals where most of a class is"


def test_an_item_is_made_whole_from_its_row():
    deal = bank(Skill.TARGET_POWERS).item(0)
    assert isinstance(deal, Deal) and deal.power and deal.features.level == "easy"
    assert deal.key == ",".join(map(str, deal.cards)) + f"={deal.target}"
    assert bank(Skill.TARGET_POWERS).find(deal.key) == deal
    with pytest.raises(ValueError, match="there is no item '1,2=3' among the items of mam"):
        bank(Skill.TARGET).find("1,2=3")


def test_reading_a_bank_runs_neither_the_solver_nor_the_odds():
    script = (
        "import sys\n"
        "from mathcards.adaptive import AdaptivePractice, Skill\n"
        "for skill in Skill:\n"
        "    practice = AdaptivePractice(skill, seed=1)\n"
        "    practice.record('Ala', practice.next_item('Ala'), right=True, seconds=3)\n"
        "heavy = ('mathcards.mam.solver', 'mathcards.lama_dice.policy', 'sympy')\n"
        "print(sorted(name for name in heavy if name in sys.modules))\n"
    )
    ran = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert ran.stdout.strip() == "[]"
