"""The kernel a lesson page gets: the notebook's own kernel spec, but where it runs ipykernel's
launcher, `widgets.kernel` runs instead (ipykernel without its debugger, which no page
uses). Voila takes it as its `kernel_spec_manager_class` (`voila_command`)."""

from __future__ import annotations

from jupyter_client.kernelspec import KernelSpec, KernelSpecManager

LAUNCHER = ("-m", "ipykernel_launcher")  # how a kernel spec runs ipykernel
LESSON_KERNEL = ("-m", "widgets.kernel")  # and how a lesson page's kernel is run instead


class LessonKernelSpecs(KernelSpecManager):
    """Kernel specs as found, each running ipykernel through `widgets.kernel`."""

    def get_kernel_spec(self, kernel_name: str) -> KernelSpec:
        spec = super().get_kernel_spec(kernel_name)
        spec.argv = lesson_argv(spec.argv)
        spec.metadata = {**spec.metadata, "debugger": False}
        return spec


def lesson_argv(argv: list[str]) -> list[str]:
    """A kernel's command, with ipykernel's launcher (`-m ipykernel_launcher`) run as
    `-m widgets.kernel`; any other command as it is."""
    for at in range(len(argv) - 1):
        if tuple(argv[at : at + 2]) == LAUNCHER:
            return [*argv[:at], *LESSON_KERNEL, *argv[at + 2 :]]
    return list(argv)
