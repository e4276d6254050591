"""The page's announcer: one polite live region a page's widgets share, through which every
verdict and every move (a computer player's too), a bust and a round's end are said
(docs/design.md#the-announcer); in English and in Polish."""

import pytest

from mathcards import i18n
from mathcards.lama_dice import Roll
from tests.conftest import FakeClock
from tests.widgets.test_lama_dice import last_player_table
from widgets.controls import Announcer, announcer, render_message
from widgets.lama import HandScorer, LamaTable
from widgets.lama_dice import LamaDiceTable
from widgets.mam import MamTable
from widgets.unikat import UnikatTable


def test_the_sentences_of_one_click_are_said_together_and_the_next_click_replaces_them():
    clock = FakeClock()
    said = Announcer(clock)
    said.say("You play a 3.", "")
    said.say("Ada plays a 4.")
    assert said.text == "You play a 3. Ada plays a 4." and 'data-said="2"' in said.value
    assert "role" not in said.value, "the region is the view itself, there from the start"
    clock.run()  # the kernel waits for the next click
    said.say("Ada plays a 4.")
    assert said.text == "Ada plays a 4." and 'data-said="3"' in said.value, "said again"
    said.say("  ")
    assert said.text == "Ada plays a 4.", "nothing to say changes nothing"


def test_outside_a_kernel_each_sentence_is_said_alone():
    said = Announcer()
    said.say("one")
    said.say("two")
    assert said.text == "two"


def test_a_page_has_one_announcer_its_widgets_share_and_carry_once_shown():
    table, scorer = LamaTable(seed=3, pause=0), HandScorer("3 3 5 L")
    assert announcer() is announcer() and table.children[-1] is announcer()
    assert announcer() not in scorer.children
    scorer._repr_mimebundle_()  # shown on the page
    assert scorer.children[-1] is announcer() and scorer.children.count(announcer()) == 1
    table._repr_mimebundle_()
    assert table.children.count(announcer()) == 1


def test_a_verdict_is_said_with_its_sign_in_words_and_the_message_line_is_no_live_region():
    assert "role=" not in render_message("that makes 31, not 32", ok=False)
    scorer = HandScorer("3 3 5 L")
    scorer.say("18 points", ok=True)
    assert announcer().text == "right: 18 points"
    scorer.complain("no such card")
    assert announcer().text == "not right: no such card"


def test_your_move_and_each_computer_move_and_the_round_end_are_said(clock):
    table = LamaTable(("bold",), seed=5, pause=0.5, clock=clock)
    table.deal_button.click()
    quit_button = next(b for b in table.actions.children if "mc-quit" in b._dom_classes)
    quit_button.click()
    assert announcer().text == table.game.log[-1] and "Kim" in announcer().text
    while clock.waiting:
        before = len(table.game.log)
        clock.step()
        if len(table.game.log) > before:  # a computer player moved: its move is said
            assert table.game.log[-1] in announcer().text
    assert table.game.round_over and announcer().text.endswith("The round is over.")


def test_a_whole_game_said_in_polish_to_its_end():
    i18n.use("pl")
    try:
        table = LamaDiceTable(("bold",), seed=4, clock=FakeClock(), pace=0)
        heard = []
        for _ in range(400):
            game = table.game
            if game.over:
                break
            if game.round_over:
                table.next_round()
            else:
                table.act(game.legal_actions(table.you)[0])
            heard.append(announcer().text)
        assert table.game.over and "Koniec gry" in announcer().text, announcer().text
        assert any("Runda skończona." in text for text in heard), heard[-3:]
    finally:
        i18n.use("en")


@pytest.mark.parametrize("make", [lambda: MamTable(mode="versus", seed=1), UnikatTable])
def test_every_table_carries_the_announcer(make):
    assert announcer() in make().children


def test_a_bust_is_said_with_the_round_end():
    played, _clock = last_player_table()  # You are the last player: missing your row is a bust
    played.act(Roll())
    played.land((5, 2, 1))
    said = announcer().text
    assert played.game.log[-1] in said and said.endswith("The round is over."), said
    assert "bust" in said.lower(), said
