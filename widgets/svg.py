"""Cards and dice drawn as SVG: crisp on a projector, no image files, labelled for screen readers.

Every drawing is a pure function from values to an HTML string, with stable CSS classes
(`mc-card`, `mc-die`) for styling and for the browser tests.
"""

from __future__ import annotations

from html import escape

DIE_COLOURS = {
    "blue": ("#1d4ed8", "#ffffff"),
    "black": ("#111827", "#ffffff"),
    "red": ("#b91c1c", "#ffffff"),
    "white": ("#ffffff", "#111827"),
}
CARD_INK = "#0f172a"
CARD_BACK = "#0e7490"


def card(
    value: int | str,
    *,
    width: int = 84,
    label: str | None = None,
    extra: str = "",
    paper: str = "#fffdf7",
) -> str:
    """A face-up card, its value large in the middle and small in two corners."""
    height = round(width * 1.45)
    text = escape(str(value))
    spoken = escape(label or f"card {value}")
    big = round(width * (0.5 if len(text) < 3 else 0.38))
    small = round(width * 0.18)
    return (
        f'<svg class="mc-card {extra}" role="img" aria-label="{spoken}" data-value="{text}" '
        f'width="{width}" height="{height}" viewBox="0 0 {width} {height}">'
        f"<title>{spoken}</title>"
        f'<rect x="2" y="2" width="{width - 4}" height="{height - 4}" rx="{width // 9}" '
        f'fill="{paper}" stroke="{CARD_INK}" stroke-width="3"/>'
        f'<text x="50%" y="54%" text-anchor="middle" dominant-baseline="middle" '
        f'font-family="sans-serif" font-weight="700" font-size="{big}" fill="{CARD_INK}">'
        f"{text}</text>"
        f'<text x="{width * 0.12:.0f}" y="{small + 6}" font-family="sans-serif" '
        f'font-size="{small}" fill="{CARD_INK}">{text}</text>'
        f'<text x="{width * 0.88:.0f}" y="{height - 10}" text-anchor="end" '
        f'font-family="sans-serif" font-size="{small}" fill="{CARD_INK}">{text}</text>'
        "</svg>"
    )


def card_back(count: int, *, width: int = 84, label: str | None = None) -> str:
    """A face-down pile (the deck, by default): a thicker pile for more cards, and its count
    written under it."""
    cards = "1 card" if count == 1 else f"{count} cards"
    spoken = escape(label or f"deck: {cards} left")
    height, layers, step = round(width * 1.45), min(1 + count // 12, 4) if count else 0, 3
    total_width, total_height = width + step * 3, height + step * 3 + 24
    backs = "".join(
        f'<rect x="{2 + step * (3 - layer)}" y="{2 + step * layer}" width="{width - 4}" '
        f'height="{height - 4}" rx="{width // 9}" fill="{CARD_BACK}" stroke="{CARD_INK}" '
        'stroke-width="2"/>'
        for layer in range(layers)
    )
    if not count:
        backs = (
            f'<rect x="{2 + step * 3}" y="2" width="{width - 4}" height="{height - 4}" '
            f'rx="{width // 9}" fill="none" stroke="{CARD_INK}" stroke-dasharray="6 5"/>'
        )
    return (
        f'<svg class="mc-deck" role="img" aria-label="{spoken}" data-count="{count}" '
        f'width="{total_width}" height="{total_height}" '
        f'viewBox="0 0 {total_width} {total_height}"><title>{spoken}</title>{backs}'
        f'<text x="{total_width / 2:.0f}" y="{total_height - 4}" text-anchor="middle" '
        f'font-family="sans-serif" font-size="17" fill="{CARD_INK}">{cards}</text></svg>'
    )


def die(face: int | str, colour: str = "white", *, size: int = 72, extra: str = "") -> str:
    """A die showing `face` (a number, or L for a llama), in one of `DIE_COLOURS`."""
    fill, ink = DIE_COLOURS[colour]
    text = escape(str(face))
    label = f"{colour} die showing {text}"
    font = round(size * (0.46 if len(text) < 3 else 0.36))
    return (
        f'<svg class="mc-die mc-die-{colour} {extra}" role="img" aria-label="{label}" '
        f'data-face="{text}" width="{size}" height="{size}" viewBox="0 0 {size} {size}">'
        f"<title>{label}</title>"
        f'<rect x="3" y="3" width="{size - 6}" height="{size - 6}" rx="{size // 6}" '
        f'fill="{fill}" stroke="#111827" stroke-width="3"/>'
        f'<text x="50%" y="54%" text-anchor="middle" dominant-baseline="middle" '
        f'font-family="sans-serif" font-weight="700" font-size="{font}" fill="{ink}">{text}</text>'
        "</svg>"
    )


def row(drawings: list[str], *, css_class: str = "mc-row") -> str:
    """Drawings side by side, wrapping on a narrow screen."""
    inner = "".join(drawings)
    return (
        f'<div class="{css_class}" style="display:flex;flex-wrap:wrap;gap:10px;'
        f'align-items:center">{inner}</div>'
    )


# Unikat cards

UNIKAT_BACKGROUNDS = {"white": "#ffffff", "red": "#dc2626", "navy": "#1e3a8a"}
UNIKAT_COLOURS = {"blue": "#2563eb", "green": "#16a34a", "yellow": "#facc15"}
UNIKAT_SIZES = {"small": 0.36, "medium": 0.58, "large": 0.84}  # the shape's width / the card's
UNIT_STAR = (  # a five-pointed star of radius 1, its tips and inner corners in turn
    (0.0, -1.0),
    (0.265, -0.364),
    (0.951, -0.309),
    (0.428, 0.139),
    (0.588, 0.809),
    (0.0, 0.45),
    (-0.588, 0.809),
    (-0.428, 0.139),
    (-0.951, -0.309),
    (-0.265, -0.364),
)


def unikat_card(
    shape: str,
    background: str,
    colour: str,
    size: str,
    *,
    label: str,
    code: str,
    width: int = 64,
    extra: str = "",
) -> str:
    """A Unikat card: a star, circle or square in its colour and size on its background (with
    its namespace, so that it also works as an image, e.g. a button's face)."""
    outline = "#f8fafc" if background == "navy" else CARD_INK
    figure = _unikat_shape(shape, width / 2, width * UNIKAT_SIZES[size] / 2)
    spoken = escape(label)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="mc-unikat-card {extra}" role="img" '
        f'aria-label="{spoken}" '
        f'data-code="{escape(code)}" width="{width}" height="{width}" '
        f'viewBox="0 0 {width} {width}"><title>{spoken}</title>'
        f'<rect x="1.5" y="1.5" width="{width - 3}" height="{width - 3}" rx="{width // 8}" '
        f'fill="{UNIKAT_BACKGROUNDS[background]}" stroke="{CARD_INK}" stroke-width="3"/>'
        f'<g fill="{UNIKAT_COLOURS[colour]}" stroke="{outline}" stroke-width="2" '
        f'stroke-linejoin="round">{figure}</g></svg>'
    )


def _unikat_shape(shape: str, centre: float, radius: float) -> str:
    """A star, circle or square of this radius around the card's centre."""
    if shape == "circle":
        return f'<circle cx="{centre:.1f}" cy="{centre:.1f}" r="{radius * 0.92:.1f}"/>'
    if shape == "square":
        side = radius * 1.6
        corner = centre - side / 2
        return f'<rect x="{corner:.1f}" y="{corner:.1f}" width="{side:.1f}" height="{side:.1f}"/>'
    tips = " ".join(f"{centre + radius * x:.1f},{centre + radius * y:.1f}" for x, y in UNIT_STAR)
    return f'<polygon points="{tips}"/>'
