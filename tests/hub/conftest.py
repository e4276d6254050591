"""The JupyterHub the hub tests share (tests/hub/test_hub.py has how it is made): started once,
with its proxy, the example's login and class service, over a PostgreSQL database of its own;
each test logs in students and teachers of its own (test_hub.py's class list)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.hub.test_hub import jupyterhub
from tests.postgres import postgres  # noqa: F401 - the session's PostgreSQL server
from tests.servers import free_port


@dataclass(frozen=True)
class Hub:
    """A running Hub: its address, its process, its folder, its class service's port and the
    class book that service keeps."""

    base: str
    pid: int
    folder: Path
    service_port: int
    book: str


@pytest.fixture(scope="session")
def hub(tmp_path_factory, postgres) -> Iterator[Hub]:  # noqa: F811 - the fixture
    folder, book, service_port = tmp_path_factory.mktemp("hub"), postgres.database(), free_port()
    with jupyterhub(folder, book=book, service_port=service_port) as (base, pid):
        yield Hub(base, pid, folder, service_port, book)
