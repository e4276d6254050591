"""The kernel a served lesson page runs in: ipykernel's, without its debugger. A page served by
Voila is never debugged, and ipykernel's debugger loads debugpy into every kernel, about
140 modules and 0.1 s of CPU each (`mathcards serve` starts one a page: 30 at once when a
class arrives). Run as `python -m widgets.kernel -f CONNECTION_FILE`, ipykernel's own
arguments (mathcards.classroom.server.kernelspec names it in the kernel's spec)."""

import sys

if __name__ == "__main__":
    sys.modules["debugpy"] = None  # type: ignore[assignment]  # ipykernel: no debugpy, no debugger
    from ipykernel import kernelapp  # after the line above: ipykernel looks for debugpy as it loads

    kernelapp.launch_new_instance()
