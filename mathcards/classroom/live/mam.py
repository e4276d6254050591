"""MAM! live in the class service: a class races the same deals (`mathcards.mam.live.LiveGame`):
its kind (`MAM`, with its table of events) and its views. Its room and calls: `mam_room`."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any, cast

from mathcards.accommodations import (
    NONE,
    Accommodation,
    Accommodations,
    accommodations,
    listed,
    phase_seen,
)
from mathcards.book import LiveEvent
from mathcards.classroom.live.events import (
    Answered,
    LockChanged,
    Payload,
    Revealed,
    read,
)
from mathcards.classroom.live.kind import LiveKind, Snapshot, alike
from mathcards.classroom.live.teams import TEAM_EVENTS
from mathcards.classroom.live.views import room_view, seat_view, teams_view
from mathcards.classroom.protocol import SEEDS, EventKind, Phase
from mathcards.classroom.protocol.mam import (
    BoardAnswer,
    Judged,
    MamProjectorView,
    MamSeatView,
    MamSettings,
    MineAnswer,
    ReasonView,
    RevealView,
    RoundView,
    StandingView,
    VerdictView,
)
from mathcards.mam.checker import Verdict
from mathcards.mam.live import Answer, LiveGame, Place, Reveal
from mathcards.mam.reasons import frozen

SEED_BELOW = 10**5  # a seed the service picks is one of these: short enough to read aloud
LONGEST_COUNTDOWN = 3600  # seconds
RACING = (Phase.OPEN, Phase.PAUSED, Phase.CLOSED)  # a round raced: its answers still come

EVENTS: dict[EventKind, Callable[[LiveGame, LiveEvent], Any]] = {  # what each event does
    EventKind.JOIN: lambda game, event: game.join(event.name),
    EventKind.REMOVE: lambda game, event: game.remove(event.name),
    EventKind.ADMIT: lambda game, event: game.admit(event.name),
    EventKind.LOCK: lambda game, event: game.lock(read(event, LockChanged).locked),
    EventKind.OPEN: lambda game, event: game.open_round(),
    EventKind.PAUSE: lambda game, event: game.pause(),
    EventKind.RESUME: lambda game, event: game.resume(),
    EventKind.TIME: lambda game, event: game.give_time(),
    EventKind.CLOSE: lambda game, event: game.close(),
    EventKind.ANSWER: lambda game, event: answered(game, event, read(event, Answered)),
    EventKind.REVEAL: lambda game, event: reveal(game, read(event, Revealed)),
    EventKind.FINISH: lambda game, event: game.finish(),
    **TEAM_EVENTS,
}


KNOWN = frozenset(Accommodation)  # the accommodations this version knows


def answered(game: LiveGame, event: LiveEvent, answer: Answered) -> Answer:
    """The answer judged with the accommodations its student had when it came (one no longer
    known: none), by the verdict the class book kept with it if it kept one (else by the
    checker: an answer kept before verdicts were)."""
    known = [name for name in answer.accommodations if name in KNOWN]
    judged = None if answer.verdict is None else Verdict.from_json(answer.verdict)
    held = accommodations(known)
    if answer.counted is not None:  # kept: the team it counted for, whatever the teams now
        game.teams.keep(event.name, answer.counted)
    return game.answer(event.name, answer.text, event.seq, held, judged, answer.team)


def reveal(game: LiveGame, revealed: Revealed) -> Reveal:
    """The round revealed, with the best ways the class book kept (else worked out now)."""
    kept = revealed.solutions
    return game.reveal(None if kept is None else tuple(frozen(form) for form in kept))


class MamLiveKind(LiveKind[LiveGame, MamProjectorView, MamSeatView]):
    """MAM! live: rounds of a deal raced by the class."""

    name = "mam"
    told = frozenset({EventKind.ANSWER})  # an answer's reply: the student's view after it

    def settings(self, sent: Mapping[str, Any]) -> MamSettings:
        """A live game's settings as kept: level, rounds, scoring, seed (picked when none)."""
        seed = sent.get("seed")
        if seed is None or seed == "":
            seed = secrets.randbelow(SEED_BELOW)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEEDS:
            raise ValueError("the seed is a whole number")
        return {
            "level": str(sent.get("level", "normal")),
            "rounds": sent.get("rounds", 5),
            "scoring": str(sent.get("scoring", "rulebook")),
            "seed": seed,
        }

    def new(self, settings: Mapping[str, Any]) -> LiveGame:
        return LiveGame(
            settings["level"], settings["rounds"], settings["seed"], settings["scoring"]
        )

    def apply(self, game: LiveGame, event: LiveEvent) -> Any:
        return EVENTS[EventKind(event.kind)](game, event)

    def in_force(self, payload: Payload, held: Accommodations) -> Payload:
        """An answer holds its student's accommodations as it came."""
        if isinstance(payload, Answered) and held:
            return replace(payload, accommodations=listed(held))
        return payload

    def judged(self, payload: Payload, outcome: Any) -> Payload:
        """An answer kept with its verdict, a reveal with its best ways."""
        if isinstance(payload, Answered) and isinstance(outcome, Answer):
            return replace(payload, verdict=outcome.verdict.json(), counted=outcome.team)
        if isinstance(payload, Revealed) and isinstance(outcome, Reveal):
            return replace(payload, solutions=[s.form for s in outcome.solutions])
        return payload

    def keeps(self, event: LiveEvent, outcome: Any) -> bool:
        """An answer not readable is no claim: kept only as a typing slip, for the teacher."""
        return event.kind != EventKind.ANSWER or bool(outcome.verdict.kind.readable) or outcome.slip

    def players(self, game: LiveGame) -> list[str]:
        return list(game.players)

    def projector(
        self,
        game: LiveGame | None,
        live_id: int | None,
        version: int,
        away: frozenset[str] = frozenset(),
        ids: Mapping[str, int] | None = None,
    ) -> MamProjectorView:
        return projector_view(game, live_id, version, away, ids or {})

    def student(
        self, snapshot: Snapshot[MamProjectorView, MamSeatView], name: str | None
    ) -> MamSeatView:
        return student_view(snapshot, name)

    def students(
        self,
        snapshot: Snapshot[MamProjectorView, MamSeatView],
        names: list[str],
        before: Snapshot[MamProjectorView, MamSeatView] | None = None,
    ) -> dict[str, MamSeatView]:
        """Every student's view at once: the board and the leaderboard read once, not once a
        student (a hall of 300 is 300 × 300 otherwise); a view that did not change is kept,
        not made again at every batch of answers. One whose place alone changed is kept too
        while a round is raced, its place noted in `snapshot.fresh` (a hall's places change at
        every batch); else copied with it."""
        projector = snapshot.projector
        mine: dict[str, list[BoardAnswer]] = {}
        for answer in projector["board"]:
            mine.setdefault(answer["name"], []).append(answer)
        standing = standings_by_name(projector)
        kept = before.students if before is not None and same_room(before, snapshot) else {}
        racing = projector["phase"] in RACING
        views: dict[str, MamSeatView] = {}
        for name in names:
            theirs, placed = mine.get(name, []), standing.get(name)
            old = kept.get(name)
            if old is None or not unchanged(old, snapshot, name, theirs, placed):
                views[name] = seat(snapshot, name, [mine_answer(a) for a in theirs], placed)
            elif placed is None or old["place"] == placed["place"]:
                views[name] = old
            elif racing:
                views[name] = old
                snapshot.fresh[name] = {"place": placed["place"]}
            else:
                views[name] = {**old, "place": placed["place"]}
        return views

    def alike(self, view: MamSeatView, before: MamSeatView | None) -> bool:
        """While a round is raced, a student's place alone changing (as the class scores)
        wakes no page: each change sends their place with it, and the reveal sends everyone's
        (a hall of 300 is not woken at every classmate's right answer)."""
        racing = view["phase"] in RACING
        return alike(view, before, "place") if racing else alike(view, before)

    def projector_at(self, view: MamProjectorView, seconds_left: float | None) -> MamProjectorView:
        current = view["round"]
        return (
            view
            if current is None
            else {**view, "round": {**current, "seconds_left": seconds_left}}
        )

    def student_at(self, view: MamSeatView, seconds_left: float | None) -> MamSeatView:
        current = view["round"]
        if Accommodation.NO_COUNTDOWN in view.get("accommodations", []):
            seconds_left = None  # their page shows no clock
        return (
            view
            if current is None
            else {**view, "round": {**current, "seconds_left": seconds_left}}
        )


MAM = MamLiveKind()


# ---------------------------------------------------------------- the views


def round_view(game: LiveGame) -> RoundView | None:
    current = game.round
    if current is None:
        return None
    deal = current.deal
    return {
        "number": current.number,
        "level": game.level.name,
        "cards": list(deal.cards),
        "dice": list(deal.dice),
        "target": deal.target,
        "power": deal.power,
        "seconds_left": None,
        "last": current.number == len(game.deals),
    }


def projector_view(
    game: LiveGame | None,
    live_id: int | None,
    version: int,
    away: frozenset[str] = frozenset(),
    ids: Mapping[str, int] | None = None,
) -> MamProjectorView:
    """What the teacher's projector sees: the room (who of it is here: all but those `away`),
    its teams, the round's answers in order of arrival, the leaderboard, the podium."""
    if game is None:
        return {
            **room_view(version, None, None),
            "settings": None,
            "round": None,
            "answered": 0,
            "answered_of": 0,
            "board": [],
            "reveal": None,
            "leaderboard": [],
            "podium": None,
        }
    scores = {team: float(player.points) for team, player in game.team_players.items()}
    claimed = game.round.claimed() if game.round and game.phase is not Phase.LOBBY else {}
    teams = teams_view(game.teams, ids or {}, scores, claimed)
    seen = room_view(version, live_id, game, away, teams)
    answers = game.round.answers if game.round else []
    answered = {a.name for a in answers} & set(seen["room"])
    return {
        **seen,
        "settings": {
            "level": game.level.name,
            "rounds": len(game.deals),
            "scoring": game.scoring,
            "seed": cast(int, game.seed),
        },
        "round": round_view(game),
        "answered": len(answered),
        "answered_of": len(answered | set(seen["here"])),
        "board": [board_answer(answer) for answer in answers],
        "reveal": reveal_view(game.revealed()) if game.phase is Phase.REVEALED else None,
        "leaderboard": places(game.standings()),
        "podium": places(game.podium()) if game.phase is Phase.OVER else None,
    }


def board_answer(answer: Answer) -> BoardAnswer:
    return {
        "seq": answer.seq,
        "name": answer.name,
        "text": answer.text,
        "correct": answer.correct,
        "points": answer.points,
        "first": answer.first,
        "given": answer.given,
        "verdict": cast(VerdictView, answer.verdict.json()),
        "team": answer.team,
    }


def reveal_view(shown: Reveal) -> RevealView:
    """The revealed round, as the service worked it out (the best ways as their forms)."""
    return {
        "solutions": [s.form for s in shown.solutions],
        "right": [{"cards": cards, "names": names} for cards, names in shown.right.items()],
        "mistakes": [
            {"reason": cast(ReasonView, reason.json()), "count": count}
            for reason, count in shown.mistakes
        ],
    }


def judged(answer: Answer) -> Judged:
    """What a student's answer did, as the service tells their page (no arrival number for a
    text that was no claim: it was not kept)."""
    return {
        "seq": answer.seq if answer.verdict.kind.readable else None,
        "correct": answer.correct,
        "points": answer.points,
        "first": answer.first,
        "given": answer.given,
        "verdict": cast(VerdictView, answer.verdict.json()),
    }


def places(standings: list[Place]) -> list[StandingView]:
    return [
        {"place": s.place, "name": s.name, "points": s.points, "team": s.team} for s in standings
    ]


def student_view(
    snapshot: Snapshot[MamProjectorView, MamSeatView], name: str | None
) -> MamSeatView:
    """What one student sees: the round, their own answers and score; never another's answer."""
    projector = snapshot.projector
    mine = [mine_answer(answer) for answer in projector["board"] if answer["name"] == name]
    return seat(snapshot, name, mine, standing_of(projector, name))


def standing_of(projector: MamProjectorView, name: str | None) -> StandingView | None:
    """Student `name`'s place: their team's, in teams."""
    team = next(
        (t["number"] for t in projector["teams"] if name in [m["name"] for m in t["members"]]),
        None,
    )
    if team is not None:
        return next((s for s in projector["leaderboard"] if s.get("team") == team), None)
    return next((s for s in projector["leaderboard"] if s["name"] == name), None)


def standings_by_name(projector: MamProjectorView) -> dict[str, StandingView]:
    """Each student's place, read once for a hall (their team's, in teams)."""
    board = projector["leaderboard"]
    if not projector["teams"]:
        return {s["name"]: s for s in board}
    by_team = {s.get("team"): s for s in board}
    return {
        member["name"]: by_team[team["number"]]
        for team in projector["teams"]
        for member in team["members"]
        if team["number"] in by_team
    }


def team_claim(projector: MamProjectorView, team: int | None) -> BoardAnswer | None:
    """The claim that counts for `team` this round, if it made one."""
    if team is None:
        return None
    return next((a for a in projector["board"] if a.get("team") == team), None)


def same_room(
    before: Snapshot[MamProjectorView, MamSeatView], now: Snapshot[MamProjectorView, MamSeatView]
) -> bool:
    """Is what every student's view shares the same in both snapshots (the game, its phase,
    its round and podium, the scoring, the time, the accommodations)?"""
    was, projector = before.projector, now.projector
    return (
        before.countdown == now.countdown
        and before.accommodations == now.accommodations
        and all(was[key] == projector[key] for key in SHARED)  # type: ignore[literal-required]
    )


SHARED = ("game", "phase", "round", "settings", "podium", "teams")  # every student's view holds


def unchanged(
    old: MamSeatView,
    snapshot: Snapshot[MamProjectorView, MamSeatView],
    name: str,
    theirs: list[BoardAnswer],
    placed: StandingView | None,
) -> bool:
    """Is a student's view, but for their place, as `old` (in a room that is the same)?"""
    return (
        old["joined"] == (name in snapshot.in_room)
        and old["removed"] == (name in snapshot.taken_out)
        and len(old["mine"]) == len(theirs)
        and old["points"] == (placed["points"] if placed else 0)
    )


def mine_answer(answer: BoardAnswer) -> MineAnswer:
    return {
        "seq": answer["seq"],
        "text": answer["text"],
        "correct": answer["correct"],
        "points": answer["points"],
        "first": answer["first"],
        "given": answer["given"],
        "verdict": answer["verdict"],
    }


def seat(
    snapshot: Snapshot[MamProjectorView, MamSeatView],
    name: str | None,
    mine: list[MineAnswer],
    standing: StandingView | None,
) -> MamSeatView:
    """A student's view from their own answers and standing, and the accommodations the
    teacher set for them (with no countdown, a round whose time is up is still open to them)."""
    projector = snapshot.projector
    held = snapshot.accommodations.get(name, NONE) if name is not None else NONE
    seen = seat_view(snapshot, name)
    claim = team_claim(projector, seen["team"]["number"] if seen["team"] else None)
    return {
        **seen,
        "phase": phase_seen(seen["phase"], held),
        "accommodations": listed(held),
        "round": projector["round"],
        "scoring": projector["settings"]["scoring"] if projector["settings"] else "rulebook",
        "mine": mine,
        "points": standing["points"] if standing else 0,
        "place": standing["place"] if standing else None,
        "podium": projector["podium"],
        "team_claim": None if claim is None else {**mine_answer(claim), "name": claim["name"]},
    }
