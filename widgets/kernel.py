"""The kernel a served lesson page runs in: ipykernel's, without its debugger, and without
announcing the widgets its page is made of. Run as `python -m widgets.kernel -f
CONNECTION_FILE`, ipykernel's own arguments (mathcards.classroom.server.kernelspec names it in
the kernel's spec).

- No debugger: a page served by Voila is never debugged, and ipykernel's debugger loads debugpy
  into every kernel, about 140 modules and 0.1 s of CPU each (`mathcards serve` starts one a
  page: 30 at once when a class arrives).
- No `comm_open` for a widget made while Voila runs the page (the `execute_request`s, which only
  Voila sends: its pages may not). No browser is connected yet; when the page connects, its
  widget manager asks for every widget's state at once (`request_states`) and needs no
  announcement. Announced, the class lesson's 94 widgets cost its kernel and the server about
  0.1 s of CPU a page (docs/design.md#few-models-for-a-phone). An Output widget is still
  announced: Voila's executor stands in for the page and captures what is shown in it. A widget
  made later, as a student clicks, is announced as ever.
- Every widget's state made once for the page's `request_states`: ipywidgets 8.1 first makes
  them all for nothing (`Widget.get_manager_state()`, its result unused), then again for the
  answer; the class lesson's kernel spent 8 ms of its answer's 22 on the first (measured).
- What the kernel made as it started is frozen out of the garbage collector (`gc.freeze`): a
  full collection while the class lesson made its first table went over all of it and found
  nothing to free, 15 to 21 ms (measured with `gc.callbacks` in a lesson kernel).
"""

import gc
import sys
from typing import Any

sys.modules["debugpy"] = None  # type: ignore[assignment]  # ipykernel: no debugpy, no debugger
# ipykernel after the line above: it looks for debugpy as it loads
from ipykernel import kernelapp  # noqa: E402
from ipykernel.comm.comm import BaseComm  # noqa: E402
from ipykernel.kernelbase import Kernel  # noqa: E402
from ipywidgets import Widget, register_comm_target  # noqa: E402

QUIET_WHILE = "execute_request"  # the requests during which a new widget is not announced
ANNOUNCED_ALWAYS = "OutputModel"  # Voila's executor captures what an Output widget shows


def announced(kind: str, data: dict[str, Any] | None, parent: dict[str, Any]) -> bool:
    """Whether a comm message of `kind`, sent while answering `parent`, goes to the page."""
    if kind != "comm_open" or parent.get("header", {}).get("msg_type") != QUIET_WHILE:
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


def states_made_once() -> None:
    """ipywidgets answers `request_states` as ever, without its unused `get_manager_state()`."""
    handle = Widget._handle_control_comm_msg.__func__

    def _handle_control_comm_msg(cls: type[Widget], msg: dict[str, Any]) -> None:
        made = vars(Widget)["get_manager_state"]  # the staticmethod itself, put back as it was
        Widget.get_manager_state = staticmethod(unused)
        try:
            handle(cls, msg)
        finally:
            Widget.get_manager_state = made

    Widget._handle_control_comm_msg = classmethod(_handle_control_comm_msg)


def unused(*args: Any, **kwargs: Any) -> dict[str, Any]:
    """What `request_states` does with the manager's state: nothing."""
    return {}


def main() -> None:
    """ipykernel's `launch_new_instance`, with the widgets' comm targets registered once the
    kernel is made (ipywidgets registers them as it is imported, here before there is one)."""
    announce_only_what_the_page_needs()
    states_made_once()
    app = kernelapp.IPKernelApp.instance()
    app.initialize()
    register_comm_target()
    gc.freeze()  # what the kernel made to start lives as long as it: never worth collecting
    app.start()


if __name__ == "__main__":
    main()
