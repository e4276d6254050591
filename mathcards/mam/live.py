"""MAM! live: the whole class races on the same deal, each on their own device
(docs/rules.md#mam-round).

The class service hands every answer over with its arrival number (`seq`), never a device's
clock; this judges and scores them in that order. The deals are a practice set's: seeded,
every target makeable. Two scorings, a named option:

- "rulebook": the first right answer wins the cards it used; a wrong claim gives every other
  player in the room a card, and its sender has no second claim that round; once a round is
  won, later answers are judged for the report but win nothing and give nothing.
- "every": every student's first right answer of a round wins the cards it used; a wrong
  answer costs nothing and may be tried again.

In teams (`make_teams`, mathcards/teams.py) a team plays as one player: any member's claim is
the team's, its first of a round counts (later ones are refused), the cards go to the team, and
a wrong claim as the rulebook says gives each other team a card.

Most cards wins; on a tie, the tied player whose last winning answer came last
(docs/rules.md#mam-end).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from mathcards.accommodations import NONE, Accommodations, costs_others, takes_answers
from mathcards.i18n import N_, _
from mathcards.mam.cards import Level
from mathcards.mam.cards import level as level_named
from mathcards.mam.checker import Verdict
from mathcards.mam.expression import Form
from mathcards.mam.practice import Exercise, PracticeSet
from mathcards.mam.reasons import Reason
from mathcards.mam.solver import Solution, find_solutions, plainest_then_fullest
from mathcards.room import MOST_TRIES, LiveRefusal, Phase, Refusal, Room, enough
from mathcards.teams import Teams, team_name

SCORINGS = {"rulebook": N_("as the rulebook says"), "every": N_("every right answer scores")}
MOST_ROUNDS = 50
REVEALED_SOLUTIONS = 5
EVERY_SOLUTION = 10**5  # a deal of five cards has a few hundred at most: the plainest among them


@dataclass(frozen=True)
class Answer:
    """One answer as the game judged it: `points` won, `first` right answer of its round,
    `given` the cards a wrong claim gave away (one to each other player in the room)."""

    seq: int
    name: str
    text: str
    verdict: Verdict
    points: int = 0
    first: bool = False
    given: int = 0
    slip: bool = False  # a typing slip kept for the teacher's page: no claim, nothing scored
    team: int | None = None  # the team it claimed for (None: no teams)

    @property
    def correct(self) -> bool:
        return self.verdict.correct


@dataclass
class Round:
    """One deal for the whole class, and the answers it got, in order of arrival."""

    number: int
    deal: Exercise
    answers: list[Answer] = field(default_factory=list)
    slips: list[Answer] = field(default_factory=list)  # answers the checker could not read
    solutions: tuple[Form, ...] | None = None  # the best ways, worked out once, at its reveal
    by_name: dict[str, list[Answer]] = field(default_factory=dict)  # each student's answers

    def add(self, answer: Answer) -> None:
        """An answer judged, in its order of arrival."""
        self.answers.append(answer)
        self.by_name.setdefault(answer.name, []).append(answer)

    @property
    def first_right(self) -> Answer | None:
        return next((answer for answer in self.answers if answer.first), None)

    def answered(self) -> set[str]:
        return {answer.name for answer in self.answers}

    def claimed(self) -> dict[int, str]:
        """Each team that has claimed this round, and who claimed for it (the first)."""
        first: dict[int, str] = {}
        for answer in self.answers:
            if answer.team is not None:
                first.setdefault(answer.team, answer.name)
        return first

    def claim_of(self, team: int) -> Answer | None:
        """The claim that counts for `team` this round, if it made one."""
        return next((answer for answer in self.answers if answer.team == team), None)


@dataclass(frozen=True)
class Reveal:
    """What the class sees when a round is revealed."""

    solutions: list[Solution]  # the plainest ways first, then those using the most cards
    right: dict[int, list[str]]  # cards used → who made it so, in order of arrival
    mistakes: list[tuple[Reason, int]]  # the checker's reasons, most common first


class Place(NamedTuple):
    """A player's place on the leaderboard, with the cards they won (a tuple: a hall's
    leaderboard is made again at every batch of answers)."""

    place: int  # equal places only for players the tie-break cannot part
    name: str  # a team's: its name ("Team 1")
    points: int
    team: int | None = None  # a team's place


@dataclass
class Player:
    points: int = 0
    last_win: int = -1  # the seq of their last winning answer (the tie-break)


class LiveGame:
    """A live game of MAM! for one class: who is in, the rounds, and the score."""

    def __init__(
        self,
        level: Level | str = "normal",
        rounds: int = 5,
        seed: int | None = None,
        scoring: str = "rulebook",
    ) -> None:
        if scoring not in SCORINGS:
            message = _("scoring is one of {choices}, not {scoring}")
            raise ValueError(message.format(choices=", ".join(SCORINGS), scoring=repr(scoring)))
        if not isinstance(rounds, int) or not 1 <= rounds <= MOST_ROUNDS:
            message = _("a live game has 1 to {most} rounds, not {rounds}")
            raise ValueError(message.format(most=MOST_ROUNDS, rounds=repr(rounds)))
        self.level = level_named(level) if isinstance(level, str) else level
        self.scoring, self.seed = scoring, seed
        self.deals = PracticeSet(self.level, rounds=rounds, seed=seed).exercises
        self.players: dict[str, Player] = {}
        self.rounds: list[Round] = []
        self.phase = Phase.LOBBY
        self.room = Room()
        self.teams = Teams()
        self.team_players: dict[int, Player] = {}  # each team's cards, once there are teams

    # ------------------------------------------------------------ the room

    def join(self, name: str) -> None:
        """`name` comes into the room (back in, with their score, if they were in before)."""
        if self.phase is Phase.OVER and not self.room.present.get(name):
            raise LiveRefusal(_("this live game is over"), Refusal.OVER)
        self.room.join(name)
        self.players.setdefault(name, Player())
        self.teams.join(name)

    def make_teams(self, size: int, teams: list[list[str]]) -> None:
        """New teams of at most `size` (of students who came in), between rounds: their cards
        from none."""
        self._expect((Phase.LOBBY, Phase.REVEALED), _("a round is still open"), Refusal.ROUND_OPEN)
        for name in (name for team in teams for name in team):
            if name not in self.room.present:
                message = _("{name} has not joined this live game").format(name=name)
                raise LiveRefusal(message, Refusal.UNKNOWN_STUDENT, name)
        self.teams.make(size, teams)
        self.team_players = {}

    def place(self, name: str, team: int) -> None:
        """The teacher moves `name` to team `team`, between rounds."""
        self._expect((Phase.LOBBY, Phase.REVEALED), _("a round is still open"), Refusal.ROUND_OPEN)
        if name not in self.room.present:
            message = _("{name} has not joined this live game").format(name=name)
            raise LiveRefusal(message, Refusal.UNKNOWN_STUDENT, name)
        self.teams.place(name, team)

    def teams_off(self) -> None:
        """Everyone plays alone again, between rounds."""
        self._expect((Phase.LOBBY, Phase.REVEALED), _("a round is still open"), Refusal.ROUND_OPEN)
        self.teams.off()
        self.team_players = {}

    def remove(self, name: str) -> None:
        """The teacher takes `name` out of the room; their answers stay in the record."""
        self.room.remove(name)

    def admit(self, name: str) -> None:
        """The teacher lets `name` back in, with their score."""
        self.room.admit(name)

    def lock(self, locked: bool = True) -> None:
        self.room.lock(locked)

    @property
    def locked(self) -> bool:
        return self.room.locked

    # ------------------------------------------------------------ the rounds

    @property
    def round(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    def open_round(self) -> Round:
        """The next deal, the same for everyone."""
        self._expect(
            (Phase.LOBBY, Phase.REVEALED, Phase.CLOSED),
            _("a round is still open"),
            Refusal.ROUND_OPEN,
        )
        if len(self.rounds) == len(self.deals):
            raise LiveRefusal(_("every round has been played: show the podium"), Refusal.ALL_PLAYED)
        self.rounds.append(Round(len(self.rounds) + 1, self.deals[len(self.rounds)]))
        self.phase = Phase.OPEN
        return self.rounds[-1]

    def pause(self) -> None:
        self._expect((Phase.OPEN,), _("only an open round can be paused"), Refusal.NO_ROUND)
        self.phase = Phase.PAUSED

    def resume(self) -> None:
        self._expect((Phase.PAUSED,), _("the game is not paused"), Refusal.NOT_PAUSED)
        self.phase = Phase.OPEN

    def give_time(self) -> None:
        """The teacher changes the round's time (more, or no countdown): an open or paused
        round keeps its phase, a round whose time was up takes answers again."""
        self._expect(
            (Phase.OPEN, Phase.PAUSED, Phase.CLOSED), _("no round is open"), Refusal.NO_ROUND
        )
        if self.phase is Phase.CLOSED:
            self.phase = Phase.OPEN

    def close(self) -> None:
        """No more answers this round (its time is up)."""
        self._expect((Phase.OPEN, Phase.PAUSED), _("no round is open"), Refusal.NO_ROUND)
        self.phase = Phase.CLOSED

    def answer(
        self,
        name: str,
        text: str,
        seq: int,
        held: Accommodations = NONE,
        judged: Verdict | None = None,
        for_team: object = None,
    ) -> Answer:
        """Judge `name`'s answer, the `seq`-th to arrive, and score it; `held` the
        accommodations the teacher set for them (mathcards.accommodations); `judged` its
        verdict when it was judged before (a game replayed: the checker runs once an answer);
        `for_team` the team a page said it claims for (refused unless theirs)."""
        self.room.check(name)
        current = self.round
        if self.phase is Phase.PAUSED:
            raise LiveRefusal(_("the teacher has paused the game: wait a moment"), Refusal.PAUSED)
        if not takes_answers(self.phase, held) or current is None:
            raise LiveRefusal(_("no round is open: wait for the next one"), Refusal.NO_ROUND)
        team = self.teams.claim(name, current.claimed(), for_team)
        self._may_answer(current, name)
        verdict = judged if judged is not None else current.deal.check(text)
        if not verdict.kind.readable:  # not a claim yet: nothing to score
            return self._slipped(current, Answer(seq, name, text, verdict))
        claim = Answer(seq, name, text, verdict, team=team)
        spared = not verdict.correct and not costs_others(held)  # their wrong claim: no card
        answer = claim if spared else self._scored(current, claim)
        current.add(answer)
        return answer

    @staticmethod
    def _slipped(current: Round, answer: Answer) -> Answer:
        """A typing slip, kept for the teacher (at most `MOST_TRIES` of a student's a round;
        an empty answer never): what the class mistypes is practised later."""
        mine = sum(slip.name == answer.name for slip in current.slips)
        if not answer.text.strip() or mine >= MOST_TRIES:
            return answer
        kept = replace(answer, slip=True)
        current.slips.append(kept)
        return kept

    def _may_answer(self, current: Round, name: str) -> None:
        mine = current.by_name.get(name, [])  # a hall's round: not every answer looked at
        if any(answer.correct for answer in mine):
            raise LiveRefusal(
                _("you have already made the target this round"), Refusal.ALREADY_RIGHT
            )
        if mine and self.scoring == "rulebook":
            raise LiveRefusal(
                _("you have had your claim this round: wait for the next one"), Refusal.HAD_CLAIM
            )
        enough(len(mine))

    def _scored(self, current: Round, answer: Answer) -> Answer:
        won = current.first_right is not None
        if answer.correct and (self.scoring == "every" or not won):
            points = len(answer.verdict.cards)
            player = self._player(answer)
            player.points += points
            player.last_win = answer.seq
            return replace(answer, points=points, first=not won)
        if not answer.correct and self.scoring == "rulebook" and not won:
            others = self._others(answer)
            for other in others:
                other.points += 1
            return replace(answer, given=len(others))
        return answer

    def _player(self, answer: Answer) -> Player:
        """Who an answer scores for: its team's, in teams, else its student's."""
        if answer.team is None:
            return self.players[answer.name]
        return self.team_players.setdefault(answer.team, Player())

    def _others(self, answer: Answer) -> list[Player]:
        """Who a wrong claim gives a card: every other player in the room (in teams: every
        other team with a member in the room)."""
        here = self.room.names()
        if answer.team is None:
            return [self.players[other] for other in here if other != answer.name]
        teams = {self.teams.team_of(name) for name in here} - {None, answer.team}
        return [self.team_players.setdefault(t, Player()) for t in sorted(t for t in teams if t)]

    def reveal(self, solutions: tuple[Form, ...] | None = None) -> Reveal:
        """Show the round to the class: the best ways (`solutions`, when they were worked out
        before: a game replayed), who made it, the common mistakes."""
        self._expect(
            (Phase.OPEN, Phase.PAUSED, Phase.CLOSED), _("no round is open"), Refusal.NO_ROUND
        )
        current = self.round
        assert current is not None
        current.solutions = best_ways(current.deal) if solutions is None else solutions
        self.phase = Phase.REVEALED
        return self.revealed()

    def revealed(self) -> Reveal:
        """What the revealed round shows, from its answers as they were judged."""
        assert self.round is not None and self.round.solutions is not None
        return revealed(self.round.solutions, self.round.answers)

    def finish(self) -> list[Place]:
        """The end: the podium (the first three places, ties shown)."""
        self.phase = Phase.OVER
        return self.podium()

    def podium(self) -> list[Place]:
        """The first three places, ties shown."""
        return [standing for standing in self.standings() if standing.place <= 3]

    # ------------------------------------------------------------ the score

    def standings(self) -> list[Place]:
        """Most cards first; a tie goes to the player whose last winning answer came last. In
        teams: the teams'."""
        players: Iterable[tuple[str | int, Player]] = self.players.items()
        if self.teams.on:
            numbers = sorted(set(self.teams.numbers()) | set(self.team_players))
            players = [(team, self.team_players.get(team, Player())) for team in numbers]
        ranked = sorted(players, key=ranking)
        standings: list[Place] = []
        place, above = 0, None
        for index, (who, player) in enumerate(ranked, 1):
            score = (player.points, player.last_win)
            if score != above:  # tied with the player above: their place
                place, above = index, score
            if isinstance(who, int):
                standings.append(Place(place, team_name(who), player.points, who))
            else:
                standings.append(Place(place, who, player.points))
        return standings

    def _expect(self, phases: tuple[Phase, ...], refusal: str, reason: Refusal) -> None:
        if self.phase is Phase.OVER:
            raise LiveRefusal(_("this live game is over"), Refusal.OVER)
        if self.phase not in phases:
            raise LiveRefusal(refusal, reason)


def ranking(item: tuple[str | int, Player]) -> tuple[int, int]:
    """Most cards first, then the last winning answer that came last."""
    return -item[1].points, -item[1].last_win


def best_ways(deal: Exercise) -> tuple[Form, ...]:
    """The ways a round's reveal shows: the plainest, then those using the most cards."""
    found = find_solutions(deal.cards, deal.target, power=deal.power, limit=EVERY_SOLUTION)
    return tuple(s.form for s in plainest_then_fullest(found.solutions, REVEALED_SOLUTIONS))


def revealed(solutions: tuple[Form, ...], answers: list[Answer]) -> Reveal:
    """A round's reveal: its best ways, and its answers (in order of arrival) as the service
    judged them: who made it with how many cards, the mistakes counted by their reason."""
    right: dict[int, list[str]] = {}
    mistakes: Counter[Reason] = Counter()
    for answer in answers:
        verdict = answer.verdict
        if verdict.correct:
            right.setdefault(len(verdict.cards), []).append(answer.name)
        elif verdict.kind.readable:
            mistakes[verdict.reason] += 1
    return Reveal(
        [Solution(form) for form in solutions],
        dict(sorted(right.items(), reverse=True)),
        mistakes.most_common(),
    )


def scoring_label(scoring: str) -> str:
    """The scoring's name as a page shows it."""
    return _(SCORINGS[scoring])
