"""Every widget test runs as outside a kernel: no event loop running in its thread (a browser
test's Playwright, in the same worker, leaves its loop set as running between its calls), and
the page's announcer silent: the kernel's one announcer (widgets.controls.announcer) outlives a
test, as it outlives a widget on a page."""

import asyncio
from collections.abc import Iterator
from types import SimpleNamespace

import ipywidgets as w
import pytest

from tests.widgets.in_process import InProcessClass
from widgets.controls import announcer


@pytest.fixture(autouse=True)
def outside_a_kernel():
    running = asyncio._get_running_loop()
    asyncio._set_running_loop(None)
    announcer().hush()
    yield
    announcer().hush()
    asyncio._set_running_loop(running)


@pytest.fixture
def messages(monkeypatch):
    """What the widgets send from now on: each view as it is made (`made`, one message each)
    and each change after (`changed`: the view's kind and the property)."""
    sent = SimpleNamespace(made=[], changed=[])
    real_open, real_send = w.Widget.open, w.Widget.send_state
    monkeypatch.setattr(w.Widget, "open", lambda view: sent.made.append(view) or real_open(view))
    monkeypatch.setattr(
        w.Widget,
        "send_state",
        lambda view, key=None: (
            sent.changed.append((type(view).__name__, key)) or real_send(view, key)
        ),
    )
    return sent


@pytest.fixture
def service(tmp_path) -> Iterator[InProcessClass]:
    """The class service in process, with its class book and live rooms
    (tests/widgets/in_process.py): every page of a test calls it without HTTP."""
    school = InProcessClass(tmp_path)
    yield school
    school.close()
