"""The machine a bench runs on: how loaded it is, waiting until it is quiet, and leaving it as it
was when the bench is stopped."""

from __future__ import annotations

import os
import signal
import sys
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


def stop_cleanly() -> None:
    """A bench stopped by SIGTERM (`timeout`, a CI's limit) leaves through its `with` blocks, so
    that the servers and kernels it started stop with it."""
    signal.signal(signal.SIGTERM, lambda number, _frame: sys.exit(128 + number))
