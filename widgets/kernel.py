"""The kernel a served lesson page runs in: ipykernel's, without its debugger, and without
announcing the widgets its page is made of. Run as `python -m widgets.kernel -f
CONNECTION_FILE`, ipykernel's own arguments (mathcards.classroom.server.kernelspec names it in
the kernel's spec).

- No debugger: a page served by Voila is never debugged, and ipykernel's debugger loads debugpy
  into every kernel, about 140 modules (`mathcards serve` starts one a page: 30 at once when a
  class arrives).
- No `comm_open` for a widget made while Voila runs the page (the `execute_request`s, which only
  Voila sends: its pages may not). No browser is connected yet; when the page connects, its
  widget manager asks for every widget's state at once (`request_states`) and needs no
  announcement. Announced, the class lesson's 94 widgets cost its kernel and the server CPU
  on every page (docs/design.md#few-models-for-a-phone). An Output widget is still
  announced: Voila's executor stands in for the page and captures what is shown in it. A widget
  made later, as a student clicks, is announced as ever.
- A widget made unannounced opens its comm without its state: made then, it would be sent
  nowhere, and it is about half of what making a widget costs. Its layout and style are made
  with it, unannounced too, as making its state would have made them.
- Every widget's state is made once, when the page asks (`request_states`): ipywidgets 8.1 first
  makes them all for nothing (`Widget.get_manager_state()`, its result unused), then again for
  the answer. The answer holds every widget there is, one made meanwhile (by a thread following
  the class) too: ipywidgets walks its own dictionary of widgets as it changes.
- No widget made by the page: a `comm_open` from the page for a widget is closed at once
  (`page_makes_no_widget`). Only the kernel makes a lesson's widgets.
- No IPython history: a page's code is Voila's, hidden, and never recalled. Kept, every
  kernel of a class wrote every cell to the one `history.sqlite` in the teacher's home, 30 of
  them at once, each on a thread of its own.
- Quiet as it stops: after a `shutdown_request`, the control thread's last flush may meet the
  IOPub pipes the main thread has just closed (ipykernel 7's race, its PR #1518 mends one
  path); the `ZMQError` it raises then would print a traceback into the teacher's terminal.
  Nothing is left to send to, so that error is dropped, and only while stopping.
- What the kernel made as it started is frozen out of the garbage collector (`gc.freeze`): a
  full collection while the class lesson made its first table went over all of it and found
  nothing to free.
"""

import gc
import sys
from typing import Any

import zmq

sys.modules["debugpy"] = None  # type: ignore[assignment]  # ipykernel: no debugpy, no debugger
# ipykernel after the line above: it looks for debugpy as it loads
from ipykernel import kernelapp  # noqa: E402
from ipykernel.comm.comm import BaseComm  # noqa: E402
from ipykernel.kernelbase import Kernel  # noqa: E402
from ipywidgets import Widget, __protocol_version__, register_comm_target  # noqa: E402
from ipywidgets import comm as widget_comms  # noqa: E402
from ipywidgets.widgets.widget import _instances, _remove_buffers  # noqa: E402
from traitlets.config import Config  # noqa: E402

QUIET_WHILE = "execute_request"  # the requests during which a new widget is not announced
ANNOUNCED_ALWAYS = "OutputModel"  # Voila's executor captures what an Output widget shows
MADE_WITH_STATE = ("layout", "style")  # the widgets a widget makes as its state is first made


def quiet(parent: dict[str, Any]) -> bool:
    """Whether a widget made while the kernel answers `parent` goes unannounced."""
    return bool(parent.get("header", {}).get("msg_type") == QUIET_WHILE)


def announced(kind: str, data: dict[str, Any] | None, parent: dict[str, Any]) -> bool:
    """Whether a comm message of `kind`, sent while answering `parent`, goes to the page."""
    if kind != "comm_open" or not quiet(parent):
        return True
    return (data or {}).get("state", {}).get("_model_name") == ANNOUNCED_ALWAYS


def announce_only_what_the_page_needs() -> None:
    """ipykernel's comms skip the announcements `announced` refuses."""
    publish = BaseComm.publish_msg

    def publish_msg(self: BaseComm, msg_type: str, data: Any = None, *args: Any, **kw: Any) -> None:
        if self.kernel is None and Kernel.initialized():
            self.kernel = Kernel.instance()  # as ipykernel's does: ipywidgets sends only with one
        parent = self.kernel.get_parent() if self.kernel is not None else {}
        if announced(msg_type, data, parent):
            publish(self, msg_type, data, *args, **kw)

    BaseComm.publish_msg = publish_msg  # type: ignore[method-assign]


def unannounced(widget: Widget) -> bool:
    """Whether `widget`, opening now, goes unannounced (Voila is running its page)."""
    if widget._model_name == ANNOUNCED_ALWAYS or not Kernel.initialized():
        return False
    return quiet(Kernel.instance().get_parent())


def open_without_state() -> None:
    """A widget that goes unannounced opens its comm with no state, its layout and style made."""
    open_announced = Widget.open

    def open(self: Widget) -> None:
        if self.comm is not None or not unannounced(self):
            open_announced(self)
            return
        for name in MADE_WITH_STATE:
            if self.has_trait(name):
                getattr(self, name)
        opening = {"comm_id": self._model_id} if self._model_id else {}
        self.comm = widget_comms.create_comm(
            target_name="jupyter.widget",
            data={"state": {}, "buffer_paths": []},
            metadata={"version": __protocol_version__},
            **opening,
        )

    Widget.open = open


def every_state() -> dict[str, dict[str, Any]]:
    """Every widget's state, as `request_states` answers it, each made once; a widget made
    while they are made is in too."""
    states: dict[str, dict[str, Any]] = {}
    while fresh := [w for key, w in list(_instances.items()) if key not in states]:
        for widget in fresh:
            states[widget.model_id] = {
                "model_name": widget._model_name,
                "model_module": widget._model_module,
                "model_module_version": widget._model_module_version,
                "state": widget.get_state(drop_defaults=False),
            }
    return states


def states_made_once() -> None:
    """ipywidgets answers `request_states` with `every_state`, anything else as ever."""
    handle = Widget._handle_control_comm_msg.__func__

    def _handle_control_comm_msg(cls: type[Widget], msg: dict[str, Any]) -> None:
        if cls._control_comm is None or msg["content"]["data"].get("method") != "request_states":
            handle(cls, msg)
            return
        states, buffer_paths, buffers = _remove_buffers(every_state())
        answer = {"method": "update_states", "states": states, "buffer_paths": buffer_paths}
        cls._control_comm.send(answer, buffers=buffers)

    Widget._handle_control_comm_msg = classmethod(_handle_control_comm_msg)


def page_makes_no_widget(comm: BaseComm, message: dict[str, Any]) -> None:
    """A page that opens a widget's comm makes no widget here: its comm is closed at once.
    Every widget of a lesson is made by its kernel; one a page could make would hold whatever
    state it sent, as long as the kernel lives (thirty 5 MB texts took a kernel from 44 MB to
    214 MB)."""
    comm.close()


def stopping(kernel: Kernel, error: Exception) -> bool:
    """Whether `error` is only the kernel's closed pipes meeting its last flush as it stops."""
    closed = isinstance(error, zmq.ZMQError) and error.errno == zmq.ENOTSOCK
    return closed and kernel._shutdown_message is not None


def quiet_as_it_stops() -> None:
    """A control request that meets the closed pipes after a shutdown ends without a word."""
    dispatch = Kernel.dispatch_control

    async def dispatch_control(self: Kernel, msg: Any) -> None:
        try:
            await dispatch(self, msg)
        except Exception as error:
            if not stopping(self, error):
                raise

    Kernel.dispatch_control = dispatch_control  # type: ignore[method-assign]


def main() -> None:
    """ipykernel's `launch_new_instance`, with the widgets' comm targets registered once the
    kernel is made (ipywidgets registers them as it is imported, here before there is one)."""
    announce_only_what_the_page_needs()
    open_without_state()
    states_made_once()
    quiet_as_it_stops()
    app = kernelapp.IPKernelApp.instance(config=Config({"HistoryManager": {"enabled": False}}))
    app.initialize()
    register_comm_target()
    widget_comms.get_comm_manager().register_target("jupyter.widget", page_makes_no_widget)
    gc.freeze()  # what the kernel made to start lives as long as it: never worth collecting
    app.start()


if __name__ == "__main__":
    main()
