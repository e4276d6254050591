"""The class service, as the pages' kernels reach it over HTTP on this machine (on the Hub: in
the cluster). A kernel never holds the class book: it holds a ticket for its browser.

- `classservice`: `ClassService`, the class book written from one thread of its own, and what
  each of the kernels' calls does to it.
- `tickets`: a ticket for each page's kernel, naming its browser (a teacher's for the teacher's
  pages).
- `calls`: `KernelCall`, the one handler every call is, and the one table from a refusal to its
  HTTP status.
- `book`: the class book's calls (who this browser is, joining, practice sets and their steps,
  games, decisions), under /mathcards/api/.
"""
