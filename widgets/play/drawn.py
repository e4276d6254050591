"""A table of students drawn for a page (pure: state → HTML): each seat (its player, points, a
computer or away, whose turn it is) and the game as the reader's own view shows it, with each
game's own drawings (LAMA Dice's rows and dice, LAMA's hand and piles, Unikat's board and
rack); and a table at a glance, for the projector. The view is the engine's, read back from
what the service sent (`mathcards.views.view_of`): a page draws only what its player may see."""

from __future__ import annotations

from html import escape
from typing import Any

from mathcards.classroom.protocol.play import TableSeen
from mathcards.i18n import _, ngettext
from mathcards.lama_dice.game import cards_words
from mathcards.views import view_of
from widgets.lama.cards import render_backs, render_hand, render_piles
from widgets.lama_dice.cards import render_dice, render_row
from widgets.play.words import GAME_NAMES, happened, seat_words, whose_turn
from widgets.unikat.cards import draw, render_table

PLAY_STYLE = """<style>
.mc-play-status { font-size: 20px; font-weight: 600; }
.mc-play-seat { border: 2px solid #e5e7eb; border-radius: 10px; padding: 4px 8px; margin: 4px 0; }
.mc-play-seat.mc-to-move { border-color: #1d4ed8; border-width: 3px; }
.mc-play-seat.mc-away { border-style: dashed; background: #f9fafb; }
.mc-play-seat-name { font-weight: 700; }
.mc-play-moves { display: flex; flex-wrap: wrap; gap: 6px; }
.mc-play-newest { color: #374151; font-size: 15px; margin: 0; padding-left: 1.2em; }
.mc-play-wall { display: grid; gap: 12px;
  grid-template-columns: repeat(auto-fill, minmax(17em, 1fr)); }
.mc-play-glance { border: 2px solid #cbd5e1; border-radius: 10px; padding: 8px 12px; }
.mc-play-glance.mc-over { border-color: #15803d; }
.mc-play-glance h3 { margin: 0 0 4px; font-size: 20px; }
.mc-play-glance ul { margin: 0; padding-left: 1.1em; }
.mc-play-debrief { font-size: 19px; }
.mc-play-values { border-collapse: collapse; }
.mc-play-values th, .mc-play-values td { padding: 2px 16px 2px 0; text-align: left; }
.mc-play-values td { overflow-wrap: anywhere; }  /* a long exact fraction wraps, never cuts */
.mc-play-accuracy { font-size: 22px; font-weight: 700; }
.mc-play-frame { border-top: 1px solid #cbd5e1; padding-top: 6px; }
.mc-play-projector .widget-checkbox .widget-label-basic { white-space: normal; height: auto; }
.mc-play-projector .widget-checkbox { height: auto; max-width: 100%; }
</style>"""


def render_status(table: TableSeen, player: str | None) -> str:
    """Which table, whose turn (said in words, not only by the colour of a seat); the moves
    made so far in `data-moves`, for a page's tests to wait on."""
    named = _("Table {number} · {game}").format(
        number=table["number"], game=_(GAME_NAMES[table["game"]])
    )
    said = f"{escape(named)}: {escape(whose_turn(table, player))}"
    return f'<p class="mc-play-status" data-moves="{table["moves"]}">{said}</p>'


def render_seats(table: TableSeen, player: str | None, drawn: dict[str, str]) -> str:
    """Every seat in seating order, each with what the game shows of it (`drawn`)."""
    seats = []
    for seat in table["seats"]:
        name = seat["player"]
        css = "mc-play-seat"
        if name in table["to_move"]:
            css += " mc-to-move"
        if seat["away"]:
            css += " mc-away"
        said = seat_words(seat, player, table["scores"].get(name, 0))
        turn = " ◀ " + escape(_("to move")) if name in table["to_move"] else ""
        seats.append(
            f'<div class="{css}" data-player="{escape(name)}">'
            f'<div class="mc-play-seat-name">{escape(said)}{turn}</div>'
            f"{drawn.get(name, '')}</div>"
        )
    return "".join(seats)


def render_newest(table: TableSeen) -> str:
    """The table's newest moves, the newest last."""
    lines = "".join(f"<li>{escape(happened(table['game'], m))}</li>" for m in table["newest"])
    return f'<ul class="mc-play-newest">{lines}</ul>' if lines else ""


def render_game(table: TableSeen, player: str | None, sent: dict[str, Any]) -> str:
    """The game as this player's view shows it: the seats, and the shared parts in the middle."""
    view = view_of(table["game"], sent)
    draw_game = {"lama": _lama, "lama_dice": _lama_dice, "unikat": _unikat}[table["game"]]
    drawn, middle = draw_game(view)
    return render_seats(table, player, drawn) + middle


def _lama_dice(view: Any) -> tuple[dict[str, str], str]:
    """Every row face up (a quit row face down), the llama row and the dice last rolled."""
    drawn = {
        name: render_row(row, face_down=name in view.quit, width=44)
        for name, row in view.rows.items()
    }
    rolled = view.last_roll
    if rolled is not None and rolled.player in drawn:
        drawn[rolled.player] += render_dice(rolled.faces, size=48)
    llamas = escape(_("Llama row: {cards}").format(cards=cards_words(view.llama_row) or "—"))
    middle = f"<p>{llamas}</p>{render_row(view.llama_row, width=44)}"
    return drawn, middle


def _lama(view: Any) -> tuple[dict[str, str], str]:
    """Your hand face up, the others' as backs; the discard and draw piles."""
    drawn = {seat.name: render_backs(seat.cards) for seat in view.others}
    drawn[view.viewer] = render_hand(view.hand, width=52)
    return drawn, render_piles(view)


def _unikat(view: Any) -> tuple[dict[str, str], str]:
    """Your rack face up, the others' counts; the cards on the table and the display."""
    drawn = {
        name: escape(ngettext("{n} card", "{n} cards", count).format(n=count))
        for name, count in view.rack_sizes.items()
    }
    drawn[view.viewer] = "".join(draw(one, 44) for one in view.rack)
    display = "".join(draw(one, 44) for one in view.display)
    shown = escape(_("Display: {n} · bag: {bag}").format(n=len(view.display), bag=view.bag_size))
    return drawn, f"{render_table(view.board, width=44)}<p>{shown}</p>{display}"


def render_glance(table: TableSeen) -> str:
    """A table at a glance, for the projector: whose turn, the scores so far, over or not; the
    players and their points, never a hand."""
    css = "mc-play-glance mc-over" if table["over"] else "mc-play-glance"
    heading = _("Table {number}").format(number=table["number"])
    if table["over"]:
        state = _("Finished. Won: {winners}").format(winners=", ".join(table["winners"]))
    else:
        state = whose_turn(table, None)
    seats = "".join(
        f"<li>{escape(seat_words(seat, None, table['scores'].get(seat['player'], 0)))}</li>"
        for seat in table["seats"]
    )
    return (
        f'<div class="{css}" data-table="{table["number"]}"><h3>{escape(heading)}</h3>'
        f"<p>{escape(state)}</p><ul>{seats}</ul></div>"
    )


def render_wall(tables: list[TableSeen]) -> str:
    return f'<div class="mc-play-wall">{"".join(render_glance(t) for t in tables)}</div>'
