"""The classroom server behind `mathcards serve`, and the class service its pages' kernels
call. The one place in `mathcards/` that imports tornado, voila and jupyter_server; it never
imports `widgets/`. One package a concern:

- `server/`: Voila in this process, the gate, the seats, the clients, the assets, the formulas,
  the refusals page, the class address and its QR code, the lessons, `serve` and `lessons`.
- `protocol`: what passes between a page's kernel and the class service (no server in it: the
  kernels' client, widgets/book.py and widgets/live.py, imports it too).
- `service/`: the kernels' calls (one handler, one table from a refusal to its HTTP status),
  the tickets, the class book's calls.
- `live/`: a class plays live: the event log, the changes in the writer thread, the long-poll,
  then one module a game (`mam`, `lama_dice`).
- `teacher/`: the teacher's page, from its template, and its reports.
- `hub/`: on JupyterHub (deploy/), the class service as a Hub service, a student's server locked
  down to the lessons, and the class list (`mathcards class-list`).

Here: `serve`, and what the root command needs (its parser loads no server). The design:
docs/design.md#the-class-service.
"""

from __future__ import annotations

import sys

from mathcards.classroom.server.cli import TEMPLATES, add_commands, voila_command, warm_pages

__all__ = ["TEMPLATES", "add_commands", "serve", "voila_command", "warm_pages"]


def serve(argv: list[str] | None = None) -> None:
    """Run the classroom server in this process, with Voila's options `argv` (else this process's
    own): what `mathcards serve` runs, as `python -m mathcards.classroom LESSONS [OPTIONS]`."""
    # Voila and jupyter_server take 3 s to import: only to serve, never to build the parser
    from mathcards.classroom.server.voila import ClassroomVoila

    ClassroomVoila.launch_instance(argv=sys.argv[1:] if argv is None else argv)
