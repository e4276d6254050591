"""A page's kernel is shut down when its page asks, even while the kernel is being restarted
(the page's kernel died and the server's restarter is bringing it back as the page reloads); a
page still loading has its first connection's while to connect, however short the keep."""

from __future__ import annotations

import asyncio
from contextlib import suppress
from datetime import timedelta
from types import SimpleNamespace

import psutil
import pytest
from jupyter_server._tz import utcnow

from mathcards.classroom.server.alive import FIRST_CONNECTION_SECONDS, AliveKernels
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


def culled(kernels: AliveKernels, idle: float, connected: bool) -> bool:
    """Whether the culler (a keep of 3 s) takes a kernel idle `idle` seconds."""
    taken: list[str] = []

    async def shutdown_kernel(kernel_id: str, *args, **kwargs) -> None:
        taken.append(kernel_id)

    kernels.shutdown_kernel = shutdown_kernel  # type: ignore[method-assign]
    kernels.cull_idle_timeout = 3
    since = utcnow() - timedelta(seconds=idle)
    kernels._kernels["k"] = SimpleNamespace(
        last_activity=since,
        execution_state="idle",
        kernel_name="python3",
        kernel_spec=SimpleNamespace(metadata={}),
    )
    kernels._kernel_connections["k"] = 0
    kernels.connected.discard("k")
    if connected:  # and its page went: no connection now
        kernels.notify_connect("k")
        kernels.notify_disconnect("k")
        kernels._kernels["k"].last_activity = since
    run_apart(kernels.cull_kernel_if_idle("k"))
    return taken == ["k"]


def test_a_page_not_yet_connected_has_its_first_connection_s_while_however_short_the_keep():
    kernels = AliveKernels()
    assert not culled(kernels, 10, connected=False), "a page still loading keeps its kernel"
    assert culled(kernels, FIRST_CONNECTION_SECONDS + 1, connected=False), "one never to come"
    assert culled(kernels, 10, connected=True), "a page that connected and went: the keep"
    assert not culled(kernels, 1, connected=True), "within the keep"


def test_a_page_s_first_connection_s_while_is_a_setting():
    """`AliveKernels.first_connection_seconds` in a Jupyter config file (the suite's servers
    take 3 s, so a test of the culler waits seconds, not the production half minute)."""
    kernels = AliveKernels(first_connection_seconds=5)
    assert not culled(kernels, 4, connected=False), "within its first connection's while"
    assert culled(kernels, 6, connected=False), "one never to come"


async def restarted_while_shutting_down(folder: str) -> bool:
    kernels = AliveKernels(connection_dir=folder)
    kernel_id = await kernels.start_kernel(kernel_name="python3")
    kernel = kernels.get_kernel(kernel_id)
    shutdown = asyncio.ensure_future(kernels.shutdown_kernel(kernel_id))
    while await kernel.is_alive():  # the shutdown under way, till its process has ended;
        await asyncio.sleep(0)  # then the restarter, as its poll found the kernel dead
    assert not shutdown.done()
    restart = asyncio.ensure_future(kernel.restart_kernel(now=True))
    await asyncio.wait_for(shutdown, 120)
    kept = kernel_id in kernels
    restart.cancel()  # what is left of it waits for the new process to answer: none will
    with suppress(asyncio.CancelledError, Exception):  # (or it tripped on the shutdown)
        await restart
    kernels.context.destroy(linger=0)  # its question to that process is dropped
    return kept


@pytest.mark.server
def test_a_kernel_restarted_as_it_is_shut_down_leaves_no_process_behind(tmp_path):
    """The restarter found the kernel dead as its page asked for the shutdown (CI saw the
    process it started in its place outlive the shutdown)."""
    before = running()
    kept = run_apart(restarted_while_shutting_down(str(tmp_path)), 300)
    assert not kept, "the kernel is no longer the server's"
    assert running() <= before, "no kernel runs on"
