"""Tables of students in the class service (docs/design.md#tables-in-the-class-service): the
teacher starts a sitting (a game, its tables made from the students in the room), each student
plays at their own table from their page, the projector shows every table and the class's
debrief.

- `views`: what the pages are sent, made as each change is kept.
- `room`: `PlayRoom`, the sitting in memory and in the class book, in the writer thread.
- `keeper`: `TableKeeper`, the long-polls, who is here (a page that stops asking is away), and
  the moves the tables make by themselves, on the server's clock.
- `calls`: the calls of the students' and the teacher's pages, and their routes.
"""
