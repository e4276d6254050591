"""Warm kernels that never slow the page being opened. Voila keeps kernels ready for a page, each
having run it already (`--warm`, `--class-size`), and refills a page's pool as its kernels are
taken; a kernel for a pool starts only when no page is being made (none for `CALM_SECONDS`: a
page is being made from its request until its widgets have asked for their states), at most
`STARTING` at once, and at once when a page waits for a pool's kernel (which it would otherwise
wait for forever)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import Iterator
from typing import Any

from mathcards.classroom.server.alive import AliveKernels

CALM_SECONDS = 2.0  # no page made for this long: the browser has drawn the last one's widgets
STARTING = os.cpu_count() or 2  # pool kernels starting at once, at most
LOOKING_SECONDS = 0.2  # how often a pool kernel waiting for its turn looks again
POOL = ("VOILA_PREHEAT", "True")  # what Voila puts in a pool kernel's environment


class Calm:
    """Whether pages are being made on this server now: those whose request is being answered,
    those waiting for a pool's kernel, and the moment the last one was made (its request
    answered, or its widgets connected to their kernel)."""

    def __init__(self) -> None:
        self.making = 0
        self.waiting = 0  # pages waiting for a pool's kernel
        self.last = time.monotonic() - CALM_SECONDS

    def begin(self) -> None:
        """A page is being made (its request has come)."""
        self.making += 1

    def end(self) -> None:
        """A page's request is answered."""
        self.making -= 1
        self.touch()

    @contextlib.contextmanager
    def wanting(self) -> Iterator[None]:
        """A page waits for a pool's kernel while this lasts."""
        self.waiting += 1
        try:
            yield
        finally:
            self.waiting -= 1

    def touch(self) -> None:
        """A page was made just now (its request answered, its widgets connected)."""
        self.last = time.monotonic()

    def calm(self) -> bool:
        """No page is being made, nor has been for CALM_SECONDS."""
        return self.making == 0 and time.monotonic() - self.last >= CALM_SECONDS

    async def turn(self) -> None:
        """Until a pool kernel may start: all is calm, or a page waits for one."""
        while not (self.calm() or self.waiting):
            await asyncio.sleep(LOOKING_SECONDS)


def calm_of(kernels: Any) -> Calm:
    """The kernel manager's `Calm` (a manager without pools of ours: one nobody waits on)."""
    calm = getattr(kernels, "calm", None)
    return calm if isinstance(calm, Calm) else Calm()


class PoolKernels(AliveKernels):
    """Starts a pool's kernel only in its turn (see `Calm`), at most STARTING at once; every
    other kernel (a page's own) at once."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.calm = Calm()
        self._starting = asyncio.Semaphore(STARTING)

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        environment = kwargs.get("env") or {}
        if environment.get(POOL[0]) != POOL[1]:
            return await super().start_kernel(*args, **kwargs)
        async with self._starting:
            await self.calm.turn()
            return await super().start_kernel(*args, **kwargs)

    def notify_connect(self, kernel_id: str) -> None:
        """A page's widgets connected to their kernel: the page has just been made."""
        super().notify_connect(kernel_id)
        self.calm.touch()
