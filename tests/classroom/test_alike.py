"""Two views of a live game are alike when nothing but their version (and the keys a game
says its pages need not be woken for) differs: what wakes a student's long-poll."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from mathcards.classroom.live.kind import alike

KEYS = st.sampled_from(["version", "place", "round", "mine", "phase"])
VIEWS = st.dictionaries(KEYS, st.one_of(st.integers(0, 3), st.lists(st.integers(0, 2), max_size=2)))


def without(view: dict[str, Any], *keys: str) -> dict[str, Any]:
    return {key: value for key, value in view.items() if key not in keys}


@given(VIEWS, VIEWS, st.sampled_from([(), ("place",)]))
def test_views_are_alike_when_only_their_version_and_the_unseen_keys_differ(view, before, unseen):
    same = view.keys() == before.keys() and without(view, "version", *unseen) == without(
        before, "version", *unseen
    )
    assert alike(view, before, *unseen) == same


def test_a_view_is_not_alike_no_view_and_a_new_key_is_a_change():
    assert not alike({"version": 1}, None)
    assert alike({"version": 1, "place": 2}, {"version": 5, "place": 3}, "place")
    assert not alike({"version": 1, "place": 2}, {"version": 1}, "place")
