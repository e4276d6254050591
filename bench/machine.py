"""The machine a bench runs on: how loaded it is, and waiting until it is quiet."""

from __future__ import annotations

import os
import time

import psutil


def quiet(seconds: float = 300, busy_percent: float = 20) -> None:
    """Until the processors are nearly idle for a second (warm kernels have run their pages),
    or `seconds` have passed."""
    deadline = time.monotonic() + seconds
    while psutil.cpu_percent(interval=1) > busy_percent and time.monotonic() < deadline:
        pass


def load() -> str:
    """The load averages over 1, 5 and 15 minutes."""
    return " ".join(f"{value:.2f}" for value in os.getloadavg())
