"""A process that serves a class sets its garbage collector once it has started."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from mathcards.classroom.service import collector


@pytest.fixture
def threshold() -> Iterator[None]:
    """The test process's thresholds, as they were (what it freezes stays frozen, as
    tests/conftest.py freezes what the run made to collect its tests)."""
    before = gc.get_threshold()
    yield
    gc.set_threshold(*before)


@pytest.mark.usefixtures("threshold")
def test_what_a_served_class_made_to_start_is_frozen_and_the_young_collected_less_often() -> None:
    made = [[n] for n in range(1000)]  # tracked by the collector, as a module's objects are
    assert gc.is_tracked(made[0])
    tracked = len(gc.get_objects())

    collector.started()

    assert gc.get_freeze_count() >= tracked
    assert not any(inner is made[0] for inner in gc.get_objects())  # out of every generation
    assert gc.get_threshold() == (collector.YOUNG, collector.OLDER, collector.OLDER)
