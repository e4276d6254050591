"""A kernel's activity, as the server's lean watcher reads it from IOPub messages, is what
jupyter_server's own watcher makes of the same messages: the same execution state, activity
recorded for the same messages; a message signed with another key is no activity."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from jupyter_client.session import Session
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

from mathcards.classroom.server.activity import WatchedKernels

KEY = b"the kernel's key"
KINDS = ["status", "stream", "comm_msg", "comm_open", "display_data", "execute_input"]
PARENTS = ["execute_request", "comm_msg", "kernel_info_request", "comm_info_request", None]
STATES = ["busy", "idle", "starting"]


class Stream:
    def on_recv(self, callback) -> None:
        self.callback = callback


def watched(kernels: AsyncMappingKernelManager, watch) -> SimpleNamespace:
    """A kernel stub with the key KEY, `kernels`' watcher (`watch`) on its IOPub stream."""
    stream = Stream()
    kernel = SimpleNamespace(session=Session(key=KEY), connect_iopub=lambda: stream)
    kernels._kernels["k"] = kernel
    watch(kernels, "k")
    kernel.hear = stream.callback
    return kernel


def message(kind: str, parent: str | None, state: str, key: bytes = KEY) -> list[bytes]:
    session = Session(key=key)
    parent_header: dict[str, Any] = {} if parent is None else session.msg_header(parent)
    content = {"execution_state": state} if kind == "status" else {"data": {}}
    sent = session.msg(kind, content=content, parent=parent_header)
    return [bytes(frame) for frame in session.serialize(sent)]


def heard(kernel: SimpleNamespace, frames: list[bytes]) -> tuple[str, bool]:
    """The kernel's execution state once it has heard `frames`, and whether that was activity."""
    kernel.last_activity = None
    kernel.hear(list(frames))
    return kernel.execution_state, kernel.last_activity is not None


@given(
    st.lists(st.tuples(st.sampled_from(KINDS), st.sampled_from(PARENTS), st.sampled_from(STATES)))
)
def test_the_lean_watcher_reads_every_message_as_jupyter_server_does(messages):
    ours = watched(WatchedKernels(), WatchedKernels.start_watching_activity)
    theirs = watched(AsyncMappingKernelManager(), AsyncMappingKernelManager.start_watching_activity)
    for kernel in (ours, theirs):
        kernel.execution_state = "starting"
    for sent in messages:
        frames = message(*sent)
        assert heard(ours, frames) == heard(theirs, frames), sent


def test_a_message_signed_with_another_key_is_no_activity():
    kernel = watched(WatchedKernels(), WatchedKernels.start_watching_activity)
    kernel.execution_state = "idle"
    forged = message("status", "execute_request", "busy", key=b"another key")
    assert heard(kernel, forged) == ("idle", False)
    assert heard(kernel, message("status", "execute_request", "busy")) == ("busy", True)


KERNEL_ACTIONS = "https://events.jupyter.org/jupyter_server/kernel_actions/v1"


def test_every_kernel_tells_one_event_logger_the_kernel_actions_schema_read_once():
    kernels = WatchedKernels()
    first, second = (kernels.kernel_manager_factory() for _ in range(2))
    assert first.event_logger is second.event_logger
    assert KERNEL_ACTIONS in first.event_logger.schemas.schema_ids
    assert WatchedKernels().kernel_manager_factory().event_logger is first.event_logger
