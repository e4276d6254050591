"""The classroom server raises its own limit of open files to the system's (issue #50): under
the usual `ulimit -n 1024`, a script's thousand idle connections left no file for a class."""

from __future__ import annotations

import subprocess
import sys

import pytest

resource = pytest.importorskip("resource")  # not on Windows


def test_the_server_may_open_as_many_files_as_the_system_allows():
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    low = 256 if hard == resource.RLIM_INFINITY else min(256, hard)
    script = (
        "import resource\n"
        f"resource.setrlimit(resource.RLIMIT_NOFILE, ({low}, {hard}))\n"
        "from mathcards.classroom.__main__ import more_files\n"
        "print(more_files(), resource.getrlimit(resource.RLIMIT_NOFILE)[0])\n"
    )
    ran = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True
    )
    said, now = (int(word) for word in ran.stdout.split())
    assert said == now and now > low
    if sys.platform == "linux" and hard != resource.RLIM_INFINITY:
        assert now == hard
