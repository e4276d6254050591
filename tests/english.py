"""Words that give English away in a text meant to be in another language."""

from __future__ import annotations

import re

# Common English words that are not also Polish words ("to", "on", "a", "i", "no", "do", "we",
# "ten", "one", "was", "start" are).
WORDS = """the and you your yours is are were be been of with without for from this that these those
    there here what which who how why when where not or can cannot can't will would should must
    may has have had it its it's they them their our us he she his her card cards roll rolls
    rolled dice die quit quits round rounds score scores points point win wins won winner lose
    loses lost player players turn new game next show hint hints target take takes draw draws
    play plays again back starts chip chips row rows odds chance chances best solution solutions
    answer answers wrong right correct try deal deals level easy normal hard value values total
    only every each all none two three four five six seven eight nine llama llamas bust match
    matches yes"""
ENGLISH = frozenset(WORDS.split())


def english_words(text: str, allowed: set[str] = frozenset()) -> list[str]:
    """The English words in the text, in order, each once (names in `allowed` pass, and so do
    quoted values such as 'roll', which are code)."""
    words = re.findall(r"'?[^\W\d_]+(?:'[^\W\d_]+)?'?", text)  # Polish letters too
    spoken = [w.strip("'") for w in words if not (len(w) > 2 and w[0] == w[-1] == "'")]
    found = [w for w in spoken if w.lower() in ENGLISH and w not in allowed]
    return list(dict.fromkeys(found))
