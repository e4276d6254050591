"""The class service's LAMA Dice live calls, played in memory by a stand-in behind the real
client (`GuessClient.call`): the real rules (`mathcards.lama_dice.live.LiveGuessing`), the
service's own views (`mathcards.classroom.live.lama_dice`), refusals as keys."""

from __future__ import annotations

from typing import Any

from mathcards.classroom.live.kind import Snapshot
from mathcards.classroom.live.lama_dice import LAMA_DICE, projector_view, question_of
from mathcards.classroom.protocol import CallRefusal, Refusal
from mathcards.classroom.protocol.lama_dice import value_json
from mathcards.lama_dice.live import BadGuess, LiveGuessing
from mathcards.room import LiveRefusal
from widgets.lama_dice.live import GUESS_REFUSALS, GuessClient
from widgets.live import live_refusal


class StandInGuess:
    """One class's live lesson; browsers by device, each with its class book nickname."""

    def __init__(self) -> None:
        self.nicknames: dict[str, str] = {}
        self.teachers = {"teacher"}
        self.game: LiveGuessing | None = None
        self.game_id = 0
        self.version = 0
        self.class_url = ""
        self.away: frozenset[str] = frozenset()  # the students whose page is gone

    def client(self, device: str) -> GuessClient:
        client = GuessClient("http://service/", device)
        client.call = lambda path, sent=None, timeout=None: self.answer(device, path, sent)  # type: ignore[method-assign]
        return client

    def answer(self, device: str, path: str, sent: dict[str, Any] | None) -> Any:
        try:
            return self._answer(device, path, sent or {})
        except LiveRefusal as refusal:
            raise live_refusal(refusal.reason, GUESS_REFUSALS, refusal.detail) from None

    def _answer(self, device: str, path: str, sent: dict[str, Any]) -> Any:
        if path.startswith("me"):  # the class book's
            return {"student": self.nicknames.get(device), "suggestion": "Lama 7", "practice": None}
        if path == "join":
            if sent["nickname"] in self.nicknames.values():
                raise live_refusal(CallRefusal.NAME_TAKEN)
            self.nicknames[device] = sent["nickname"]
            return sent["nickname"]
        call = path.removeprefix("live/lama_dice/").split("?")[0]
        if call == "me":
            return self.seat(device)
        if call == "join":
            return self.changed(self.live().join(self.nicknames[device]))
        if call == "guesses":
            if device not in self.nicknames:
                raise live_refusal(Refusal.NOT_JOINED, GUESS_REFUSALS)
            try:
                kept = self.live().guess(self.nicknames[device], sent["text"], self.version + 1)
            except BadGuess as problem:
                raise LiveRefusal("", Refusal.BAD_GUESS, problem.why) from None
            self.changed(None)
            return {"seq": kept.seq, "value": value_json(kept.value), "share": kept.share}
        if device not in self.teachers:
            raise live_refusal(CallRefusal.NOT_TEACHER)
        return self.teacher(call, sent)

    def teacher(self, call: str, sent: dict[str, Any]) -> Any:
        if call == "state":
            return {**self.projector(), "class_url": self.class_url}
        if call == "games":
            self.game_id += 1
            self.game = LiveGuessing()
            return self.changed(None)
        game = self.live()
        actions = {
            "questions": lambda: game.ask(question_of(sent)),
            "reveal": game.reveal,
            "rolls": lambda: game.roll(sent["count"], sent.get("seed") or 77),
            "lock": lambda: game.lock(sent["locked"]),
            "remove": lambda: game.remove(sent["name"]),
            "admit": lambda: game.admit(sent["name"]),
        }
        actions[call]()
        return self.changed(None)

    def live(self) -> LiveGuessing:
        if self.game is None:
            raise LiveRefusal("", Refusal.NO_GAME)
        return self.game

    def changed(self, result: Any) -> Any:
        self.version += 1
        return result

    def projector(self) -> dict[str, Any]:
        game_id = self.game_id if self.game else None
        return projector_view(self.game, game_id, self.version, self.away)

    def seat(self, device: str) -> dict[str, Any]:
        snapshot = Snapshot(self.projector(), version=self.version)
        return LAMA_DICE.student(snapshot, self.nicknames.get(device))
