"""Practice at each student's level, as Math Garden does it (Klinkenberg, Straatemeier and van
der Maas 2011): a rating for every student and every item in each skill, both updated after
every answer, and the next item the one a student answers right about 75 % of the time
(docs/design.md#practice-at-my-level; its Python API: docs/python.md)."""

from mathcards.adaptive.bank import Deal, Moment
from mathcards.adaptive.practice import AdaptivePractice
from mathcards.adaptive.rating import Attempt, Change, Rating
from mathcards.adaptive.skills import Skill

__all__ = ["AdaptivePractice", "Attempt", "Change", "Deal", "Moment", "Rating", "Skill"]
