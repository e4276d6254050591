"""How the MAM! live pages show the game, as pure functions of what the class service sent
(the JSON of `live/me` and `live/state`): the deal, the private verdict, the room, the board,
the reveal, the leaderboard and the podium."""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from mathcards.classroom.protocol import Phase
from mathcards.classroom.protocol.mam import (
    BoardAnswer,
    MamProjectorView,
    MamSeatView,
    MamSettings,
    MineAnswer,
    RevealView,
    RoundView,
    StandingView,
)
from mathcards.i18n import _, and_list, ngettext
from mathcards.mam import expression
from mathcards.mam.cards import LEVELS
from mathcards.mam.checker import Verdict
from mathcards.mam.live import SCORINGS, scoring_label
from mathcards.mam.reasons import Reason, frozen
from mathcards.teams import team_name
from widgets.controls import sign
from widgets.mam.cards import cards_count, render_table
from widgets.teams import named

LIVE_STYLE = """<style>
.mc-live-status { font-size: 20px; font-weight: 600; }
.mc-live-score { font-size: 19px; }
.mc-verdict .mc-message { font-size: 20px; }
.mc-live-board table, .mc-live-leaderboard table { border-collapse: collapse; font-size: 18px; }
.mc-live-board td, .mc-live-board th, .mc-live-leaderboard td, .mc-live-leaderboard th {
  padding: 3px 10px; border-bottom: 1px solid #e5e7eb; text-align: left; }
.mc-live-board tr[data-correct="true"] td { color: #15803d; }
.mc-live-board tr[data-correct="false"] td { color: #b91c1c; }
.mc-live-answered { font: 700 28px sans-serif; }
.mc-live-first { font-size: 22px; }
.mc-live-address { display: flex; flex-wrap: wrap; gap: 12px; align-items: center;
  font-size: 18px; overflow-wrap: anywhere; }
.mc-live-address img { width: 160px; height: 160px; }
.mc-podium ol { font-size: 22px; list-style: none; padding-left: 0; }
.mc-podium li[data-place="1"] { font-size: 28px; font-weight: 700; }
.mc-live-name { font-size: 18px; min-width: 8em; }
.mc-live-revealed li { white-space: normal; overflow-wrap: anywhere; }
.mc-live-bar { gap: 6px; align-items: center; }
.mc-live-bar .mc-live-room-title { font-size: 18px; margin-left: 12px; }
.mc-live-choice-line { font-size: 20px; }
/* the projector, read from the back row: the page as wide as the screen, the round scaled to
   it (Full screen enlarges it), every line as tall as its font (a widget's line is 28 px) */
body:has(.mc-live-projector) #rendered_cells { max-width: none; left: 0 !important;
  width: 100% !important; }  /* over the 1120 px Lumino set as the page opened */
.mc-live-projector .widget-html { height: auto; }
.mc-live-projector .widget-html-content { line-height: 1.3; }
.mc-live-projector .mc-cards { flex-wrap: nowrap !important; gap: 1.2vw !important; }
.mc-live-projector .mc-cards svg { width: auto; height: min(32vh, calc(27vw - 24px)); }
.mc-live-projector .mc-dice { gap: 1.2vw !important; }
.mc-live-projector .mc-dice svg { width: auto; height: max(72px, 12vh); }
.mc-live-projector .mc-target-number { font-size: max(72px, 13vh); line-height: 1.1; }
.mc-live-projector .mc-live-round-number { font-size: max(24px, 3vh); margin: 4px 0; }
.mc-live-projector .mc-countdown { font-size: max(40px, 6vh); margin-top: 1vh; }
.mc-live-projector .mc-live-answered { font-size: max(32px, 4.5vh); }
.mc-live-projector .mc-live-first { font-size: max(28px, 4vh); margin: 8px 0; }
.mc-live-projector .mc-live-board table, .mc-live-projector .mc-live-leaderboard table,
.mc-live-projector .mc-live-revealed li, .mc-live-projector .mc-live-revealed p {
  font-size: max(24px, 3.2vh); line-height: 1.3; }
.mc-live-projector .mc-live-revealed h3, .mc-live-projector .mc-live-leaderboard h3,
.mc-live-projector .mc-podium h3 { font-size: max(26px, 3.6vh); line-height: 1.3;
  margin: 1.2vh 0 .4vh; }
.mc-live-projector .mc-podium ol { font-size: max(30px, 4vh); line-height: 1.4; }
.mc-live-projector .mc-podium li[data-place="1"] { font-size: 1.25em; }
.mc-live-projector .mc-podium .mc-live-tie { font-size: max(22px, 3vh); line-height: 1.3; }
.mc-live-projector .mc-live-address { font-size: 26px; }
/* a projector page on a phone (390 px): the board's five columns fit; an answer wraps anywhere,
   and the arrival number, which the rows' order already shows, is left to screen readers */
@media (max-width: 600px) {
  .mc-live-projector .mc-live-board table, .mc-live-projector .mc-live-leaderboard table {
    font-size: 19px; }
  .mc-live-board td, .mc-live-board th, .mc-live-leaderboard td, .mc-live-leaderboard th {
    padding: 3px 5px; }
  .mc-live-board td:nth-child(3) { overflow-wrap: anywhere; }
  .mc-live-board tr > :first-child { position: absolute; width: 1px; height: 1px;
    padding: 0; border: 0; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
  .mc-live-board .widget-html-content, .mc-live-leaderboard .widget-html-content {
    overflow-x: auto; }
}
.mc-live-projector .mc-live-address img { width: min(360px, 45vh); height: min(360px, 45vh); }
/* the presentation: the round alone, filling the screen; the bar's other buttons are there for
   their keys and come back when one has the keyboard's focus (Tab) */
body:has(.mc-presenting) .jp-Cell:not(:has(.mc-presenting)),
body:has(.mc-presenting) .mc-language, body:has(.mc-presenting) .mc-class-address {
  display: none !important; }
body:has(.mc-presenting) #rendered_cells { padding: 1vh 2vw; }
.mc-presenting :is(.mc-live-choice, .mc-live-answered, .mc-live-first, .mc-live-board,
  .mc-live-revealed, .mc-live-leaderboard, .mc-live-join-box, .mc-live-setup-box,
  .mc-live-settings-line) { display: none !important; }
.mc-presenting .mc-live-bar:not(:has(:focus-visible:not(.mc-live-present)))
  > :not(.mc-live-present) { position: absolute; border: 0 !important;
  width: 1px !important; height: 1px; min-width: 0 !important; min-height: 0 !important;
  padding: 0 !important; overflow: hidden; clip-path: inset(50%); margin: 0 !important; }
.mc-presenting .mc-live-present { position: fixed; top: 1vh; right: 2vw; z-index: 2; }
.mc-presenting .mc-cards svg { height: min(44vh, calc(28vw - 30px)); }
.mc-presenting .mc-dice svg { height: 17vh; }
.mc-presenting .mc-target-number { font-size: 19vh; }
.mc-presenting .mc-countdown { font-size: 8vh; }
.mc-presenting .mc-live-round-number { font-size: 3.5vh; }
</style>"""

# A student's phone (390 × 844): its first screen holds the round (cards, target, countdown),
# the box and MAM! side by side, the preview and the message right under them, and the whole
# pad under those (cards, then + − × ÷ ( ) ⌫ in one row); the lesson's title and intro shrink.
SEAT_STYLE = """<style>
.mc-live-pad .widget-hbox { flex-wrap: nowrap; gap: 4px; margin: 2px 0; }
.mc-live-pad button { flex: 1 1 0; min-width: 36px; max-width: 72px; height: 44px;
  font-size: 20px; margin: 0; padding: 0; }
.mc-live-pad button.mc-pad-delete { flex: 1 0 auto; padding: 0 6px; }
@media (min-width: 700px) { .mc-live-pad { display: none !important; } }
@media (max-width: 600px) {
  body:has(.mc-live-seat) .jp-RenderedHTMLCommon h1 { font-size: 24px; line-height: 1.2;
    margin: 0; }
  body:has(.mc-live-seat) .jp-RenderedHTMLCommon h1 + p { font-size: 15px; line-height: 1.35;
    margin: 0; }
  .mc-live-seat .mc-book-who { font-size: 15px; line-height: 1.35; margin: 0 0 4px; }
  .mc-live-seat .mc-cards svg { width: 15vw; height: auto; }
  .mc-live-seat .mc-dice svg { width: 12vw; height: auto; }
  .mc-live-seat .mc-target-number { font-size: 36px; }
  .mc-live-seat .mc-live-round-number { margin: 2px 0; font-size: 18px; }
  .mc-live-seat .mc-live-status { font-size: 18px; }
  .mc-live-seat .mc-live-time-note .widget-html-content { font-size: 15px; line-height: 1.3; }
  .mc-live-seat .widget-inline-hbox.mc-answer { flex: 1 1 0 !important; min-width: 0; }
  .mc-live-seat .mc-preview, .mc-live-seat .mc-preview math { font-size: 18px; }
  .mc-live-seat .mc-verdict .mc-message { font-size: 17px; line-height: 1.35; } }
</style>"""


def colours_of(level: str | None, dice: int) -> tuple[str, ...]:
    """The dice's colours at the game's level (blue when the level is not known)."""
    if level in LEVELS:
        return LEVELS[level].colours
    return ("blue",) * dice


def render_round(round_view: RoundView | None) -> str:
    """The round's cards and target (the dice in its level's colours), or nothing before the
    first round."""
    if round_view is None:
        return ""
    dice, level = tuple(round_view["dice"]), round_view["level"]
    heading = escape(_("Round {n}").format(n=round_view["number"]))
    drawn = render_table(list(round_view["cards"]), dice, colours_of(level, len(dice)))
    return f"<h3 class='mc-live-round-number'>{heading}</h3>{drawn}"


def render_countdown(seconds: float | None) -> str:
    if seconds is None:
        return ""
    left = max(0, round(seconds))
    if not left:
        return escape(_("Time's up!"))
    return escape(ngettext("{n} second left", "{n} seconds left", left).format(n=left))


def time_note(view: MamSeatView) -> str:
    """What a student's page says of the round's time, in one sentence: who can change a
    countdown and how, or that there is none (WCAG 2.2.1)."""
    round_view, phase = view["round"], view["phase"]
    if round_view is None or not view["joined"]:
        return ""
    if phase == Phase.CLOSED:
        return _("The teacher can still give more time.")
    if phase not in (Phase.OPEN, Phase.PAUSED):
        return ""
    if round_view["seconds_left"] is None:
        return _("This round has no countdown: take your time.")
    return _("The teacher can give more time or turn the countdown off.")


def seat_status(view: MamSeatView) -> str:
    """What the student's page says about the game, in one sentence."""
    phase = view["phase"]
    if view["game"] is None:
        return _("No live game yet: wait for the teacher to start one.")
    if view["removed"]:
        return _("The teacher has taken you out of the room.")
    if not view["joined"]:
        return _("Join the class with your name to play.")
    number = view["round"]["number"] if view["round"] is not None else None
    sentences = {
        Phase.LOBBY: _("You are in! Wait for the teacher to start the first round."),
        Phase.OPEN: _("Round {n}: make the target from the cards, then press MAM!"),
        Phase.PAUSED: _("The teacher has paused the game: wait a moment."),
        Phase.CLOSED: _("Time is up: look at the projector."),
        Phase.REVEALED: _("Look at the projector: the answers of round {n} are shown."),
        Phase.OVER: _("The game is over."),
    }
    return sentences.get(phase, "").format(n=number) if phase is not None else ""


def verdict_of(judged: MineAnswer) -> Verdict:
    """An answer's verdict as the service judged it, to be said in this page's language."""
    return Verdict.from_json(dict(judged["verdict"]))


def verdict_sentence(
    judged: MineAnswer, scoring: str = "rulebook", last: bool = False
) -> tuple[str, bool]:
    """The private verdict: the checker's sentence, from the reason the service judged the
    answer by, in this page's language; what the claim did as the service scored it
    (docs/rules.md#mam-round), and what comes next (no next round after the `last`); each
    sentence ends with its full stop."""
    verdict = verdict_of(judged)
    wait = (
        _("That was the last round: the podium comes next.")
        if last
        else _("Wait for the next round.")
    )
    if not verdict.correct:
        said = _("Not quite: {reason}.").format(reason=verdict.message.rstrip("."))
        if scoring != "rulebook":
            again = _("Try again.")
            return f"{said} {again}", False
        return f"{said} {others_take(judged['given'])} {wait}", False
    points = judged["points"]
    if judged["first"]:
        won = ngettext(
            "You were first: you win {n} card.", "You were first: you win {n} cards.", points
        ).format(n=points)
    elif points:
        won = you_win(points)
    else:
        won = _("Someone was faster this time: no cards won.")
    return f"{verdict.message} {won} {wait}", True


def others_take(given: int) -> str:
    """What a wrong claim cost the others, as the service counted it: a card each, or none
    (the round was won already, or no one else is in the room)."""
    if not given:
        return _("The others take no card for it.")
    return ngettext(
        "The other player takes a card.", "The {n} other players each take a card.", given
    ).format(n=given)


def render_score(view: MamSeatView) -> str:
    """The student's own cards won and place (their team's, in teams)."""
    if not view["joined"] or view["game"] is None:
        return ""
    if view.get("team"):
        return f"<p>{escape(team_has(view['points'], view['place']))}</p>"
    return f"<p>{escape(you_have(view['points'], view['place']))}</p>"


def team_has(cards: int, place: int | None = None) -> str:
    """ "Your team has 3 cards, place 1." — said whole, for the count's form."""
    if place:
        said = ngettext(
            "Your team has {n} card, place {place}.",
            "Your team has {n} cards, place {place}.",
            cards,
        )
        return said.format(n=cards, place=place)
    return ngettext("Your team has {n} card.", "Your team has {n} cards.", cards).format(n=cards)


def you_win(cards: int) -> str:
    """ "You win 1 card." — said whole, for the count's form ("Wygrywasz 1 kartę", "… 5 kart")."""
    return ngettext("You win {n} card.", "You win {n} cards.", cards).format(n=cards)


def you_have(cards: int, place: int | None = None) -> str:
    """ "You have 1 card, place 2." — said whole, for the count's form ("Masz 1 kartę")."""
    if place:
        said = ngettext(
            "You have {n} card, place {place}.", "You have {n} cards, place {place}.", cards
        )
        return said.format(n=cards, place=place)
    return ngettext("You have {n} card.", "You have {n} cards.", cards).format(n=cards)


def render_podium(podium: list[StandingView] | None) -> str:
    """The first three places; a tie said in words: how the rules' tie-break parted the tied
    players (docs/rules.md#mam-end), or that they share a place it cannot part them for."""
    if not podium:
        return ""
    podium = named(podium)
    heading = escape(_("The podium"))
    items = "".join(
        f"<li data-place='{int(standing['place'])}' data-name='{escape(standing['name'])}'>"
        f"{escape(place_line(standing))}</li>"
        for standing in podium
    )
    notes = "".join(f"<p class='mc-live-tie'>{escape(note)}</p>" for note in tie_notes(podium))
    return f"<h3>{heading}</h3><ol>{items}</ol>{notes}"


def tie_notes(podium: list[StandingView]) -> list[str]:
    """A sentence for each group of players on the podium with as many cards as each other."""
    notes = []
    for points in dict.fromkeys(standing["points"] for standing in podium):
        tied = [standing for standing in podium if standing["points"] == points]
        if len(tied) < 2:
            continue
        names = and_list([standing["name"] for standing in tied])
        said = _("A tie: {names} have the same number of cards ({cards}).").format(
            names=names, cards=cards_count(int(points))
        )
        shared = {int(standing["place"]) for standing in tied}
        if len(shared) == len(tied):
            why = _(
                "The rules' tie-break: of them, whoever last gave a winning answer places higher."
            )
        elif len(shared) == 1:
            why = _("They share place {place}: the rules' tie-break cannot part them.").format(
                place=min(shared)
            )
        else:
            why = _(
                "Of them, whoever last gave a winning answer places higher; "
                "those who never did share a place."
            )
        notes.append(f"{said} {why}")
    return notes


def place_line(standing: StandingView) -> str:
    return _("{place}. {name}: {cards}").format(
        place=standing["place"], name=standing["name"], cards=cards_count(int(standing["points"]))
    )


def render_leaderboard(leaderboard: list[StandingView], length: int) -> str:
    """The first `length` places (none: hidden)."""
    if not length or not leaderboard:
        return ""
    leaderboard = named(leaderboard)
    heads = (_("place"), _("name"), _("cards"))
    head = "".join(f"<th>{escape(h)}</th>" for h in heads)
    rows = "".join(
        f"<tr data-name='{escape(s['name'])}'><td>{int(s['place'])}</td>"
        f"<td>{escape(s['name'])}</td><td>{int(s['points'])}</td></tr>"
        for s in leaderboard[:length]
    )
    title = heading(_("Leaderboard"))
    return f"{title}<table><tr>{head}</tr>{rows}</table>"


def render_answered(view: MamProjectorView) -> str:
    """How many have answered and how many were right: never who, never what."""
    if view["round"] is None:
        return ""
    right = len({a["name"] for a in view["board"] if a["correct"]})
    answered = _("{answered} of {room} have answered").format(
        answered=view["answered"], room=view["answered_of"]
    )
    made = ngettext("{n} right", "{n} right", right).format(n=right)
    return f"{escape(answered)} · <span class='mc-live-right'>{escape(made)}</span>"


def render_first(view: MamProjectorView, show_text: bool) -> str:
    """The first right answer of the round and who gave it, once the round is revealed."""
    first = next((a for a in view["board"] if a["first"]), None)
    if not show_text:
        return ""
    if first is None:
        return escape(_("No right answer this round.")) if view["round"] else ""
    line = _("First right answer: {name}").format(name=who(first))
    return f"<b>{escape(line)} — {escape(first['text'])}</b>"


def render_board(board: list[BoardAnswer], wrong_names: bool = False) -> str:
    """The revealed round's answers in order of arrival (1, 2, 3…): who, what, right or not;
    the names of wrong answers only if the teacher shows them."""
    if not board:
        return ""
    heads = ["#", _("name"), _("answer"), _("right?"), _("cards")]
    head = "".join(f"<th>{escape(h)}</th>" for h in heads)
    rows = []
    for arrival, answer in enumerate(board, 1):
        named = answer["correct"] or wrong_names
        name = escape(who(answer)) if named else "—"
        cells = [str(arrival), name, escape(answer["text"])]
        cells += [sign(answer["correct"]), str(answer["points"])]
        tds = "".join(f"<td>{cell}</td>" for cell in cells)
        correct = "true" if answer["correct"] else "false"
        attribute = f" data-name='{name}'" if named else ""
        rows.append(f"<tr{attribute} data-correct='{correct}'>{tds}</tr>")
    return f"<table><tr>{head}</tr>{''.join(rows)}</table>"


def who(answer: BoardAnswer) -> str:
    """Who gave an answer, as the wall names them: their team, in teams."""
    team = answer.get("team")
    return answer["name"] if team is None else team_name(team)


def render_reveal(
    target: int, shown: RevealView | None, teams: Mapping[str, int] | None = None
) -> str:
    """On reveal: the best solutions, the class's right answers by cards used (by team, in
    `teams`: each student's), the common mistakes counted, as the service worked them out once
    (said in this page's language)."""
    if shown is None:
        return ""
    parts = [heading(_("The best ways"))]
    if shown["solutions"]:
        ways = [expression.pretty(frozen(form)) for form in shown["solutions"]]
        items = "".join(f"<li>{escape(way)} = {target}</li>" for way in ways)
        parts.append(f"<ul>{items}</ul>")
    else:
        nothing = _("No calculation makes {target} from these cards.").format(target=target)
        parts.append(f"<p>{escape(nothing)}</p>")
    if shown["right"]:
        parts += [heading(_("The class made it")), "<ul>"]
        for made in shown["right"]:
            said = [team_name(teams[n]) if teams and n in teams else n for n in made["names"]]
            names = ", ".join(dict.fromkeys(said))
            parts.append(f"<li>{escape(cards_count(made['cards']))}: {escape(names)}</li>")
        parts.append("</ul>")
    if shown["mistakes"]:
        parts += [heading(_("Common mistakes")), "<ul>"]
        for mistaken in shown["mistakes"]:
            sentence = str(Reason.from_json(mistaken["reason"]))
            parts.append(f"<li>{escape(sentence)} (×{mistaken['count']})</li>")
        parts.append("</ul>")
    return "".join(parts)


def heading(text: str) -> str:
    return f"<h3>{escape(text)}</h3>"


def render_settings(settings: MamSettings | None) -> str:
    """The live game's settings, in one line (the seed shown, to replay it)."""
    if not settings:
        return ""
    level = settings["level"]
    label = LEVELS[level].label if level in LEVELS else str(level)
    scoring = settings["scoring"]
    line = _("Level {level}, {rounds} rounds, scoring {scoring}, seed {seed}").format(
        level=label,
        rounds=settings["rounds"],
        scoring=scoring_label(scoring) if scoring in SCORINGS else scoring,
        seed=settings["seed"],
    )
    return f"<p class='mc-live-settings'>{escape(line)}</p>"
