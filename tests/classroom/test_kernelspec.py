"""A lesson page's kernel: the notebook's kernel spec, ipykernel run as `widgets.kernel`
(without its debugger); a kernel that starts and answers, with no debugpy loaded, and announces
only the widgets a page must be told of (widgets/kernel.py)."""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import Iterator

import pytest
import zmq
from jupyter_client.blocking.client import BlockingKernelClient
from jupyter_client.manager import KernelManager

from mathcards.classroom.server.kernelspec import LessonKernelSpecs, lesson_argv
from tests.classroom.threaded import run_apart

IPYKERNEL = ["python", "-m", "ipykernel_launcher", "-f", "{connection_file}"]


def test_ipykernel_s_launcher_is_run_as_widgets_kernel_and_any_other_command_as_it_is():
    assert lesson_argv(IPYKERNEL) == ["python", "-m", "widgets.kernel", "-f", "{connection_file}"]
    own = ["/usr/bin/python3", "fragile.py", "once", "-f", "{connection_file}"]
    assert lesson_argv(own) == own
    assert lesson_argv(["ipykernel_launcher", "-m"]) == ["ipykernel_launcher", "-m"]
    assert lesson_argv([]) == []


@pytest.fixture
def specs(tmp_path, monkeypatch) -> LessonKernelSpecs:
    """The lesson kernel specs, finding only a `python3` spec as ipykernel installs it."""
    folder = tmp_path / "kernels" / "python3"
    folder.mkdir(parents=True)
    spec = {"argv": IPYKERNEL, "display_name": "Python 3", "language": "python"}
    (folder / "kernel.json").write_text(json.dumps({**spec, "metadata": {"debugger": True}}))
    monkeypatch.setenv("JUPYTER_PATH", str(tmp_path))
    return LessonKernelSpecs(kernel_dirs=[str(tmp_path / "kernels")])


def test_a_lesson_kernel_spec_runs_widgets_kernel_and_offers_no_debugger(specs):
    spec = specs.get_kernel_spec("python3")
    assert spec.argv[1:3] == ["-m", "widgets.kernel"]
    assert spec.metadata["debugger"] is False


@pytest.fixture
def lesson_kernel(specs, sockets) -> Iterator[tuple[KernelManager, BlockingKernelClient]]:
    """A lesson kernel, started and ready, with its client; shut down after the test."""
    manager = KernelManager(
        kernel_name="python3", kernel_spec_manager=specs, transport="ipc", ip=sockets
    )
    manager.start_kernel()
    client = manager.client()
    client.start_channels()
    try:
        client.wait_for_ready(timeout=60)
        yield manager, client
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


def printed_by(client: BlockingKernelClient, code: str) -> tuple[str, list[str]]:
    """`code` run in the kernel: its reply's status and what it printed."""
    printed: list[str] = []

    def output(message: dict) -> None:
        if message["msg_type"] == "stream":
            printed.append(message["content"]["text"])

    reply = client.execute_interactive(code, timeout=60, output_hook=output)
    return reply["content"]["status"], printed


@pytest.mark.server
def test_a_lesson_kernel_answers_and_loads_no_debugpy(lesson_kernel):
    manager, client = lesson_kernel
    assert manager.kernel_spec is not None
    assert manager.kernel_spec.argv[1:3] == ["-m", "widgets.kernel"]
    features = client.kernel_info(reply=True, timeout=60)["content"]["supported_features"]
    assert "debugger" not in features
    code = "import sys; print(sys.modules.get('debugpy', 'absent'))"
    assert printed_by(client, code) == ("ok", ["None\n"]), "debugpy was blocked: never loaded"


@pytest.mark.server
def test_a_lesson_kernel_keeps_no_history(lesson_kernel):
    """A page's cells are Voila's, hidden: nothing of them is written to the teacher's home,
    and no thread waits to write it."""
    _manager, client = lesson_kernel
    code = "h = get_ipython().history_manager; print(h.enabled, type(h.db).__name__, h.save_thread)"
    assert printed_by(client, code) == ("ok", ["False DummyDB None\n"])


PAGE = """import ipywidgets as w
shown = w.Output()
more = w.Button(description="More")


def clicked(button):
    button.description = "Less"
    w.IntSlider(description="made on a click")


more.on_click(clicked)
display(more)"""


def announced(messages: list[dict]) -> list[str]:
    """The widgets the kernel's messages announce (`comm_open`), by model."""
    opened = [m["content"]["data"] for m in messages if m["msg_type"] == "comm_open"]
    return sorted(data["state"]["_model_name"] for data in opened)


def asked_for_states(client: BlockingKernelClient) -> dict[str, dict]:
    """Every widget's state, asked for as a page's widget manager asks when it connects (the
    `jupyter.widget.control` comm's `request_states`), by model id."""
    control = uuid.uuid4().hex
    opening = {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}}
    protocol = {"version": "1.0.0"}  # ipywidgets' control protocol, as the page speaks it
    client.shell_channel.send(client.session.msg("comm_open", opening, metadata=protocol))
    asking = {"comm_id": control, "data": {"method": "request_states"}}
    request = client.session.msg("comm_msg", asking)
    client.shell_channel.send(request)
    told = [m for m in answering(client, request) if m["msg_type"] == "comm_msg"]
    [states] = [m["content"]["data"]["states"] for m in told]
    return states


def answering(client: BlockingKernelClient, request: dict) -> list[dict]:
    """What the kernel publishes while it answers `request`, until it is idle again."""
    messages: list[dict] = []
    while True:
        message = client.get_iopub_msg(timeout=60)
        if message["parent_header"].get("msg_id") != request["header"]["msg_id"]:
            continue
        if message["msg_type"] == "status" and message["content"]["execution_state"] == "idle":
            return messages
        messages.append(message)


@pytest.mark.server
def test_the_widgets_a_page_is_made_of_are_not_announced_but_those_a_click_makes_are(
    lesson_kernel,
):
    _manager, client = lesson_kernel
    made = client.session.msg("execute_request", {"code": PAGE, "silent": False})
    client.shell_channel.send(made)
    shown = answering(client, made)
    assert announced(shown) == ["OutputModel"], "Voila's executor captures an Output's display"
    view = next(m for m in shown if m["msg_type"] == "display_data")["content"]["data"]
    button = view["application/vnd.jupyter.widget-view+json"]["model_id"]
    states = asked_for_states(client)
    assert states[button]["state"]["description"] == "More", "the page gets every state it asks"
    assert sorted(s["model_name"] for s in states.values()) == [
        "ButtonModel",
        "ButtonStyleModel",
        "LayoutModel",
        "LayoutModel",
        "OutputModel",
    ]
    event = {"method": "custom", "content": {"event": "click"}}
    click = client.session.msg("comm_msg", {"comm_id": button, "data": event})
    client.shell_channel.send(click)
    answered = answering(client, click)
    assert announced(answered) == ["IntSliderModel", "LayoutModel", "SliderStyleModel"]
    redrawn = [
        m["content"]["data"]["state"]
        for m in answered
        if m["msg_type"] == "comm_msg" and m["content"]["comm_id"] == button
    ]
    assert redrawn == [{"description": "Less"}], "the page is told what a click changed"


COUNTING = """import ipywidgets as w
made = []
get_state = w.Widget.get_state


def counted(self, *args, **kwargs):
    made.append(self.model_id)
    return get_state(self, *args, **kwargs)


w.Widget.get_state = counted
shown = [w.Button(description=str(n)) for n in range(3)]
print(made)"""


@pytest.mark.server
def test_a_page_asking_for_every_state_gets_each_made_once(lesson_kernel):
    """A widget made while Voila runs the page makes no state until the page asks (ipywidgets
    makes it as the widget opens), and then once (ipywidgets 8.1 makes every state twice)."""
    _manager, client = lesson_kernel
    assert printed_by(client, COUNTING) == ("ok", ["[]\n"]), "no state made as widgets open"
    states = asked_for_states(client)
    assert len(states) == 9  # three buttons, each with its layout and its style
    code = "print(sorted(made) == sorted(w.widgets.widget._instances))"
    assert printed_by(client, code) == ("ok", ["True\n"]), "each state made once, to answer"
    code = "print(isinstance(vars(w.Widget)['get_manager_state'], staticmethod))"
    assert printed_by(client, code) == ("ok", ["True\n"]), "ipywidgets' own, as it was"


FOLLOWING = """import threading
import ipywidgets as w
get_state = w.Widget.get_state
follower_made = []


def follow():
    follower_made.append(None)
    follower_made[0] = w.Button()


def made_meanwhile(self, *args, **kwargs):
    if not follower_made:  # as a thread following the class makes a widget meanwhile
        thread = threading.Thread(target=follow)
        thread.start()
        thread.join()
    return get_state(self, *args, **kwargs)


shown = w.Button(description="first")
w.Widget.get_state = made_meanwhile"""


@pytest.mark.server
def test_a_widget_made_while_the_page_s_states_are_made_is_in_the_answer(lesson_kernel):
    """A live page's thread may make a widget while the kernel answers `request_states`: the
    answer holds it (ipywidgets walked its dictionary as it changed, and answered nothing)."""
    _manager, client = lesson_kernel
    assert client.execute_interactive(FOLLOWING, timeout=60)["content"]["status"] == "ok"
    states = asked_for_states(client)
    assert len(states) == 6  # two buttons, each with its layout and its style
    code = f"print(follower_made[0].model_id in {sorted(states)})"
    assert printed_by(client, code) == ("ok", ["True\n"])


@pytest.mark.server
def test_what_a_lesson_kernel_made_to_start_is_never_collected(lesson_kernel):
    """The kernel's start is frozen out of the garbage collector: a full collection goes over
    what a page makes, not the 50,000 objects the kernel is made of."""
    _manager, client = lesson_kernel
    code = "import gc; print(gc.get_freeze_count() > 10_000, len(gc.get_objects()) < 20_000)"
    assert printed_by(client, code) == ("ok", ["True True\n"])


@pytest.mark.server
def test_a_page_makes_no_widget_in_its_kernel(lesson_kernel):
    """A page's `comm_open` for a widget, with a 1 MB text in its state, makes no widget: the
    kernel closes that comm at once, and holds the widgets it had (issue #50)."""
    _manager, client = lesson_kernel
    count = "from ipywidgets.widgets.widget import _instances; print(len(_instances))"
    assert printed_by(client, "import ipywidgets as w; w.Text('mine')")[0] == "ok"
    _status, before = printed_by(client, count)
    comm = uuid.uuid4().hex
    state = {
        **{"_model_module": "@jupyter-widgets/controls", "_model_module_version": "2.0.0"},
        **{"_model_name": "TextModel", "_view_module": "@jupyter-widgets/controls"},
        **{"_view_module_version": "2.0.0", "_view_name": "TextView", "value": "x" * 2**20},
    }
    opening = {"comm_id": comm, "target_name": "jupyter.widget", "data": {"state": state}}
    request = client.session.msg("comm_open", opening, metadata={"version": "2.1.0"})
    client.shell_channel.send(request)
    closed = [m for m in answering(client, request) if m["msg_type"] == "comm_close"]
    assert [m["content"]["comm_id"] for m in closed] == [comm]
    assert printed_by(client, count)[1] == before, "no widget made"


class Stopping:
    """A kernel's control thread meeting its closed pipes, before or after a shutdown."""

    def __init__(self, shut_down: bool, errno: int) -> None:
        self._shutdown_message = {"msg_type": "shutdown_reply"} if shut_down else None
        self._control_lock = asyncio.Lock()
        self.errno = errno

    async def process_control(self, msg: object) -> None:
        raise zmq.ZMQError(self.errno)


def test_a_lesson_kernel_stops_without_a_traceback_but_keeps_every_other_error():
    from ipykernel.kernelbase import Kernel

    from widgets.kernel import quiet_as_it_stops

    quiet_as_it_stops()
    run_apart(Kernel.dispatch_control(Stopping(True, zmq.ENOTSOCK), {}))  # stopping: no word
    for before_shutdown_or_other in (Stopping(False, zmq.ENOTSOCK), Stopping(True, zmq.EAGAIN)):
        with pytest.raises(zmq.ZMQError):
            run_apart(Kernel.dispatch_control(before_shutdown_or_other, {}))
