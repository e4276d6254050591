"""Each kernel's activity, watched as jupyter_server watches it (every message on its IOPub
channel is activity; a status message sets its execution state), at a fraction of the cost:
only a message's header and parent header are read, and its content only for a status message,
where jupyter_server's watcher reads every message's metadata and parses each date in it (a
large share of the server's CPU a page of *The target game in class*, in py-spy). A message
whose signature is wrong is not activity.

What a kernel does (started, interrupted, shut down) jupyter_server tells an event logger: one
for all the kernels (`OneEventLogger`), where jupyter_server makes one a kernel and parses and
checks its events' schema for each (a share of the server's CPU as a class of 30 arrives, in
py-spy)."""

from __future__ import annotations

import hmac
import json
from typing import Any, cast

from jupyter_client.session import Session
from jupyter_events import EventLogger
from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import (
    AsyncMappingKernelManager,
    ServerKernelManager,
)
from traitlets import default

EVENT_LOGGERS: list[EventLogger] = []  # the one every kernel's manager shares, once made


class OneEventLogger(ServerKernelManager):
    """jupyter_server's manager of one kernel, telling the event logger all kernels share."""

    @default("event_logger")
    def _one_event_logger(self) -> EventLogger:
        if not EVENT_LOGGERS:
            EVENT_LOGGERS.append(super()._default_event_logger())
        return EVENT_LOGGERS[0]


class WatchedKernels(AsyncMappingKernelManager):
    """jupyter_server's kernels, their activity watched by `Activity`, their events told to
    one event logger (`OneEventLogger`)."""

    @default("kernel_manager_class")
    def _one_event_logger_each(self) -> str:
        return f"{OneEventLogger.__module__}.{OneEventLogger.__name__}"

    def start_watching_activity(self, kernel_id: str) -> None:
        kernel = self._kernels[kernel_id]
        kernel.reason = ""
        kernel.last_activity = utcnow()
        kernel._activity_stream = kernel.connect_iopub()
        kernel._activity_stream.on_recv(Activity(self, kernel))


class Activity:
    """What a kernel's IOPub messages say of its activity (`WatchedKernels`)."""

    def __init__(self, kernels: WatchedKernels, kernel: Any) -> None:
        self.kernels, self.kernel = kernels, kernel
        self.session = Session(config=kernel.session.config, key=kernel.session.key)

    def __call__(self, frames: list[bytes]) -> None:
        _, framed = self.session.feed_identities(frames)
        message = cast(list[bytes], framed)  # on_recv copies each frame: bytes
        if len(message) < 5 or not self.signed(message):
            return
        kind = json.loads(message[1]).get("msg_type")
        parent = json.loads(message[2]).get("msg_type")
        kernels, kernel = self.kernels, self.kernel
        tracked = kernels.track_message_type(kind) or kernels.track_message_type(parent)
        if tracked or kernel.execution_state == "busy":
            kernels.last_kernel_activity = kernel.last_activity = utcnow()
        if kind == "status":
            state = json.loads(message[4]).get("execution_state")
            if kernels.track_message_type(parent):
                kernel.execution_state = state
            elif kernel.execution_state == "starting" and state != "starting":
                kernel.execution_state = "idle"  # as jupyter_server: idle once started

    def signed(self, message: list[bytes]) -> bool:
        """Whether the message carries the signature of the kernel's key (or needs none)."""
        if self.session.auth is None:
            return True
        return hmac.compare_digest(message[0], self.session.sign(message[1:5]))
