"""A page's kernel is shut down when its page asks, even while the kernel is being restarted
(the page's kernel died and the server's restarter is bringing it back as the page reloads)."""

from __future__ import annotations

import asyncio

import psutil
import pytest

from mathcards.classroom.server.alive import AliveKernels
from tests.classroom.threaded import run_apart


def running() -> set[int]:
    """This process's children that run (a zombie has ended)."""
    children = psutil.Process().children(recursive=True)
    return {child.pid for child in children if child.status() != psutil.STATUS_ZOMBIE}


async def shut_down_while_restarting(folder: str) -> bool:
    kernels = AliveKernels(connection_dir=folder)
    kernel_id = await kernels.start_kernel(kernel_name="python3")
    kernel = kernels.get_kernel(kernel_id)
    restart = asyncio.ensure_future(kernel.restart_kernel(now=True))
    while kernel.ready.done():  # a condition, not a time: each turn of the loop looks once,
        assert not restart.done()  # and the restart awaits with its `ready` pending
        await asyncio.sleep(0)
    await asyncio.wait_for(kernels.shutdown_kernel(kernel_id), 120)
    await asyncio.wait_for(restart, 120)
    return kernel_id in kernels


@pytest.mark.server
def test_a_kernel_being_restarted_is_shut_down_when_its_page_asks(tmp_path):
    before = running()
    kept = run_apart(shut_down_while_restarting(str(tmp_path)), 300)  # beside any other loop
    assert not kept, "the kernel is no longer the server's"
    assert running() <= before, "neither the kernel nor the one started in its place runs on"
