"""What every live game shares: its phases, its refusals, and its room (students come in by their
class book nickname; the teacher may lock the room and take someone out; whoever comes back is
the same player as before). The phases and the refusals are what the class service sends a
page (`mathcards.classroom.protocol` re-exports them): string enums, the strings on the wire."""

from __future__ import annotations

from enum import StrEnum

from mathcards.i18n import _


class Phase(StrEnum):
    """Where a live game is: a round (MAM!) or a question (LAMA Dice) at a time."""

    LOBBY = "lobby"  # students join; no round yet
    OPEN = "open"  # a round takes answers
    PAUSED = "paused"  # a round waits for the teacher
    CLOSED = "closed"  # a round takes no more answers (its time is up)
    REVEALED = "revealed"  # a round's answers are shown to the class
    OVER = "over"  # the podium


class Refusal(StrEnum):
    """Why a live game refuses a call: the key a page says in its own language."""

    LOCKED = "locked"  # the teacher has locked the room
    NOT_JOINED = "not-joined"  # not in the room
    REMOVED = "removed"  # the teacher took them out of the room
    NO_GAME = "no-game"  # the teacher has not started one
    OVER = "over"  # the game is over
    NO_ROUND = "no-round"  # no round (MAM!) or question (LAMA Dice) is open
    ROUND_OPEN = "round-open"  # one is still open
    ALL_PLAYED = "all-played"  # every round of the game has been played
    PAUSED = "paused"
    NOT_PAUSED = "not-paused"
    ALREADY_RIGHT = "already-right"  # MAM!: this student made the target this round
    HAD_CLAIM = "had-claim"  # MAM!: this student has had their claim this round
    TOO_MANY = "too-many"  # this student has sent as many answers (guesses) as a round takes
    BAD_GUESS = "bad-guess"  # LAMA Dice: not a chance, nor roll or quit
    NOT_REVEALED = "not-revealed"  # LAMA Dice: the dice roll once the answer is out
    NO_CHANCE = "no-chance"  # LAMA Dice: roll or quit is a choice, not rolled for
    TEAM_CLAIMED = "team-claimed"  # teams: a teammate has claimed this round (detail: who)
    NOT_IN_TEAM = "not-in-team"  # teams: a claim for a team the student is not in
    TEAM_SIZE = "team-size"  # teams: a team is 2 to 4 members
    UNKNOWN_STUDENT = "unknown-student"  # teams: no student of the room has that id
    TWO_TEAMS = "two-teams"  # teams: a student put in two teams at once
    NO_TEAMS = "no-teams"  # teams: there are none to place a student in
    NO_SUCH_TEAM = "no-such-team"  # teams: a team number that is not one
    TEAM_FULL = "team-full"  # teams: the team has as many members as the teacher chose


MOST_TRIES = 10  # answers (MAM!) or guesses (LAMA Dice) one student sends in a round, at most


class LiveRefusal(ValueError):
    """What a live game cannot do now, in a sentence for the student or the teacher, and as a
    `reason` a page can say in its own language."""

    def __init__(self, message: str, reason: Refusal, detail: str = "") -> None:
        super().__init__(message)
        self.reason, self.detail = reason, detail  # `detail`: a key saying more (a bad guess's)


class Room:
    """Who is in the room (in the order they first came), and whether it is locked."""

    def __init__(self) -> None:
        self.present: dict[str, bool] = {}  # everyone who ever came in: are they in now?
        self.locked = False

    def join(self, name: str) -> bool:
        """`name` comes in; True if they are new. Whoever the teacher took out stays out until
        the teacher lets them in (`admit`)."""
        if self.present.get(name):
            return False
        if self.locked:
            raise LiveRefusal(_("the teacher has locked the room"), Refusal.LOCKED)
        if name in self.present:
            raise LiveRefusal(_("the teacher has taken you out of the room"), Refusal.REMOVED)
        self.present[name] = True
        return True

    def remove(self, name: str) -> None:
        """The teacher takes `name` out of the room."""
        self.check(name)
        self.present[name] = False

    def admit(self, name: str) -> None:
        """The teacher lets `name`, whom they took out, back into the room."""
        if self.present.get(name, True):
            raise LiveRefusal(
                _("{name} has not been taken out of the room").format(name=name),
                Refusal.NOT_JOINED,
            )
        self.present[name] = True

    def lock(self, locked: bool = True) -> None:
        self.locked = bool(locked)

    def names(self) -> list[str]:
        """Who is in the room now."""
        return [name for name, here in self.present.items() if here]

    def removed(self) -> list[str]:
        """Who the teacher has taken out of the room (and has not come back)."""
        return [name for name, here in self.present.items() if not here]

    def check(self, name: str) -> None:
        """A refusal unless `name` is in the room now."""
        if name not in self.present:
            raise LiveRefusal(
                _("{name} has not joined this live game").format(name=name), Refusal.NOT_JOINED
            )
        if not self.present[name]:
            raise LiveRefusal(_("the teacher has taken you out of the room"), Refusal.REMOVED)


def enough(tries: int) -> None:
    """A refusal once a student has sent `MOST_TRIES` answers (guesses) this round."""
    if tries >= MOST_TRIES:
        raise LiveRefusal(_("you have sent enough answers this round"), Refusal.TOO_MANY)
