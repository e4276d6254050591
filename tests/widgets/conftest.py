"""Every widget test starts with the page's announcer silent: the kernel's one announcer
(widgets.controls.announcer) outlives a test, as it outlives a widget on a page."""

import pytest

from widgets.controls import announcer


@pytest.fixture(autouse=True)
def silent_announcer():
    announcer().hush()
    yield
    announcer().hush()
