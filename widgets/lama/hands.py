"""Scoring a hand: build a hand card by card and see how it scores, in words."""

from __future__ import annotations

from html import escape

import ipywidgets as w

from mathcards.i18n import _
from mathcards.lama.cards import Card, score_in_words, sort_hand
from mathcards.lama.cards import preset as find_preset
from widgets.controls import (
    Complains,
    button,
    html,
    shows_errors,
)
from widgets.lama.cards import (
    deck_choice,
    llama_scoring_choice,
    render_hand,
)
from widgets.style import LAMA_STYLE, page_style


class HandScorer(Complains, w.VBox):
    """Build a hand card by card and see how it scores, in words."""

    def __init__(self, hand: str = "4 4 4", preset: str = "classic") -> None:
        self.cards: list[Card] = []
        self.preset = deck_choice(preset)
        self.llama_scoring = llama_scoring_choice()
        self.card_keys = w.HBox()
        self.card_keys.add_class("mc-card-keys")
        self.shown = html("mc-scored-hand")
        self.words = html("mc-score-words")
        self.message = html("mc-message-box")
        controls = [
            button(_("Take back"), "mc-take-back", lambda _b: self.take_back()),
            button(_("Clear"), "mc-clear", lambda _b: self.clear()),
        ]
        self.preset.observe(lambda _c: self._new_deck(), names="value")
        self.llama_scoring.observe(lambda _c: self._render(), names="value")
        super().__init__(
            [
                page_style(LAMA_STYLE),
                w.HBox([self.preset, self.llama_scoring]),
                self.card_keys,
                w.HBox(controls),
                self.message,
                self.shown,
                self.words,
            ]
        )
        self._new_deck()
        self.cards = list(find_preset(preset).hand(hand.split()))
        self._render()

    @shows_errors
    def add(self, card: Card) -> None:
        """One more card in the hand (no more copies than the deck holds)."""
        find_preset(self.preset.value).check([*self.cards, card])
        self.cards.append(card)
        self._render()

    @shows_errors
    def take_back(self) -> None:
        """The card added last goes back."""
        if self.cards:
            self.cards.pop()
        self._render()

    @shows_errors
    def clear(self) -> None:
        """An empty hand: it scores 0."""
        self.cards = []
        self._render()

    @shows_errors
    def _new_deck(self) -> None:
        """A key for each kind of card of the chosen deck."""
        deck = find_preset(self.preset.value)
        self.cards = [card for card in self.cards if deck.count(card)]
        self.card_keys.children = tuple(
            button(f"+ {card.word}", "mc-add-card", lambda _b, card=card: self.add(card))
            for card in sort_hand(deck.kinds)
        )
        self._render()

    def _render(self) -> None:
        """The hand and its score in words."""
        self.message.value = ""
        self.shown.value = render_hand(self.cards)
        words = score_in_words(self.cards, llama_scoring=self.llama_scoring.value)
        self.words.value = f'<p style="font-size:22px">{escape(words)}</p>'
