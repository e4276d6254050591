"""The odds that a rack can touch the start card: exact, drawn as a curve, next to many
simulated deals."""

from __future__ import annotations

from html import escape

import ipywidgets as w

from mathcards.i18n import _, ngettext, number, percent
from mathcards.unikat.odds import (
    RACK_SIZES,
    against_exact,
    can_lay_first,
    can_lay_first_by_size,
    exactly,
    expected_neighbours,
)
from mathcards.unikat.odds import simulate_can_lay_first as simulate
from widgets.controls import (
    Complains,
    button,
    html,
    shows_errors,
)
from widgets.style import UNIKAT_STYLE, page_style


def render_odds_curve(chosen: int, height: int = 200, step: int = 6) -> str:
    """The exact chance for every rack size 1–80 as a curve, the chosen size marked."""
    left, bottom, top = 34, height - 24, 14
    odds = can_lay_first_by_size()

    def x(n: int) -> float:
        return left + step * n

    def y(n: int) -> float:
        return bottom - (bottom - top) * float(odds[n])

    width = int(x(max(odds))) + 20
    points = " ".join(f"{x(n):.0f},{y(n):.1f}" for n in odds)
    ticks = "".join(
        f'<text x="{x(n):.0f}" y="{height - 6}" font-size="12" text-anchor="middle">{n}</text>'
        for n in odds
        if n % 10 == 0
    )
    label = escape(
        _("chance that a rack can touch the start card, by rack size; {n} marked").format(n=chosen)
    )
    axis = escape(_("rack size"))
    return (
        f'<svg class="mc-unikat-curve" role="img" aria-label="{label}" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}"><title>{label}</title>'
        f'<line x1="{left}" y1="{bottom}" x2="{width - 6}" y2="{bottom}" stroke="#64748b"/>'
        f'<line x1="{left}" y1="{top}" x2="{left}" y2="{bottom}" stroke="#64748b"/>'
        f'<text x="4" y="{top + 4}" font-size="12">{percent(1, digits=0)}</text>'
        f'<text x="14" y="{bottom}" font-size="12">{percent(0, digits=0)}</text>{ticks}'
        f'<polyline points="{points}" fill="none" stroke="#2563eb" stroke-width="2.5"/>'
        f'<circle cx="{x(chosen):.0f}" cy="{y(chosen):.1f}" r="6" fill="#f97316"/></svg>'
        f'<div style="font-size:13px;margin-left:{left}px">{axis}</div>'
    )


class RackOdds(Complains, w.VBox):
    """Pick a rack size: the exact chance that the rack can touch the start card, next to many
    simulated deals."""

    BATCHES = (100, 1_000, 10_000)

    def __init__(self, rack_size: int = 10, seed: int | None = 2026) -> None:
        self.seed = seed
        self.deals: list[bool] = []
        self.size = w.IntSlider(
            value=rack_size, min=min(RACK_SIZES), max=max(RACK_SIZES), description=_("rack size")
        )
        self.size.add_class("mc-unikat-rack-size")
        self.size.observe(lambda _change: self.reset(), names="value")
        self.exact = html("mc-unikat-exact")
        self.simulated = html("mc-unikat-simulated")
        self.message = html("mc-message-box")
        buttons = [
            button(
                ngettext("Deal {count} rack", "Deal {count} racks", n).format(count=number(n, 0)),
                f"mc-deal-{n}",
                lambda _b, n=n: self.deal(n),
            )
            for n in self.BATCHES
        ]
        super().__init__(
            [
                page_style(UNIKAT_STYLE),
                self.size,
                self.exact,
                w.HBox(buttons),
                self.simulated,
                self.message,
            ]
        )
        self.reset()

    @shows_errors
    def reset(self) -> None:
        """A new rack size: its exact odds, and no deals yet."""
        from widgets.unikat.derivation import render_rack  # sympy, once a derivation shows

        n = self.size.value
        chance = can_lay_first(n)
        self.deals = []
        exact = ngettext(
            "A rack of {n} card: exactly {chance} ≈ {percent} that it holds a card that may "
            "touch the start card; on average {expected} such cards.",
            "A rack of {n} cards: exactly {chance} ≈ {percent} that it holds a card that may "
            "touch the start card; on average {expected} such cards.",
            n,
        ).format(
            n=n,
            chance=f"<b>{chance}</b>",
            percent=f"<b>{percent(chance)}</b>",
            expected=exactly(expected_neighbours(n)),
        )
        self.exact.value = f"<p>{exact}</p>" + render_rack(n) + render_odds_curve(n)
        self.simulated.value = ""

    @shows_errors
    def deal(self, count: int) -> None:
        """Deal `count` more racks of the chosen size; compare the share with the exact chance."""
        seed = None if self.seed is None else self.seed + len(self.deals)
        self.deals += simulate(self.size.value, count, seed=seed)
        share, gap = against_exact(self.deals, self.size.value)
        simulated = _(
            "{hits} of {deals} simulated racks could touch it: {share} (off the exact chance by "
            "{gap})."
        ).format(
            hits=number(sum(self.deals), 0),
            deals=number(len(self.deals), 0),
            share=f"<b>{percent(share)}</b>",
            gap=("+" if gap >= 0 else "−") + percent(abs(gap)),
        )
        self.simulated.value = f"<p>{simulated}</p>"
