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

It imports nothing itself: a kernel that imports `protocol` loads no server and no CLI.
`python -m mathcards.classroom` serves (`__main__`). The design:
docs/design.md#the-class-service.
"""
