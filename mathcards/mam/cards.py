"""The target game's 55 cards, four dice and difficulty levels (docs/rules.md#mam-table,
docs/rules.md#mam-levels)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import product

from mathcards.i18n import N_, _, ngettext

Die = tuple[int, int, int, int, int, int]

BLUE_ONES: Die = (0, 2, 3, 4, 5, 8)
BLUE_TENS: Die = (20, 30, 40, 50, 60, 70)
BLACK: Die = (30, 50, 70, 80, 90, 110)
RED: Die = (0, 10, 20, 0, 10, 20)

COLOURS: dict[Die, str] = {BLUE_ONES: "blue", BLUE_TENS: "blue", BLACK: "black", RED: "red"}

DECK: tuple[int, ...] = tuple(
    sorted(
        [value for value in range(1, 11) for _ in range(4)]
        + [value for value in range(11, 15) for _ in range(2)]
        + list(range(15, 20))
        + [20, 20]
    )
)
FACE_UP = 5
LABELS = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}  # as a page shows them


def target(dice: tuple[int, ...] | None) -> int:
    """The target the players must make: the sum of the dice (0 before they are rolled)."""
    return sum(dice or ())


@dataclass(frozen=True)
class Level:
    """A difficulty level: which cards are in the deck, which dice make the target."""

    name: str
    max_card: int = 20
    dice: tuple[Die, Die] = (BLUE_ONES, BLUE_TENS)
    power: bool = False

    @property
    def label(self) -> str:
        """The level's name as a page shows it, in the language in use ("łatwy")."""
        return _(LABELS[self.name]) if self.name in LABELS else self.name

    @property
    def deck(self) -> tuple[int, ...]:
        """The cards of this level: the full deck without cards above `max_card`."""
        return tuple(card for card in DECK if card <= self.max_card)

    def shuffled_deck(self, rng: random.Random) -> list[int]:
        """The deck of this level in the order `rng` shuffles it."""
        cards = list(self.deck)
        rng.shuffle(cards)
        return cards

    @property
    def colours(self) -> tuple[str, str]:
        """The colours of the two dice, as the rulebook names them."""
        return COLOURS[self.dice[0]], COLOURS[self.dice[1]]

    def roll(self, rng: random.Random) -> tuple[int, int]:
        """Roll the two dice (their `target` is what the players make)."""
        first, second = self.dice
        return rng.choice(first), rng.choice(second)

    def rolls(self) -> dict[tuple[int, int], Fraction]:
        """The exact probability of every pair of faces the two dice can show."""
        counts = Counter(product(*self.dice))
        total = sum(counts.values())
        return {faces: Fraction(n, total) for faces, n in sorted(counts.items())}

    def targets(self) -> dict[int, Fraction]:
        """The exact probability of every target the dice can show."""
        chance: dict[int, Fraction] = {}
        for faces, p in self.rolls().items():
            chance[target(faces)] = chance.get(target(faces), Fraction(0)) + p
        return dict(sorted(chance.items()))

    def with_power(self, power: bool = True) -> Level:
        """The same level with the exponent variant switched on (or off)."""
        return replace(self, power=power)


LEVELS: dict[str, Level] = {
    "easy": Level("easy", max_card=15, dice=(BLUE_ONES, RED)),
    "normal": Level("normal"),
    "hard": Level("hard", dice=(BLUE_ONES, BLACK)),
}


def level(name: str, *, power: bool = False) -> Level:
    """The named difficulty level, with or without the exponent variant."""
    try:
        return LEVELS[name].with_power(power)
    except KeyError:
        known = ", ".join(LEVELS)
        message = _("unknown level {name}: choose one of {known}")
        raise ValueError(message.format(name=repr(name), known=known)) from None


def level_choices() -> list[tuple[str, str]]:
    """(label, name) of every level, for a menu: the label shown, the name chosen."""
    return [(chosen.label, name) for name, chosen in LEVELS.items()]


def times(count: int) -> str:
    """How often, two times or more: "twice", "4 times" ("dwa razy", "4 razy")."""
    if count == 2:
        return _("twice")
    return ngettext("{count} time", "{count} times", count).format(count=count)


def deal(rng: random.Random, chosen: Level | None = None, count: int = FACE_UP) -> list[int]:
    """Shuffle the level's deck with `rng` and turn up `count` cards."""
    cards = (chosen or LEVELS["normal"]).shuffled_deck(rng)
    return cards[:count]
