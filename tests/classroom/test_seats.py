"""The seats of the class: the cap on kernels counts pages still opening and never a warm
kernel; a client holds at most its share, and the teacher can free a client's seats."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from mathcards.classroom.server.seats import Opening, PageKernels, Places


def run(coroutine: Any) -> Any:
    """On a thread of its own: the browser tests' Playwright may own this thread's loop."""
    with ThreadPoolExecutor(1) as worker:
        return worker.submit(asyncio.run, coroutine).result()


class Kernels:
    """The kernel manager as the seats see it: kernels running, some of them warm in a pool."""

    def __init__(self) -> None:
        self.ids: list[str] = []
        self.pool: list[str] = []
        self.started = 0

    def list_kernel_ids(self) -> list[str]:
        return list(self.ids)

    async def start_kernel(self, **kwargs: Any) -> str:
        self.started += 1
        self.ids.append(f"k{self.started}")
        return f"k{self.started}"

    async def get_rendered_notebook(self, notebook_name: str) -> tuple[str, list[str], str]:
        warm = self.pool.pop(0)
        return "render task", ["<p>drawn</p>"], warm

    async def shutdown_kernel(self, kernel_id: str) -> None:
        self.ids.remove(kernel_id)

    def get_pool_size(self, page: str) -> int:
        return len(self.pool)


def test_the_kernel_cap_counts_pages_still_opening():
    kernels = Kernels()
    places = Places(2, kernels)
    first = places.take("ann")
    assert not places.full()
    second = places.take("bo")
    assert places.full(), "two pages opening fill two seats before their kernels run"
    run(PageKernels(kernels, places, first).start_kernel())
    assert first.kernel_id == "k1" and places.taken() == 2, "a page's kernel is counted once"
    places.leave(first)
    places.leave(second)
    assert places.taken() == 1 and not places.full(), "the first page's kernel keeps its seat"
    kernels.ids.remove("k1")  # its page closed
    assert places.taken() == 0
    assert isinstance(first, Opening)


def test_a_warm_kernel_takes_no_seat_until_a_page_is_handed_it():
    kernels = Kernels()
    kernels.ids, kernels.pool = ["warm1", "warm2"], ["warm1", "warm2"]
    places = Places(1, kernels)
    assert places.taken() == 0 and not places.full()
    opening = places.take("ann")
    page_kernels = PageKernels(kernels, places, opening)
    assert page_kernels.get_pool_size("one.ipynb") == 2, "the rest is the manager's own"
    rendered = run(page_kernels.get_rendered_notebook(notebook_name="one.ipynb"))
    assert rendered == ("render task", ["<p>drawn</p>"], "warm1")
    places.leave(opening)
    assert places.clients() == {"ann": 1} and places.full()


def test_a_client_holds_at_most_its_share_of_seats():
    kernels = Kernels()
    places = Places(10, kernels, per_client=2)
    for _ in range(2):
        opening = places.take("ann")
        run(PageKernels(kernels, places, opening).start_kernel())
        places.leave(opening)
    assert places.crowded("ann") and not places.crowded("bo") and places.held("ann") == 2
    opening = places.take("bo")
    assert places.clients() == {"ann": 2, "bo": 1}
    places.leave(opening)  # bo's page never got a kernel: nothing held
    assert places.clients() == {"ann": 2}
    kernels.ids.remove("k1")  # ann closed a page
    assert not places.crowded("ann")
    assert not Places(10, kernels).crowded("ann"), "no share without per_client"


def test_the_teacher_frees_a_clients_seats():
    kernels = Kernels()
    places = Places(10, kernels, per_client=2)
    for client in ("ann", "ann", "bo"):
        opening = places.take(client)
        run(PageKernels(kernels, places, opening).start_kernel())
        places.leave(opening)
    assert run(places.free("ann")) == 2
    assert kernels.ids == ["k3"] and places.clients() == {"bo": 1}
    assert run(places.free("ann")) == 0


def test_an_address_holds_at_most_its_share_of_seats_whatever_its_devices():
    kernels = Kernels()
    places = Places(10, kernels, per_client=2, per_address=3)
    for device in ("script-1", "script-2", "script-3"):  # one address, a new cookie each time
        assert not places.crowded_from("10.0.0.9")
        opening = places.take(device, address="10.0.0.9")
        run(PageKernels(kernels, places, opening).start_kernel())
        places.leave(opening)
    assert places.crowded_from("10.0.0.9") and not places.crowded("script-4")
    assert not places.crowded_from("10.0.0.7"), "a classmate at another address"
    opening = places.take("script-4", address="10.0.0.9")
    assert places.held_from("10.0.0.9") == 4, "a page still opening holds its seat"
    places.leave(opening)
    kernels.ids.remove("k2")  # one of its pages closed
    assert places.held_from("10.0.0.9") == 2 and not places.crowded_from("10.0.0.9")
    assert not Places(10, kernels).crowded_from("10.0.0.9"), "no share without per_address"
