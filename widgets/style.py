"""The page style: the CSS every game's widgets carry in their first child, written once.

A page may show one widget or ten; each brings its own style so it looks right alone, and the
browser applies the same rules once however often they repeat.
"""

from __future__ import annotations

import functools

import ipywidgets as w

from widgets.controls import html

# Right and wrong are green and red, and ✓ and ✗ too; a notice (a refusal: the game waits) is
# neither, in blue on a pale blue band with no sign; a word only a screen reader says is
# hidden from the eye (`mc-hidden`, and the MAM! answer box's label), not from the reader.
MESSAGE_STYLE = """<style>
.mc-message { font-size: 18px; min-height: 1.4em; }
.mc-message.mc-error { color: #b91c1c; }
.mc-message.mc-ok { color: #15803d; }
.mc-message.mc-notice { color: #1e3a8a; background: #eff6ff; border-left: 4px solid #1d4ed8;
  border-radius: 4px; padding: 2px 10px; }
.mc-confirm { background: #fef3c7; border-radius: 8px; }
.mc-book-retry { align-self: flex-start; }
.mc-assignments-box { background: #f0f9ff; border-left: 4px solid #0369a1; border-radius: 4px;
  padding: 2px 12px; margin: 4px 0; font-size: 17px; line-height: 1.5; }
.mc-assignments-box p, .mc-assignments-box ul { margin: 2px 0; }
.mc-assignments-box ul { padding-left: 1.2em; }
.mc-assignments-box progress { width: 7em; vertical-align: middle; }
.mc-assignment-done .mc-assignment-said { color: #166534; font-weight: 600; }
.mc-sign { font-weight: 700; margin-right: .35em; }
.mc-hidden, .mc-region-name, .mc-answer > .widget-label { position: absolute;
  width: 1px !important; min-width: 0 !important; height: 1px; overflow: hidden;
  clip-path: inset(50%); white-space: nowrap; margin: 0 !important; }
</style>"""

# A formula drawn as MathML keeps its plain text beside it, hidden but read aloud and copied;
# a long one scrolls sideways rather than widen a phone's page, and never up and down (a
# fraction's glyphs stand a pixel past its line: a box that scrolls must be reached by Tab).
FORMULA_STYLE = """<style>
.mc-said { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
.mc-formula { overflow-x: auto; overflow-y: hidden; padding: 2px 0; }
.mc-formula math { font-size: 1.15em; }
</style>"""

# On a phone a table too wide for it (`widgets.tables.table(..., stack=True)`) shows each row
# as a card of labelled lines; headings wrap rather than widen a table.
TABLE_STYLE = """<style>
@media (max-width: 600px) {
  .mc-odds-table th, .mc-report th, .mc-odds-table td, .mc-round-end th { white-space: normal; }
  .mc-round-end td, .mc-round-end th { padding: 2px 6px; }
  table.mc-stack, table.mc-stack tbody, table.mc-stack tr, table.mc-stack td { display: block; }
  table.mc-stack tr:first-child { display: none; }
  table.mc-stack tr { border-bottom: 2px solid #cbd5e1; padding: 4px 0; }
  table.mc-stack td { border: none !important; text-align: left !important;
    padding: 1px 4px !important; white-space: normal !important; overflow-wrap: anywhere; }
  table.mc-stack td[data-label]:not([data-label=""])::before { content: attr(data-label) ": ";
    font-weight: 600; }
  table.mc-odds-table.mc-stack td { display: inline-block; box-sizing: border-box; width: 50%; }
  table.mc-odds-table.mc-stack td:first-child { width: 100%; }
}
</style>"""

MAM_STYLE = """<style>
.mc-target-number { font: 700 44px sans-serif; margin: 0 12px; }
.mc-answer input { font-size: 22px !important; height: 40px !important; }
.mc-preview { font-size: 20px; min-height: 1.6em; }
.mc-preview math { font-size: 22px; }
.mc-scores table { font-size: 18px; border-collapse: collapse; }
.mc-scores td { padding: 2px 12px; }
.mc-countdown { font-size: 20px; font-weight: 700; color: #9a3412; }
.mc-nowrap, .mc-solutions li { white-space: nowrap; }
.mc-solutions { overflow-x: auto; }
.mc-report { border-collapse: collapse; font-size: 17px; margin-top: 8px; }
.mc-report td, .mc-report th { padding: 3px 10px; border-bottom: 1px solid #e5e7eb; }
.mc-hint-cost { color: #9a3412; font-size: 16px; margin: 0; }
.widget-dropdown { max-width: calc(100% - 2 * var(--jp-widgets-margin)); }
.mc-power-choice { height: auto !important; max-width: calc(100% - 2 * var(--jp-widgets-margin)); }
.mc-power-choice .widget-label-basic { white-space: normal; height: auto; }
</style>"""

LAMA_STYLE = """<style>
.mc-seat { display: inline-block; margin: 0 18px 8px 0; vertical-align: top; }
.mc-seat-name { font-weight: 700; font-size: 17px; }
.mc-quit-mark { color: #b91c1c; font-weight: 700; }
.mc-lama-feed { font-size: 16px; line-height: 1.5; }
.mc-round-end td, .mc-round-end th { padding: 2px 12px; font-size: 17px; }
.mc-lama-odds { font-size: 17px; background: #f1f5f9; padding: 6px 12px; }
</style>"""

LAMA_DICE_STYLE = """<style>
@keyframes mc-tumble { 0% { transform: rotate(-30deg) scale(.6); opacity: .3 }
                       60% { transform: rotate(10deg) scale(1.08); opacity: 1 }
                       100% { transform: none } }
.mc-dice-row svg.mc-die { animation: mc-tumble .45s ease-out; }
@media (prefers-reduced-motion: reduce) { .mc-dice-row svg.mc-die { animation: none; } }
.mc-case, .mc-headline { font-size: 20px; font-weight: 600; min-height: 1.4em; }
.mc-headline .mc-next { font-weight: 400; display: block; }
.mc-odds-table { border-collapse: collapse; margin: 6px 0; }
.mc-odds-table td, .mc-odds-table th { padding: 3px 12px; text-align: right; font-size: 18px;
  border-bottom: 1px solid #e5e7eb; vertical-align: middle; white-space: nowrap; }
.mc-odds-table td:first-child { white-space: normal; }
.mc-odds-table td:first-child, .mc-odds-table th:first-child { text-align: left; }
.mc-scroll { max-width: 100%; overflow-x: auto; }
svg.mc-card.mc-match rect { stroke: #d97706; stroke-width: 7; }
svg.mc-card.mc-match { filter: drop-shadow(0 0 6px #f59e0b); }
.mc-seat { border: 2px solid #e5e7eb; border-radius: 10px; padding: 6px 10px; margin: 6px 0;
  background: #fff; }
.mc-seat.mc-to-move { border-color: #1d4ed8; }
.mc-seat-name { font-weight: 700; font-size: 18px; }
.mc-seat-cards { display: flex; flex-wrap: wrap; gap: 14px 24px; align-items: center; }
.mc-layout-dice { display: flex; flex-wrap: wrap; gap: 6px 22px; }
.mc-layout-die { display: flex; align-items: center; gap: 3px; }
.mc-layout-die b { margin-right: 4px; white-space: nowrap; }
.mc-dice-used { margin: 4px 0 8px; color: #374151; }
.mc-dice-used .mc-layout-die b { font-size: 14px; font-weight: 600; }
.mc-decisions .mc-row, .mc-dice-chances .mc-layout-die { flex-wrap: nowrap !important;
  gap: 4px !important; }
.mc-decisions .mc-row svg, .mc-dice-chances svg { flex-shrink: 0; }
.mc-log { color: #4b5563; font-size: 16px; }
.mc-charts { display: flex; flex-wrap: wrap; gap: 12px 24px; }
.mc-charts > div { flex: 1 1 300px; max-width: 640px; }
.mc-progress { color: #4b5563; }
.mc-dice-widget, .mc-dice-widget .widget-html, .mc-dice-widget .widget-html-content {
  min-width: 0; max-width: 100%; }
@media (max-width: 600px) {
  .mc-odds-table td, .mc-odds-table th { padding: 3px 6px; font-size: 16px; }
  .mc-seat { padding: 4px 6px; }
}
.mc-bars { max-width: 680px; margin: 10px 0; }
.mc-keys { display: flex; flex-wrap: wrap; gap: 4px 18px; margin: 4px 0 8px; }
.mc-key i { display: inline-block; width: 14px; height: 14px; margin-right: 6px;
  border: 1px solid #374151; border-radius: 3px; vertical-align: -1px; }
.mc-bar-row { display: grid; grid-template-columns: minmax(4.5em, 9em) 1fr; gap: 8px;
  align-items: center; margin: 5px 0; }
.mc-bar { height: 24px; border-radius: 4px; margin: 2px 0; min-width: 3.2em; color: #fff;
  font-size: 16px; line-height: 22px; box-sizing: border-box; padding-left: 6px;
  border: 1px solid #374151;
  white-space: nowrap; }
</style>"""

UNIKAT_STYLE = """<style>
.mc-unikat-pick { background-size: contain; background-repeat: no-repeat;
  background-position: center; background-color: transparent; border: none; }
.mc-unikat-pick.jupyter-button, .mc-unikat-slot.jupyter-button {  /* named, not shown */
  font-size: 0 !important; color: transparent !important; overflow: hidden; }
.mc-unikat-rack, .mc-unikat-display { padding: 8px 6px; gap: 6px; overflow: visible; }
.mc-unikat-rack .mc-unikat-pick.mc-selected { box-shadow: 0 0 0 5px #f97316 !important; }
.mc-unikat-pick:disabled { opacity: 1; cursor: default; }
.mc-unikat-board { overflow: auto; max-height: 600px; max-width: 100%;
  border: 1px solid #cbd5e1; padding: 6px; background: #f1f5f9; }
.mc-unikat-board > .widget-gridbox { overflow: visible; flex: none; }  /* the board scrolls */
.mc-unikat-slot { background: #fde68a; border: 3px dashed #b45309; min-width: 0; }
.mc-unikat-slot:hover { background: #fbbf24; }
.mc-unikat-last svg { outline: 4px solid #f97316; outline-offset: -2px; }
.mc-unikat-hint { opacity: .55; position: relative; }
.mc-unikat-hint b { position: absolute; left: 4px; top: 0; font: 700 20px sans-serif;
  color: #111827; background: #fff; border-radius: 6px; padding: 0 4px; }
.mc-unikat-status { font-size: 17px; }
.mc-unikat-log { font-size: 15px; color: #334155; }
.mc-unikat-table-view, .mc-unikat-deck-grid { display: grid; gap: 2px; max-width: 100%; }
.mc-unikat-table-view svg, .mc-unikat-deck-grid svg { width: 100%; height: auto; display: block; }
.mc-unikat-curve { max-width: 100%; height: auto; }
.mc-unikat-exact, .mc-unikat-simulated { overflow-wrap: anywhere; }
.mc-unikat-step { display: inline-flex; flex-direction: column; align-items: center;
  margin: 2px; font: 12px sans-serif; }
.mc-unikat-verdict { font-size: 18px; min-height: 1.4em; }
</style>"""


@functools.cache
def page_style(game_style: str, *more: str) -> w.HTML:
    """A widget's first child: its game's style, the message line's, formulas' and tables'
    style and any `more`; one view for every widget of the page that asks for the same."""
    return html(
        "mc-style", game_style + MESSAGE_STYLE + FORMULA_STYLE + TABLE_STYLE + "".join(more)
    )
