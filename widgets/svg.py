"""Cards and dice drawn as SVG: crisp on a projector, no image files, labelled for screen readers.

Every drawing is a pure function from values to an HTML string, with stable CSS classes
(`mc-card`, `mc-die`) for styling and for the browser tests.
"""

from __future__ import annotations

from html import escape

from mathcards.i18n import N_, _, ngettext

DIE_COLOURS = {
    "blue": ("#1d4ed8", "#ffffff"),
    "black": ("#111827", "#ffffff"),
    "red": ("#b91c1c", "#ffffff"),
    "white": ("#ffffff", "#111827"),
}
DIE_NAMES = {  # a die of each colour, as a sentence names it
    "blue": N_("blue die"),
    "black": N_("black die"),
    "red": N_("red die"),
    "white": N_("white die"),
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
    spoken = escape(label or _("card {value}").format(value=value))
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
    cards = ngettext("{n} card", "{n} cards", count).format(n=count)
    left = ngettext("deck: {n} card left", "deck: {n} cards left", count).format(n=count)
    spoken = escape(label or left)
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
    label = escape(die_words(face, colour))
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


def die_words(face: int | str, colour: str = "white") -> str:
    """What a die shows, as a screen reader says it: "blue die showing 30", "white die showing
    a llama" (face L), "white die, not rolled yet" (face ?)."""
    sentence = {"L": N_("{die} showing a llama"), "?": N_("{die}, not rolled yet")}.get(
        str(face), N_("{die} showing {face}")
    )
    return _(sentence).format(die=_(DIE_NAMES[colour]), face=face)


def row(drawings: list[str], *, css_class: str = "mc-row") -> str:
    """Drawings side by side, wrapping on a narrow screen."""
    inner = "".join(drawings)
    return (
        f'<div class="{css_class}" style="display:flex;flex-wrap:wrap;gap:10px;'
        f'align-items:center">{inner}</div>'
    )


# ---------------------------------------------------------------- LAMA cards

LAMA_COLOURS = {  # the numbers' colours on LAMA cards, 1 to 6
    1: "#0f766e",
    2: "#65a30d",
    3: "#ca8a04",
    4: "#ea580c",
    5: "#dc2626",
    6: "#7c3aed",
}
LLAMA_FUR = {"llama": ("#fef3c7", "#92400e"), "pink llama": ("#f9a8d4", "#9d174d")}
LLAMA_TITLES = {"llama": N_("LLAMA"), "pink llama": N_("PINK LLAMA")}  # written on the card
CHIP_COLOURS = {1: ("#ffffff", "#111827"), 10: ("#111827", "#ffffff"), 20: ("#ec4899", "#ffffff")}
LAMA_BOX = "0 0 100 145"


# A card a die matches (LAMA Dice) wears a ✓ badge in its corner: lit up by more than its colour.
MATCH_BADGE = (
    '<g class="mc-lit-badge"><circle cx="78" cy="22" r="15" fill="#fbbf24" stroke="#111827" '
    'stroke-width="2.5"/><text x="78" y="23" text-anchor="middle" dominant-baseline="middle" '
    'font-family="sans-serif" font-weight="900" font-size="20" fill="#111827">✓</text></g>'
)


def _lama_frame(content: str, *, label: str, width: int, css: str, paper: str, edge: str) -> str:
    """A LAMA card's outline round its picture, scaled from a 100 × 145 drawing (a card that
    matches a die, `mc-match` among its classes, wears the ✓ badge)."""
    if "mc-match" in css.split():
        content += MATCH_BADGE
    spoken = escape(label)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="mc-card mc-lama-card {css}" role="img" '
        f'aria-label="{spoken}" width="{width}" height="{round(width * 1.45)}" '
        f'viewBox="{LAMA_BOX}">'
        f"<title>{spoken}</title>"
        f'<rect x="2" y="2" width="96" height="141" rx="11" fill="{paper}" stroke="{edge}" '
        f'stroke-width="4"/>{content}</svg>'
    )


def lama_number(
    value: int, *, plus: bool = False, width: int = 70, label: str | None = None, extra: str = ""
) -> str:
    """A LAMA number card in its colour; a "+" card carries a star-shaped + badge."""
    colour = LAMA_COLOURS[value]
    text = f"{value}+" if plus else str(value)
    corner = (
        f'<text x="12" y="24" font-family="sans-serif" font-weight="700" font-size="18" '
        f'fill="{colour}">{text}</text>'
        f'<text x="88" y="134" text-anchor="end" font-family="sans-serif" font-weight="700" '
        f'font-size="18" fill="{colour}">{text}</text>'
    )
    middle = (
        f'<circle cx="50" cy="74" r="31" fill="{colour}"/>'
        f'<text x="50" y="76" text-anchor="middle" dominant-baseline="middle" '
        f'font-family="sans-serif" font-weight="800" font-size="44" fill="#ffffff">{value}</text>'
    )
    badge = (
        '<circle cx="78" cy="22" r="14" fill="#facc15" stroke="#111827" stroke-width="2"/>'
        '<text x="78" y="23" text-anchor="middle" dominant-baseline="middle" '
        'font-family="sans-serif" font-weight="900" font-size="22" fill="#111827">+</text>'
        if plus
        else ""
    )
    said = N_("{value} plus card: play it and go again") if plus else N_("card {value}")
    spoken = label or _(said).format(value=value)
    css = f"mc-lama-{value}{'-plus' if plus else ''} {extra}".strip()
    return _lama_frame(
        corner + middle + badge, label=spoken, width=width, css=css, paper="#fffdf7", edge=colour
    )


def llama(*, pink: bool = False, width: int = 70, label: str | None = None, extra: str = "") -> str:
    """The llama card (or the pink llama), with a drawn llama."""
    name = "pink llama" if pink else "llama"
    fur, ink = LLAMA_FUR[name]
    animal = (
        f'<g fill="{fur}" stroke="{ink}" stroke-width="2.5" stroke-linejoin="round">'
        '<rect x="35" y="98" width="7" height="26" rx="3"/><rect x="46" y="98" width="7" '
        'height="26" rx="3"/><rect x="63" y="98" width="7" height="26" rx="3"/>'
        '<rect x="73" y="98" width="7" height="26" rx="3"/>'
        '<ellipse cx="58" cy="92" rx="28" ry="15"/><ellipse cx="86" cy="86" rx="5" ry="8"/>'
        '<rect x="28" y="44" width="14" height="50" rx="7"/>'
        '<path d="M29 36 L31 20 L37 33 Z"/><path d="M37 34 L41 19 L45 33 Z"/>'
        '<ellipse cx="33" cy="42" rx="15" ry="10"/></g>'
        f'<circle cx="29" cy="40" r="2.2" fill="{ink}"/>'
        f'<path d="M19 46 q4 3 8 0" fill="none" stroke="{ink}" stroke-width="2"/>'
    )
    title = (
        f'<text x="50" y="138" text-anchor="middle" font-family="sans-serif" font-weight="700" '
        f'font-size="13" fill="{ink}">{escape(_(LLAMA_TITLES[name]))}</text>'
    )
    paper = "#fdf2f8" if pink else "#fffbeb"
    pink_said = N_("pink llama: goes on anything, then only a 1 or a llama")
    said = _(pink_said) if pink else _("llama card")
    css = f"{'mc-lama-pink' if pink else 'mc-lama-llama'} {extra}".strip()
    return _lama_frame(
        animal + title, label=label or said, width=width, css=css, paper=paper, edge=ink
    )


def mosquito(*, width: int = 70) -> str:
    """The mosquito card of the Polish edition: it plays like a llama and scores 10 each."""
    title = _("MOSQUITO")  # written on the card
    insect = (
        '<g fill="#bae6fd" fill-opacity=".75" stroke="#0369a1" stroke-width="2">'
        '<ellipse cx="33" cy="58" rx="22" ry="10" transform="rotate(-30 33 58)"/>'
        '<ellipse cx="67" cy="58" rx="22" ry="10" transform="rotate(30 67 58)"/></g>'
        '<g stroke="#1f2937" stroke-width="2.5" fill="none" stroke-linecap="round">'
        '<path d="M45 80 L25 95 L20 115"/><path d="M55 80 L75 95 L80 115"/>'
        '<path d="M46 90 L32 108"/><path d="M54 90 L68 108"/>'
        '<path d="M46 70 L28 76"/><path d="M54 70 L72 76"/><path d="M50 38 L50 14"/></g>'
        '<ellipse cx="50" cy="84" rx="9" ry="24" fill="#374151"/>'
        '<circle cx="50" cy="46" r="9" fill="#1f2937"/>'
        '<circle cx="46" cy="44" r="2.2" fill="#f87171"/><circle cx="54" cy="44" r="2.2" '
        'fill="#f87171"/>'
        '<text x="50" y="138" text-anchor="middle" font-family="sans-serif" font-weight="700" '
        f'font-size="13" fill="#0369a1">{escape(title)}</text>'
    )
    return _lama_frame(
        insect,
        label=_("mosquito card: plays like a llama, scores 10 each"),
        width=width,
        css="mc-lama-mosquito",
        paper="#f0f9ff",
        edge="#0369a1",
    )


def lama_back(*, width: int = 70, label: str | None = None) -> str:
    """The back of a LAMA card."""
    back = (
        '<rect x="12" y="12" width="76" height="121" rx="8" fill="none" stroke="#fde68a" '
        'stroke-width="3"/><text x="50" y="78" text-anchor="middle" font-family="sans-serif" '
        'font-weight="800" font-size="22" fill="#fde68a" transform="rotate(-60 50 73)">'
        "LAMA</text>"
    )
    spoken = label or _("a face-down card")
    return _lama_frame(
        back, label=spoken, width=width, css="mc-lama-back", paper=CARD_BACK, edge=CARD_INK
    )


def chip(value: int, *, size: int = 30) -> str:
    """A penalty chip: white 1, black 10, pink 20."""
    fill, ink = CHIP_COLOURS[value]
    label = escape(_("{value}-point chip").format(value=value))
    return (
        f'<svg class="mc-chip mc-chip-{value}" role="img" aria-label="{label}" width="{size}" '
        f'height="{size}" viewBox="0 0 40 40"><title>{label}</title>'
        f'<circle cx="20" cy="20" r="17" fill="{fill}" stroke="#111827" stroke-width="2.5"/>'
        f'<circle cx="20" cy="20" r="12" fill="none" stroke="{ink}" stroke-width="1.5" '
        f'stroke-dasharray="3 3"/><text x="20" y="21" text-anchor="middle" '
        f'dominant-baseline="middle" font-family="sans-serif" font-weight="700" font-size="13" '
        f'fill="{ink}">{value}</text></svg>'
    )


# ---------------------------------------------------------------- Unikat cards

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
