"""A practice set as the class book keeps it: the set, its steps in order, its end. What the
book could not keep waits on the page and goes, in order, with the next step; a set begun while
the book could not be reached goes in whole once it can, after the sets before it
(docs/design.md#a-game-replayed)."""

from __future__ import annotations

from collections.abc import Callable

from mathcards.classroom.protocol.book import PracticeView, SetBody, StepBody
from widgets.book import BookBar, BookRefused, ClassBook, Kept

MOST_UNKEPT = 1_000  # steps of one set waiting for the book; beyond, the book keeps a prefix


class KeptSet(Kept):
    """The practice set on the page and what the class book has kept of it: a set `begun` or
    come `back`, each `step` in order, its end (`ended`); `catch_up` sends what is not kept."""

    def __init__(self, bar: BookBar) -> None:
        super().__init__(bar)
        self.id: int | None = None  # the set's number in the class book, once kept
        self.begun_as: SetBody | None = None  # the set begun, until the book has kept it
        self.unkept: list[StepBody] = []  # its steps the book has not kept yet, in order
        self.over = False  # the set is finished on the page
        self.closed = False  # and the class book knows it

    def begun(self, body: SetBody) -> None:
        """A new set is on the page."""
        self.put_behind()
        self._on_page(None, body)
        self.catch_up()

    def back(self, kept: PracticeView) -> None:
        """The set `kept` in the class book is on the page again, where it was left."""
        self._on_page(kept["id"], None)

    def _on_page(self, set_id: int | None, begun_as: SetBody | None) -> None:
        self.id, self.begun_as = set_id, begun_as
        self.unkept, self.over, self.closed = [], False, False

    def step(self, step: StepBody) -> None:
        """One step of the set was made on the page."""
        if self.bar.book is not None and len(self.unkept) < MOST_UNKEPT:
            self.unkept.append(step)
        self.catch_up()

    def ended(self) -> None:
        """The set is finished on the page."""
        self.over = True
        self.catch_up()

    def owing(self) -> bool:
        return (
            (self.id is None and self.begun_as is not None)
            or bool(self.unkept)
            or (self.over and not self.closed)
        )

    def keep(self) -> bool:
        """The set, then its steps in order, then its end."""
        begun_as = self.begun_as
        if self.id is None and begun_as is not None:
            self.id = self.bar.save(lambda book: book.start_set(**begun_as))
        while self.id is not None and self.unkept:
            try:
                if self.bar.save(self._next_step(self.id), refusable=True) is None:
                    return False
            except BookRefused:
                pass  # never kept as it is (the bar says why): the steps after it go on
            self.unkept.pop(0)
        if self.id is not None and self.over and not self.closed:
            self.closed = self.bar.save(self._close(self.id)) is not None
        return not self.owing()

    def _next_step(self, set_id: int) -> Callable[[ClassBook], int]:
        """The call that keeps the first step not kept yet."""
        step = self.unkept[0]
        return lambda book: book.record_step(set_id, **step)

    @staticmethod
    def _close(set_id: int) -> Callable[[ClassBook], bool]:
        """The call that tells the class book the set is finished (True once it is kept)."""

        def close(book: ClassBook) -> bool:
            book.finish_set(set_id)
            return True

        return close
