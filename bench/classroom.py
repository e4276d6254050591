"""A class opening a lesson at once, against `mathcards serve` on this machine.

Run: ``make bench-classroom`` (or ``.venv/bin/python -m bench.classroom [--students N]
[--lesson PATH] [--max-kernels N] [--warm N] [--rounds N]``). N students (default 30) ask for
the page at the same moment, each as a browser does it: the page over HTTP (Voila runs the
notebook in a new kernel while it sends it), then the kernel's websocket in the protocol a
page's JupyterLab services speak (`v1.kernel.websocket.jupyter.org`: the server passes the
kernel's messages on without reading them), until the widgets' states have arrived (the
`jupyter.widget.control` comm's `request_states`, what the page's widget manager asks first).
The same crowd opens a one-widget notebook served the same way in the same run, before the
lesson and after it; printed: the ratio of the lesson's median time to interactive to the mean
of the one-widget crowds' just before and after it (a machine whose speed drifts slows both
alike), percentiles, failures, the CPU the server and the kernels used (and a kernel's least,
median and most: whether a crowd's kernels all rose together, or a few alone), memory per
kernel and in all, and the kernels left after the pages close. A crowd's pages close as tabs
do, each with its shutdown request, so that the next crowd comes seconds later: this machine's
speed drifts by a fifth within half a minute, and the one-widget crowds on either side of a
lesson measure the machine it ran on only if they ran close to it. The last crowd's pages close
without their shutdown request, as when a laptop lid shuts: the kernels left 3 minutes later are
the culler's work.
`--rounds N` has the class come N times to the same server (a one-widget crowd between two
lessons closes one round and opens the next), each round printing its ratio. Before the rounds,
the server's first crowd of each page is in no ratio: it finds the server cold (Voila's
templates not yet compiled, the lesson's text not yet rendered), and in four runs of five the
first one-widget crowd was the slowest of its run. Counted over all crowds: the pages that
failed (an error, or a page that says to reload) and those that hung
(no page after STUDENT_SECONDS). The load averages are printed before and after.
Loopback only; every wait is bounded; the server is stopped with everything it started.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import shutil
import tempfile
import time
import uuid
from pathlib import Path
from statistics import median, quantiles
from typing import NamedTuple

import nbformat
import psutil
from jupyter_server.services.kernels.connection.base import (
    deserialize_msg_from_ws_v1,
    serialize_msg_to_ws_v1,
)
from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

from bench.machine import load, quiet, stop_cleanly
from tests.browser.conftest import wait_until_warm
from tests.servers import is_kernel, serving

ROOT = Path(__file__).resolve().parent.parent
LESSON = "en/mam/1-the-target-game-in-class.ipynb"
ONE_WIDGET = "one-widget.ipynb"
STUDENT_SECONDS = 300  # one student's page, at most
LEFT_AFTER_SECONDS = 180  # kernels still there this long after the pages close: the culler's
CLOSED_SECONDS = 60  # the same, after the pages' shutdown requests
MAX_STUDENTS = 200
QUIET_SECONDS = 60  # at most, for the machine to calm down before a crowd
PROTOCOL = "v1.kernel.websocket.jupyter.org"  # a page's kernel websocket (JupyterLab's services)
GOAL = 1.3  # the lesson's median time to interactive, at most, over the one-widget page's


def served_folder(folder: Path) -> Path:
    """The lessons, and beside them a notebook with one slider: the yardstick."""
    shutil.copytree(ROOT / "lessons", folder, dirs_exist_ok=True)
    cell = nbformat.v4.new_code_cell("import ipywidgets\nipywidgets.IntSlider(value=3)")
    nbformat.write(nbformat.v4.new_notebook(cells=[cell]), folder / ONE_WIDGET)
    return folder


def message(msg_type: str, content: dict, session: str, metadata: dict | None = None) -> bytes:
    """A message to the kernel on its shell channel, as a page sends it (`PROTOCOL`)."""
    header = {
        "msg_id": uuid.uuid4().hex,
        "msg_type": msg_type,
        "session": session,
        "username": "student",
        "date": "",
        "version": "5.3",
    }
    parts = {"header": header, "parent_header": {}, "metadata": metadata or {}, "content": content}
    return bytes(serialize_msg_to_ws_v1(parts, "shell", pack=packed))


def packed(part: dict) -> bytes:
    return json.dumps(part).encode()


class Page(NamedTuple):
    """A student's open page: its kernel and that kernel's open websocket."""

    kernel: str
    socket: WebSocketClientConnection


async def open_page(base: str, lesson: str) -> tuple[float, Page]:
    """Seconds until one student's page is interactive, and the page."""
    start = time.perf_counter()
    client = AsyncHTTPClient(force_instance=True, max_clients=1)
    request = HTTPRequest(f"{base}/voila/render/{lesson}", request_timeout=STUDENT_SECONDS)
    try:
        page = (await client.fetch(request)).body.decode()
    finally:
        client.close()
    found = re.search(r'"kernelId": "([0-9a-f-]{36})"', page)
    if not found:
        raise RuntimeError("the page names no kernel")
    session = uuid.uuid4().hex
    channels = f"{base.replace('http', 'ws')}/api/kernels/{found.group(1)}/channels"
    socket = await websocket_connect(f"{channels}?session_id={session}", subprotocols=[PROTOCOL])
    try:
        if socket.selected_subprotocol != PROTOCOL:
            raise RuntimeError("the kernel's websocket does not speak a page's protocol")
        await widgets_ready(socket, session)
        return time.perf_counter() - start, Page(found.group(1), socket)
    except BaseException:
        socket.close()  # a failed page lets its kernel go, as a closed tab does
        raise


def decoded(frame: str | bytes) -> tuple[str, dict]:
    """A kernel message from the websocket (`PROTOCOL`: the offsets of its parts, its channel,
    then its header, parent header, metadata and content): its type and its content."""
    if isinstance(frame, str):
        raise RuntimeError("the kernel's websocket sent text, not a page's protocol")
    _channel, parts = deserialize_msg_from_ws_v1(frame)
    return json.loads(parts[0])["msg_type"], json.loads(parts[3])


async def widgets_ready(socket: WebSocketClientConnection, session: str) -> None:
    """The page's first question to its kernel, as the widget manager asks it: every widget's
    state. Returns once the answer has come, the socket still open."""
    comm = uuid.uuid4().hex
    opening = {"comm_id": comm, "target_name": "jupyter.widget.control", "data": {}}
    control = {"version": "1.0.0"}  # ipywidgets' control protocol, as the page speaks it
    await socket.write_message(message("comm_open", opening, session, control), binary=True)
    asking = {"comm_id": comm, "data": {"method": "request_states"}}
    await socket.write_message(message("comm_msg", asking, session), binary=True)
    while True:
        reply = await socket.read_message()
        if reply is None:
            raise RuntimeError("the kernel's websocket closed")
        kind, content = decoded(reply)
        if kind == "comm_msg" and content.get("comm_id") == comm:
            if not content.get("data", {}).get("states"):
                raise RuntimeError("the page has no widgets")
            return


async def crowd(
    base: str, lesson: str, students: int
) -> tuple[list[float], list[str], list[str], list[Page]]:
    """Everyone at once: times to interactive, failures, pages that hung, the open pages."""
    attempts = [asyncio.wait_for(open_page(base, lesson), STUDENT_SECONDS) for _ in range(students)]
    results = await asyncio.gather(*attempts, return_exceptions=True)
    times = [result[0] for result in results if isinstance(result, tuple)]
    pages = [result[1] for result in results if isinstance(result, tuple)]
    errors = [result for result in results if isinstance(result, BaseException)]
    hung = [repr(error) for error in errors if hung_page(error)]
    failures = [repr(error) for error in errors if not hung_page(error)]
    return times, failures, hung, pages


async def close_tab(base: str, page: Page) -> None:
    """What a closing tab sends: its shutdown request (Voila's, from the page's own origin)."""
    client = AsyncHTTPClient(force_instance=True, max_clients=1)
    leaving = HTTPRequest(
        f"{base}/voila/api/shutdown/{page.kernel}",
        method="POST",
        body=b"",
        headers={"Origin": base},
        request_timeout=STUDENT_SECONDS,
    )
    try:
        await client.fetch(leaving)
    finally:
        client.close()
        page.socket.close()


async def leave(base: str, pages: list[Page], lid_shut: bool) -> None:
    """Everyone closes their page at once: as tabs close, or (`lid_shut`) as laptop lids shut,
    with no word to the server."""
    if lid_shut:
        for page in pages:
            page.socket.close()
    else:
        await asyncio.gather(*(close_tab(base, page) for page in pages))


def hung_page(error: BaseException) -> bool:
    """Whether a student waited STUDENT_SECONDS for nothing (not told why, nor given a page)."""
    return isinstance(error, TimeoutError) or getattr(error, "code", None) == 599


def kernels_of(server: psutil.Process) -> list[psutil.Process]:
    """The server's kernels running now (one may end while we look)."""
    return [child for child in server.children(recursive=True) if is_kernel(child)]


def busy(processes: list[psutil.Process]) -> float:
    """The CPU seconds the processes have used (those that ended meanwhile, none)."""
    seconds = 0.0
    for process in processes:
        with contextlib.suppress(psutil.Error):
            times = process.cpu_times()
            seconds += times.user + times.system
    return seconds


def megabytes(processes: list[psutil.Process]) -> list[float]:
    sizes = []
    for process in processes:
        with contextlib.suppress(psutil.Error):  # it ended meanwhile
            sizes.append(process.memory_full_info().uss / 2**20)
    return sizes


async def kernels_left(server: psutil.Process, seconds: float, warm: int) -> tuple[int, float]:
    """Kernels beyond the `warm` ones still running after `seconds` (or when the last one went,
    and when)."""
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        if len(kernels_of(server)) <= warm:
            return 0, time.perf_counter() - start
        await asyncio.sleep(5)
    return len(kernels_of(server)) - warm, seconds


async def measure(
    base: str, server: psutil.Process, lesson: str, students: int, warm: int, lid_shut: bool
) -> dict:
    server_before = busy([server])
    times, failures, hung, pages = await crowd(base, lesson, students)
    kernels = kernels_of(server)
    kernel_sizes = megabytes(kernels)
    each = sorted(busy([kernel]) for kernel in kernels)
    cpu = {"server": busy([server]) - server_before, "kernels": sum(each), "each": each}
    server_size = megabytes([server])
    await leave(base, pages, lid_shut)
    bound = LEFT_AFTER_SECONDS if lid_shut else CLOSED_SECONDS
    left, after = await kernels_left(server, bound, warm)
    return {
        "lesson": lesson,
        "times": sorted(times),
        "failures": failures,
        "hung": hung,
        "kernel_mb": kernel_sizes,
        "cpu": cpu,
        "all_mb": sum(kernel_sizes) + sum(server_size),
        "left": left,
        "after": after,
        "bound": bound,
        "lid_shut": lid_shut,
    }


def percentiles(times: list[float]) -> str:
    if len(times) < 2:
        return " ".join(f"{t:.1f}" for t in times) or "-"
    cuts = quantiles(times, n=10)
    return f"p10 {cuts[0]:.1f}  p50 {median(times):.1f}  p90 {cuts[-1]:.1f}  max {times[-1]:.1f}"


def report(result: dict, students: int) -> None:
    sizes = result["kernel_mb"]
    print(f"{result['lesson']}: {len(result['times'])}/{students} interactive")
    print(f"  seconds to interactive: {percentiles(result['times'])}")
    print(f"  failed: {len(result['failures'])}, hung: {len(result['hung'])}")
    cpu = result["cpu"]
    print(
        f"  CPU until the last was interactive: the server {cpu['server']:.1f} s, "
        f"the kernels {cpu['kernels']:.1f} s"
    )
    if cpu["each"]:  # a crowd whose kernels all rose together, or a few that rose alone
        least, most = cpu["each"][0], cpu["each"][-1]
        print(
            f"  CPU a kernel: least {least:.2f} s, median {median(cpu['each']):.2f} s, "
            f"most {most:.2f} s"
        )
    for failure in sorted(set(result["failures"] + result["hung"]))[:5]:
        print(f"  {failure}")
    if sizes:
        print(
            f"  memory: {median(sizes):.0f} MB a kernel (median, USS), "
            f"{result['all_mb']:.0f} MB in all with the server"
        )
    gone = f"all gone after {result['after']:.0f} s" if not result["left"] else "left"
    how = "without a word (the culler's)" if result["lid_shut"] else "with their shutdown request"
    print(f"  kernels {result['bound']} s after the pages closed {how}: {result['left']} ({gone})")


def summary(first: list[dict], rounds: list[tuple[dict, dict, dict]], students: int) -> None:
    """Every round's ratio, and the pages that failed or hung over all the crowds."""
    ratios = [ratio(before, lesson, after) for before, lesson, after in rounds]
    pages = [*first, rounds[0][0], *(result for _before, *rest in rounds for result in rest)]
    failed = sum(len(result["failures"]) for result in pages)
    hung = sum(len(result["hung"]) for result in pages)
    shown = ", ".join("-" if r is None else f"{r:.3f}" for r in ratios)
    met = all(r is not None and r <= GOAL for r in ratios) and not failed and not hung
    print(f"{len(rounds)} rounds x {students} students, {len(pages)} crowds: ", end="")
    print(f"{failed} failed, {hung} hung")
    print(f"ratio of medians, lesson / one widget, round by round: {shown}")
    verdict = "met" if met else "NOT met"
    print(f"goal, every round at most {GOAL} and no page failed or hung: {verdict}")


def ratio(before: dict, lesson: dict, after: dict) -> float | None:
    """The lesson's median time to interactive over the mean of the one-widget crowds' just
    before and after it."""
    if not (before["times"] and lesson["times"] and after["times"]):
        return None
    return median(lesson["times"]) / ((median(before["times"]) + median(after["times"])) / 2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--lesson", default=LESSON, help="the page the class opens")
    parser.add_argument("--max-kernels", type=int, help="as `mathcards serve --max-kernels`")
    parser.add_argument(
        "--warm",
        type=int,
        default=0,
        metavar="N",
        help="N warm kernels for each of the two pages (`mathcards serve --warm-kernels N`); "
        "0, the default: every kernel starts when its student asks",
    )
    parser.add_argument(
        "--rounds", type=int, default=1, metavar="N", help="the class comes N times (default 1)"
    )
    args = parser.parse_args()
    if not 1 <= args.students <= MAX_STUDENTS:
        parser.error(f"--students goes from 1 to {MAX_STUDENTS}")
    if args.rounds < 1:
        parser.error("--rounds is 1 or more")
    with tempfile.TemporaryDirectory() as scratch:
        folder = served_folder(Path(scratch) / "lessons")
        options = ["--max-kernels", str(args.max_kernels or args.students * 2)]
        if args.warm:
            options += ["--warm", ONE_WIDGET, args.lesson, "--warm-kernels", str(args.warm)]
        else:
            options += ["--warm", "none"]
        print(f"load average before: {load()}", flush=True)
        with serving(folder, Path(scratch), *options) as served:
            for page in (ONE_WIDGET, args.lesson) if args.warm else ():
                wait_until_warm(served.log, page, seconds=600)
            print(f"{args.students} students at once, on {os.cpu_count()} cores", flush=True)
            first, rounds = crowds(served.base, served.family, args)
        if args.rounds > 1:
            summary(first, rounds, args.students)
        print(f"load average after: {load()}", flush=True)


def crowds(
    base: str, server: psutil.Process, args: argparse.Namespace
) -> tuple[list[dict], list[tuple]]:
    """The server's first crowd of each page, then the rounds: the class opens the one-widget
    page, then the lesson and the one-widget page again, round after round, each crowd on a
    quiet machine (the warm kernels have run their pages, the pools are full again). Returned:
    the first crowds, and each round's crowds before, of and after its lesson."""
    print("the server's first crowds, in no ratio: it is cold", flush=True)
    first = [crowd_on_quiet(base, server, args, page) for page in (ONE_WIDGET, args.lesson)]
    floor = crowd_on_quiet(base, server, args, ONE_WIDGET)
    rounds = []
    for number in range(args.rounds):
        if args.rounds > 1:
            print(f"round {number + 1} of {args.rounds}", flush=True)
        lesson = crowd_on_quiet(base, server, args, args.lesson)
        last = number == args.rounds - 1
        after = crowd_on_quiet(base, server, args, ONE_WIDGET, lid_shut=last)
        if (found := ratio(floor, lesson, after)) is not None:
            alone = [ratio(one, lesson, one) for one in (floor, after)]
            print(
                f"ratio of medians, lesson / one widget (before and after): {found:.3f} "
                f"(goal: at most {GOAL}); to the crowd before alone {alone[0]:.3f}, "
                f"after alone {alone[1]:.3f}",
                flush=True,
            )
        rounds.append((floor, lesson, after))
        floor = after
    return first, rounds


def crowd_on_quiet(
    base: str, server: psutil.Process, args: argparse.Namespace, page: str, lid_shut: bool = False
) -> dict:
    """The class opens `page` at once, once the machine is quiet, and closes it (`leave`);
    printed and returned."""
    quiet(QUIET_SECONDS)
    print(f"load average: {load()}", flush=True)
    warm = 2 * args.warm  # both pages' pools, refilled
    result = asyncio.run(measure(base, server, page, args.students, warm, lid_shut))
    report(result, args.students)
    return result


if __name__ == "__main__":
    stop_cleanly()
    main()
