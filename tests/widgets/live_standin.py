"""The class service's live calls, played in memory by a stand-in behind the real client
(`LiveClient.call`): the real rules (`mathcards.mam.live.LiveGame`), the JSON of ISSUE20's
contract, refusals as keys. The real service is tests/classroom's and tests/browser's."""

from __future__ import annotations

from typing import Any

from mathcards.mam.live import LiveGame, LiveRefusal, Phase
from widgets.live import LiveClient, live_refusal


class StandInLive:
    """One class's live game; browsers by device, each with its class book nickname."""

    def __init__(self) -> None:
        self.nicknames: dict[str, str] = {}  # device → nickname
        self.teachers: set[str] = {"teacher"}
        self.game: LiveGame | None = None
        self.game_id = 0
        self.version = 0
        self.seq = 0
        self.settings: dict[str, Any] = {}
        self.seconds: int | None = None
        self.podium: list[Any] | None = None
        self.down = False

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
                raise live_refusal("name-taken")
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
                raise live_refusal("not-joined")
            self.seq += 1
            judged = self.live().answer(self.nicknames[device], sent["text"], self.seq)
            self.changed(None)
            return {
                "seq": judged.seq,
                "correct": judged.correct,
                "points": judged.points,
                "first": judged.first,
            }
        if device not in self.teachers:
            raise live_refusal("teacher-only")
        return self.teacher(call, sent or {})

    def teacher(self, call: str, sent: dict[str, Any]) -> Any:
        if call == "state":
            return self.state()
        if call == "games":
            self.game_id += 1
            seed = sent.get("seed") if sent.get("seed") is not None else 4242
            self.settings = {**sent, "seed": seed}
            self.game = LiveGame(sent["level"], sent["rounds"], seed, sent["scoring"])
            self.podium = None
            return self.changed(None)
        game = self.live()
        if call == "rounds":
            self.seconds = sent.get("seconds")
            return self.changed(game.open_round() and None)
        if call == "finish":
            self.podium = game.finish()
            return self.changed(None)
        actions = {
            "reveal": game.reveal,
            "pause": game.pause,
            "resume": game.resume,
            "lock": lambda: game.lock(sent["locked"]),
            "remove": lambda: game.remove(sent["name"]),
        }
        actions[call]()
        return self.changed(None)

    def live(self) -> LiveGame:
        if self.game is None:
            raise live_refusal("no-game")
        return self.game

    def changed(self, result: Any) -> Any:
        self.version += 1
        return result

    def round_view(self) -> dict[str, Any] | None:
        assert self.game is not None
        current = self.game.round
        if current is None:
            return None
        deal = current.deal
        return {
            "number": current.number,
            "cards": list(deal.cards),
            "dice": list(deal.dice),
            "target": deal.target,
            "power": deal.power,
            "seconds_left": self.seconds,
        }

    def podium_view(self) -> list[dict[str, Any]] | None:
        if self.podium is None:
            return None
        return [{"place": s.place, "name": s.name, "points": s.points} for s in self.podium]

    def state(self) -> dict[str, Any]:
        if self.game is None:
            return {"version": self.version, "game": None, "phase": None, "room": []}
        game, current = self.game, self.game.round
        answers = current.answers if current else []
        room = game.room()
        return {
            "version": self.version,
            "game": self.game_id,
            "phase": game.phase.value,
            "settings": self.settings,
            "locked": game.locked,
            "room": room,
            "round": self.round_view(),
            "answered": len({a.name for a in answers} & set(room)),
            "board": [
                {
                    "seq": a.seq,
                    "name": a.name,
                    "text": a.text,
                    "correct": a.correct,
                    "points": a.points,
                    "first": a.first,
                }
                for a in answers
            ],
            "leaderboard": [
                {"place": s.place, "name": s.name, "points": s.points} for s in game.standings()
            ],
            "podium": self.podium_view(),
        }

    def seat(self, device: str) -> dict[str, Any]:
        name = self.nicknames.get(device)
        if self.game is None:
            return {"version": self.version, "game": None, "phase": None, "joined": False}
        game = self.game
        joined = name in game.room()
        current = game.round
        mine = [a for a in (current.answers if current else []) if a.name == name]
        standing = next((s for s in game.standings() if s.name == name), None)
        return {
            "version": self.version,
            "game": self.game_id,
            "phase": game.phase.value,
            "joined": joined,
            "name": name,
            "round": self.round_view() if game.phase is not Phase.LOBBY else None,
            "mine": [
                {
                    "seq": a.seq,
                    "text": a.text,
                    "correct": a.correct,
                    "points": a.points,
                    "first": a.first,
                }
                for a in mine
            ],
            "points": standing.points if standing else 0,
            "place": standing.place if standing else None,
            "podium": self.podium_view(),
        }
