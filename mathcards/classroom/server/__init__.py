"""The classroom server behind `mathcards serve`: Voila, run in this process, so that stopping
it (Ctrl-C or SIGTERM to its PID) shuts down Voila and every kernel it started. Its modules,
read top-down:

- `address`: this server's names, the address students type, and its QR code.
- `codes`: the class code and the teacher's code. `capacity`: how many pages this machine holds,
  and how many warm kernels a class is kept.
- `clients`: who a request comes from (its device cookie, else its address), and `Throttle`.
- `refused`: the friendly page a request gets instead of a lesson, saying why, in the reader's
  language.
- `alive`: a page that never hangs (a kernel that dies while starting is replaced, else the
  page says to reload) and never dies in silence (the words it says when its connection drops).
- `pools`: warm kernels that never slow the page being opened (a pool's kernel starts only
  when no page is being made).
- `seats`: at most `max_kernels` pages at once ("the class is full"), at most a few a device,
  warm kernels, the culler; each page's kernel handed its ticket.
- `gate`: the Host check and, on the school network, the class code (in the URL, then a
  cookie), wrong codes slowed, bodies capped, the code kept out of the log.
- `assets`, `formulas`: what a page loads, and for how long; the lessons' TeX as MathML.
- `voila`: Voila with the gate, the seats and the class service's calls, its signals and its
  pages' own shutdown request.
- `lessons`: where the lessons are (the wheel's copy, else the checkout's), and `mathcards
  lessons FOLDER`, a copy of them for a teacher to change.
- `cli`: the `serve` and `lessons` commands, which load no server until they serve.

`address`, `codes`, `capacity`, `lessons` and `cli` load no server: the command line and the
pages' kernels import them.
"""
