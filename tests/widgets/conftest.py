"""Every widget test runs as outside a kernel: no event loop running in its thread (a browser
test's Playwright, in the same worker, leaves its loop set as running between its calls), and
the page's announcer silent: the kernel's one announcer (widgets.controls.announcer) outlives a
test, as it outlives a widget on a page."""

import asyncio

import pytest

from widgets.controls import announcer


@pytest.fixture(autouse=True)
def outside_a_kernel():
    running = asyncio._get_running_loop()
    asyncio._set_running_loop(None)
    announcer().hush()
    yield
    announcer().hush()
    asyncio._set_running_loop(running)
