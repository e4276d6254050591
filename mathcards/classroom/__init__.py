"""The classroom server behind `mathcards serve`: Voila, run in this process, so that stopping
it (Ctrl-C or SIGTERM to its PID) shuts down Voila and every kernel it started. The one place
in `mathcards/` that imports tornado, voila and jupyter_server; it never imports `widgets/`.

Its modules, read top-down:

- `address`: this server's names, the address students type, and its QR code.
- `clients`: who a request comes from (its device cookie, else its address), and `Throttle`.
- `refused`: the friendly page a request gets instead of a lesson, saying why, in the reader's
  language.
- `seats`: at most `max_kernels` pages at once ("the class is full"), at most a few a device,
  warm kernels, the culler.
- `gate`: the Host check and, on the school network, the class code (in the URL, then a
  cookie), wrong codes slowed, bodies capped, the code kept out of the log.
- `voila`: Voila with the gate and the seats, its signals and its pages' own shutdown request.
- `lessons`: where the lessons are (the wheel's copy, else the checkout's), and `mathcards
  lessons FOLDER`, a copy of them for a teacher to change.
- `cli`: the `serve` and `lessons` commands, which load no server until they serve.
- `hub`: on JupyterHub (deploy/), a student's server locked down to the lessons, and the class
  list (`mathcards class-list`): a password for each student.
"""

from __future__ import annotations

import sys

from mathcards.classroom.cli import TEMPLATES, add_commands, voila_command, warm_pages

__all__ = ["TEMPLATES", "add_commands", "serve", "voila_command", "warm_pages"]


def serve(argv: list[str] | None = None) -> None:
    """Run the classroom server in this process, with Voila's options `argv` (else this process's
    own): what `mathcards serve` runs, as `python -m mathcards.classroom LESSONS [OPTIONS]`."""
    from mathcards.classroom.voila import ClassroomVoila  # the server itself: only to serve

    ClassroomVoila.launch_instance(argv=sys.argv[1:] if argv is None else argv)
