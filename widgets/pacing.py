"""The pacing of computer moves, one loop for every game's table: the computer players move one
at a time, a pause apart so a class can follow each move, until a person is to move."""

from __future__ import annotations

from collections.abc import Callable

from widgets.controls import Alarm, Clock, trouble


class Pacing:
    """Computer players' moves, `pause` seconds apart (all at once with no pause).

    The table says whether a computer player is to move, makes one computer move, and renders;
    `start()` after each of your moves, `stop()` for a new game. An error in a computer's move
    goes to `complain`, and the computers stop there."""

    def __init__(
        self,
        clock: Clock,
        pause: float,
        *,
        computer_to_move: Callable[[], bool],
        move: Callable[[], None],
        render: Callable[[], None],
        complain: Callable[[str], None],
    ) -> None:
        self.alarm, self.pause = Alarm(clock), pause
        self.computer_to_move, self.move = computer_to_move, move
        self.render, self.complain = render, complain

    @property
    def busy(self) -> bool:
        """A computer move is waiting for its pause: your buttons wait too."""
        return self.alarm.waiting

    def start(self) -> None:
        """Computer moves until it is a person's move (or the round ends), then render."""
        self.alarm.stop()
        while self.computer_to_move():
            if self.pause > 0:
                self.alarm.set(self.pause, self._step)
                break
            self.move()
        self.render()

    def stop(self) -> None:
        """Forget the computer move waiting for its pause."""
        self.alarm.stop()

    def _step(self) -> None:
        """After the pause: one computer move, then wait for the next."""
        try:
            if self.computer_to_move():
                self.move()
        except Exception as problem:  # a bug must still reach the page
            self.complain(trouble(problem))
            return
        self.start()
