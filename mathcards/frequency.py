"""Simulations checked against exact odds, shared by the games: the running frequency of an
outcome, which a chart draws settling on the exact chance."""

from __future__ import annotations

from collections.abc import Iterable


def running_frequency(outcomes: Iterable[object], outcome: object) -> list[float]:
    """After each trial: the share of the trials so far whose result was `outcome`."""
    hits, shares = 0, []
    for count, seen in enumerate(outcomes, 1):
        hits += seen == outcome
        shares.append(hits / count)
    return shares
