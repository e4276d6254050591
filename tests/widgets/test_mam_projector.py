"""The MAM! projector's presentation: key V shows the round alone (the page's style hides the
rest by the class `mc-presenting`), its button says how to come back, and it keeps the focus
(never on a button hidden from the eye); pressed again, the controls are back."""

from __future__ import annotations

from mathcards import i18n
from widgets.mam.live_projector import LiveProjector


def test_the_presentation_shows_the_round_alone_and_comes_back(service):
    teacher = LiveProjector(service.client("teacher"), follow=False, address="")
    present = teacher.present_button
    assert "mc-key-v" in present._dom_classes and present.description == "Presentation"
    present.click()
    assert "mc-presenting" in teacher._dom_classes
    assert present.description == "Back to the controls" and "(key V)" in present.tooltip
    present.click()
    assert "mc-presenting" not in teacher._dom_classes
    assert present.description == "Presentation"


def test_the_presentation_speaks_polish(service):
    i18n.use("pl")
    try:
        teacher = LiveProjector(service.client("teacher"), follow=False, address="")
        teacher.present_button.click()
        assert teacher.present_button.description == "Z powrotem do przycisków"
        assert teacher.present_button.tooltip.startswith("Pokaż znowu przyciski nauczyciela")
    finally:
        i18n.use("en")
