"""A lesson page's kernel: the notebook's kernel spec, ipykernel run as `widgets.kernel`
(without its debugger); a kernel that starts and answers, with no debugpy loaded."""

from __future__ import annotations

import json

import pytest
from jupyter_client.manager import KernelManager

from mathcards.classroom.server.kernelspec import LessonKernelSpecs, lesson_argv

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


@pytest.mark.server
def test_a_lesson_kernel_answers_and_loads_no_debugpy(specs):
    manager = KernelManager(kernel_name="python3", kernel_spec_manager=specs)
    manager.start_kernel()
    client = manager.client()
    client.start_channels()
    printed: list[str] = []

    def output(message: dict) -> None:
        if message["msg_type"] == "stream":
            printed.append(message["content"]["text"])

    try:
        client.wait_for_ready(timeout=60)
        assert manager.kernel_spec is not None
        assert manager.kernel_spec.argv[1:3] == ["-m", "widgets.kernel"]
        features = client.kernel_info(reply=True, timeout=60)["content"]["supported_features"]
        assert "debugger" not in features
        code = "import sys; print(sys.modules.get('debugpy', 'absent'))"
        reply = client.execute_interactive(code, timeout=60, output_hook=output)
        assert reply["content"]["status"] == "ok"
        assert printed == ["None\n"], "debugpy was never loaded: it is blocked"
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)
