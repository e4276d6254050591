"""The class service's live calls, played in memory by a stand-in behind the real client
(`LiveClient.call`): the real rules (`mathcards.mam.live.LiveGame`), the JSON of ISSUE20's
contract, refusals as keys. The real service is tests/classroom's and tests/browser's."""

from __future__ import annotations

from typing import Any

from mathcards.accommodations import NONE, Accommodations
from mathcards.classroom.live.kind import Snapshot
from mathcards.classroom.live.mam import MAM, judged, projector_view, student_view
from mathcards.classroom.protocol import CallRefusal, Refusal
from mathcards.mam.live import LiveGame, LiveRefusal
from widgets.live import live_refusal
from widgets.mam.live import LiveClient


class StandInLive:
    """One class's live game; browsers by device, each with its class book nickname."""

    def __init__(self) -> None:
        self.nicknames: dict[str, str] = {}  # device → nickname
        self.teachers: set[str] = {"teacher"}
        self.game: LiveGame | None = None
        self.game_id = 0
        self.version = 0
        self.seq = 0
        self.seconds: int | None = None
        self.down = False
        self.class_url = ""  # the class address on the school network
        self.accommodations: dict[str, Accommodations] = {}  # nickname → what the teacher set
        self.away: frozenset[str] = frozenset()  # the students whose page is gone

    def client(self, device: str) -> LiveClient:
        client = LiveClient("http://service/", device)
        client.call = lambda path, sent=None, timeout=None: self.answer(device, path, sent)  # type: ignore[method-assign]
        return client

    def answer(self, device: str, path: str, sent: dict[str, Any] | None) -> Any:
        if self.down:
            raise live_refusal(None)
        try:
            return self._answer(device, path, sent)
        except LiveRefusal as refusal:
            raise live_refusal(refusal.reason) from None

    def _answer(self, device: str, path: str, sent: dict[str, Any] | None) -> Any:
        if path.startswith("me"):
            nickname = self.nicknames.get(device)
            return {"student": nickname, "suggestion": "Lama 7", "practice": None}
        if path == "join":
            assert sent is not None
            if sent["nickname"] in self.nicknames.values():
                raise live_refusal(CallRefusal.NAME_TAKEN)
            self.nicknames[device] = sent["nickname"]
            return sent["nickname"]
        call = path.removeprefix("live/").split("?")[0]
        if call == "me":
            return self.seat(device)
        if call == "join":
            return self.changed(self.live().join(self.nicknames[device]))
        if call == "answers":
            assert sent is not None
            if device not in self.nicknames:
                raise live_refusal(Refusal.NOT_JOINED)
            self.seq += 1
            name = self.nicknames[device]
            held = self.accommodations.get(name, NONE)
            answer = self.live().answer(name, sent["text"], self.seq, held)
            self.changed(None)
            return judged(answer)
        if device not in self.teachers:
            raise live_refusal(CallRefusal.NOT_TEACHER)
        return self.teacher(call, sent or {})

    def teacher(self, call: str, sent: dict[str, Any]) -> Any:
        if call == "state":
            return self.state()
        if call == "games":
            self.game_id += 1
            seed = sent.get("seed") if sent.get("seed") is not None else 4242
            self.game = LiveGame(sent["level"], sent["rounds"], seed, sent["scoring"])
            return self.changed(None)
        game = self.live()
        if call == "rounds":
            self.seconds = sent.get("seconds")
            return self.changed(game.open_round() and None)
        if call == "finish":
            game.finish()
            return self.changed(None)
        if call == "time":
            game.give_time()
            more = sent.get("more")
            self.seconds = None if more is None or self.seconds is None else self.seconds + more
            return self.changed(None)
        actions = {
            "reveal": game.reveal,
            "pause": game.pause,
            "resume": game.resume,
            "lock": lambda: game.lock(sent["locked"]),
            "remove": lambda: game.remove(sent["name"]),
            "admit": lambda: game.admit(sent["name"]),
        }
        actions[call]()
        return self.changed(None)

    def live(self) -> LiveGame:
        if self.game is None:
            raise live_refusal(Refusal.NO_GAME)
        return self.game

    def changed(self, result: Any) -> Any:
        self.version += 1
        return result

    def projector(self) -> dict[str, Any]:
        game_id = self.game_id if self.game else None
        view = projector_view(self.game, game_id, self.version, self.away)
        if view["round"] is not None:
            view["round"]["seconds_left"] = self.seconds
        return view

    def state(self) -> dict[str, Any]:
        """The projector's view, as the service sends it to the teacher."""
        return {**self.projector(), "class_url": self.class_url}

    def seat(self, device: str) -> dict[str, Any]:
        """One student's view, as the service builds it."""
        snapshot = Snapshot(self.projector(), self.version, accommodations=self.accommodations)
        view = student_view(snapshot, self.nicknames.get(device))
        seconds = view["round"]["seconds_left"] if view["round"] is not None else None
        return dict(MAM.student_at(view, seconds))
