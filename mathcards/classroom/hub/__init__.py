"""mathcards on JupyterHub (deploy/): what a student's server serves, and who logs in.

- `lockdown`: the Jupyter server extension of a student's server: the lessons through Voila and
  nothing else (no JupyterLab, no terminal, no contents or kernels API, no code sent to a
  page's kernel).
- `classlist`: every student's own password, kept by the Hub only as a hash (the class list),
  and `mathcards class-list`, which makes them.
- `login`: the Hub's authenticator that checks them (imported by the Hub only: it needs
  JupyterHub).
- `service`: the class service as one of the Hub's services (run in the Hub's image): the
  kernels' calls, each by its server's token, and the teacher's page, for the Hub's admins.
- `alive`: the kernel manager of a student's server (the laptop's `AliveKernels`), which tells
  the class service whose pages are there; `pages`: the service's call that is told so.
"""
