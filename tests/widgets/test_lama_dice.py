"""LAMA Dice widgets, driven like a user would."""

import re
import threading
from html import unescape

import ipywidgets as w
import pytest

from mathcards.chips import LLAMA as L
from mathcards.engine import ChanceOutcome
from mathcards.i18n import use
from mathcards.lama_dice import known
from mathcards.lama_dice.dice import Case, parse_dice
from mathcards.lama_dice.game import Discard, LamaDiceKind, Phase, Quit, Roll
from mathcards.lama_dice.odds import roll_odds
from tests.conftest import FakeClock
from tests.english import english_words
from widgets.lama_dice import (
    DiceChooser,
    DiceRoller,
    LamaDiceTable,
    LastPlayer,
    LayoutsCompared,
    OddsDemo,
    RollOrQuit,
    RowsPicker,
    StrategyRace,
    WholeGames,
    read_row,
    render_frequencies,
    render_odds,
    render_row,
    strategies,
)

ONE_LLAMA = "12345L,12346L,12356L"


def table(*opponents, **options):
    clock = FakeClock()
    made = LamaDiceTable(opponents or ("bold",), clock=clock, **options)
    clock.run()
    return made, clock


def last_player_table():
    """A scripted table (seed 49) where You become the last player: your first roll is three
    llamas, and Cautious Cleo, whose row scores 8, quits at once."""
    played, clock = table("cautious", seed=49, scripted=True)
    assert played.game.rows == {"You": (3, 3, 4, 6, L, L), "Cautious Cleo": (1, 1, 1, 3, 3, 4)}
    played.act(Roll())
    played.land((L, L, L))
    clock.step()  # Cleo's move, a second later
    assert played.game.quit == {"Cautious Cleo"} and played.game.player == "You"
    return played, clock


def test_rows_are_drawn_as_lama_cards_with_a_drawn_llama():
    html = render_row((1, 3, L))
    assert html.count("mc-lama-card") == 3 and 'aria-label="llama card"' in html
    assert "mc-lama-3" in html and ">LLAMA</text>" in html, "the number's colour, a drawn llama"
    assert 'aria-label="a row turned face down: 2 cards"' in render_row((1, 2), face_down=True)
    lit = render_row((1, 3, L), highlight={3})
    assert lit.count("mc-match") == 1 and 'aria-label="card 3, matches a die"' in lit


def test_reading_a_typed_row():
    assert read_row("L 1, 3 1") == (1, 1, 3, L)
    with pytest.raises(ValueError, match="not a card"):
        read_row("1 8")


def test_the_odds_table_shows_rolls_fractions_and_percentages():
    html = render_odds(roll_odds([1, 1, 3, L], (1, 2, 3, 4, 5, 6, L)))
    cells = re.sub(r' data-label="[^"]*"', "", html)  # each cell names its column, for a phone
    assert "<td>8 of 216</td><td>1/27</td><td>3.7%</td>" in cells
    assert '<td data-label="exactly">1/27</td>' in html
    assert "Quitting now scores 14" in html
    assert "three_llamas" not in html and "Three llamas" in html
    shares = render_frequencies([Case.BUST, Case.TAKE], roll_odds([1], [2]))
    assert "After <b>2</b> rolls" in shares and "50.00%" in shares


# ---------------------------------------------------------------- the dice-layout chooser


def test_the_chooser_offers_named_layouts_and_draws_the_dice():
    chooser = DiceChooser()
    assert chooser.choice.value == "The usual dice"
    assert chooser.drawn.value.count('class="mc-die') == 18
    assert 'aria-label="die 2: 1, 2, 5, 6, llama, llama"' in chooser.drawn.value
    chooser.choice.value = "One llama a die"
    assert chooser.dice == parse_dice(ONE_LLAMA) and chooser.text.value == ONE_LLAMA


def test_typed_dice_are_read_and_a_bad_layout_is_named_beside_the_box():
    chooser = DiceChooser()
    heard = []
    chooser.on_change(lambda: heard.append(chooser.dice))
    chooser.text.value = "2345LL, 3456LL, 1256LL"
    assert chooser.choice.value == "Shifted" and heard == [parse_dice("2345LL,3456LL,1256LL")]
    chooser.text.value = "111111,222222,3333LL"
    assert chooser.choice.value == "Your own dice" and len(heard) == 2
    chooser.text.value = "3456LL,1256L,1234LL"
    assert "die 2 has 5 faces" in chooser.message.value and "mc-error" in chooser.message.value
    assert chooser.dice == parse_dice("111111,222222,3333LL"), "the last good dice stay"
    chooser.text.value = "3456LX,1256LL,1234LL"
    assert "&#x27;X&#x27; is not a face" in chooser.message.value and len(heard) == 2
    chooser.text.value = "3456LL,1256LL,1234LL"
    assert chooser.message.value == "" and chooser.choice.value == "The usual dice"


def test_every_widget_follows_the_pages_chooser(clock):
    chooser = DiceChooser()
    roller = DiceRoller(dice=chooser, seed=1)
    demo = OddsDemo(row="1 1 3 L", llama_row="1 2 3 4 5 6 L", dice=chooser, clock=clock)
    compared = LayoutsCompared(dice=chooser)
    assert "1/27" in demo.odds_view.value
    chooser.text.value = ONE_LLAMA
    assert "1/216" in demo.odds_view.value
    roller.roll_button.click()
    assert roller.dice() == parse_dice(ONE_LLAMA)
    chooser.text.value = "1212LL,3434LL,5656LL"
    assert "Your own dice (1212LL,3434LL,5656LL)" in compared.table.value


# ---------------------------------------------------------------- the dice roller


def test_the_roller_row_shows_every_case():
    roller = DiceRoller(seed=3)
    odds = roll_odds(roller.row, roller.llama_row)
    assert all(odds.of(case) > 0 for case in Case), "a roll of this row can be any case"
    for _ in range(200):
        roller.roll_button.click()
    assert set(roller.seen) == set(Case)
    assert roller.shown.value.count('class="mc-die') == 3 and roller.case.value
    assert "So far, 200 rolls" in roller.tally.value


def test_the_roller_highlights_the_cards_the_dice_match():
    roller = DiceRoller(seed=3)
    roller.show((6, 2, 3))
    assert roller.table.value.count("mc-match") == 3  # two 6s in the row, the 2 in the llama row


# ---------------------------------------------------------------- odds against simulation


def test_the_odds_demo_converges_and_reports_bad_rows_next_to_the_inputs(clock):
    demo = OddsDemo(row="1 1 3 L", llama_row="1 2 3 4 5 6 L", seed=1, clock=clock)
    assert "1/27" in demo.odds_view.value
    roll_100 = next(b for b in demo.roll_buttons if b.description == "Roll 100")
    roll_100.click()
    assert demo.work.layout.display == "", "the progress bar shows"
    clock.run()
    roll_100.click()
    clock.run()
    assert "After <b>200</b> rolls" in demo.frequencies.value and len(demo.cases) == 200
    assert demo.chart.value.count("<img") == 4, "two charts, each wide and phone-shaped"
    assert demo.work.layout.display == "none"
    demo.row_text.value = "1 9"
    assert "9&#x27; is not a card" in demo.rows.message.value
    assert demo.row_text.value == "1 9", "what was typed stays"
    demo.row_text.value = "6 6"
    assert demo.rows.message.value == "" and demo.cases == []


def test_an_invalid_row_clears_the_old_odds_table():
    demo = OddsDemo(row="6 6 L", llama_row="2 3")
    assert "1/27" in demo.odds_view.value
    demo.row_text.value = "6 6 X"
    assert demo.odds_view.value == "", "no odds are shown for rows that cannot be"
    assert "is not a card" in demo.rows.message.value
    assert demo.rows.drawn.value == "", "nor their cards"


def test_roll_10000_shows_progress_and_updates_table_and_chart_together(clock):
    demo = OddsDemo(clock=clock)
    demo.roll(10_000)
    assert clock.waiting and demo.cases == [], "the button answers at once: the rolls wait"
    assert "Rolling 10,000 times and drawing" in demo.work.label.value
    while clock.pending:
        clock.step()
        if clock.pending:
            assert demo.frequencies.value == "" and demo.chart.value == "", "nothing half-done"
    assert "After <b>10,000</b> rolls" in demo.frequencies.value and "<img" in demo.chart.value


# ---------------------------------------------------------------- roll or quit


def test_roll_or_quit_for_typed_rows_and_example_rows_after_the_page_shows(clock, monkeypatch):
    def worked_out_now(*args, **kwargs):
        raise AssertionError("the lesson's rows are worked out in advance, not on the page")

    with monkeypatch.context() as patched:
        patched.setattr(known, "last_player", worked_out_now)
        advisor = LastPlayer(dice=DiceChooser(), clock=clock)
    assert not clock.pending and "Best: <b>roll on</b>" in advisor.decision.value
    assert advisor.examples.value.count("<tr>") == 1 + len(LastPlayer.EXAMPLES)
    assert "mc-card" in advisor.examples.value and "mc-bar-row" in advisor.examples.value
    advisor.rows.llama_text.value = "1 2 3 4 5 6"
    assert advisor.examples.value == "" and advisor.work.layout.display == ""
    clock.run()
    assert "mc-card" in advisor.examples.value and advisor.decision.value
    advisor.rows.row_text.value = "6"
    clock.run()
    assert "Best: <b>quit</b>" in advisor.decision.value
    advisor.rows.row_text.value = "6 Q"
    assert advisor.decision.value == "" and advisor.examples.value == ""


def test_the_strategies_and_whole_games_are_played_after_the_page_shows(clock):
    rows = RowsPicker("1 2 L", "1 2 3 4 5 6 L")
    race = StrategyRace(rows, rounds=40, clock=clock)
    games = WholeGames(games=2, clock=clock)
    assert race.result.value == "" and games.result.value == ""
    clock.run()
    assert "Best Bo (best)" in race.result.value and "best play, exact" in race.result.value
    assert "games won of 2" in games.result.value and "{" not in games.result.value


def test_the_lessons_strategies_and_games_show_at_once(clock):
    race = StrategyRace(RowsPicker(), clock=clock)
    games = WholeGames(clock=clock)
    assert not clock.pending, "worked out in advance: nothing to wait for"
    assert "Best Bo (best)" in race.result.value and "games won of 60" in games.result.value


def test_the_layouts_are_compared_for_the_dice_and_for_typed_rows():
    alone = LayoutsCompared()
    assert "19/27" in alone.table.value and "11/36" in alone.table.value
    assert alone.table.value.count("mc-layout-die") == 12
    rows = RowsPicker("5 6 6", "1 2 6")
    compared = LayoutsCompared(rows=rows)
    assert "Bust" in compared.table.value and "%" in compared.table.value
    rows.row_text.value = "5 6 6 9"
    assert compared.table.value == ""


# ---------------------------------------------------------------- the table


def test_a_table_game_against_the_computer():
    played, clock = table("bold", seed=4)
    assert [b.description for b in played.actions.children] == ["Roll", "Quit"]
    assert "next roll" in played.odds_panel.value
    for _ in range(300):
        if played.game.over:
            break
        buttons = played.actions.children
        button = buttons[0] if buttons[0].description != "Quit" else buttons[-1]
        button.click()
        clock.run()
        assert "mc-error" not in played.message.value, played.message.value
    assert played.game.over or played.game.rounds > 1
    assert "Bold Bea" in played.scores.value


def test_computer_turns_are_paced_about_a_second_apart():
    played, clock = table("bold", "cautious", seed=4)
    played.actions.children[1].click()  # You quit: the computers play on alone
    assert clock.pending and clock.pending[0].seconds == pytest.approx(1.0)
    assert played.actions.children == (), "your buttons wait while the computers move"
    assert "is playing" in played.headline.value
    before = len(played.game.log)
    clock.step()
    assert len(played.game.log) == before + 1, "one move a step"


def test_the_dice_show_beside_the_player_who_rolled_and_matches_light_up():
    played, _clock = table("bold", seed=0, scripted=True)
    assert played.game.rows["You"] == (1, 3, 4, 4, 5, 5)
    played.act(Roll())
    assert played.game.phase is Phase.CHANCE and played.actions.children == ()
    played.land((4, 2, 2))
    seats = played.rows_view.value.split("data-player=")[1:]
    you, computer = seats
    assert you.startswith('"You"') and "mc-die" in you, "the dice are beside You"
    assert "mc-die" not in computer
    assert you.count("mc-match") == 2, "both 4s light up"


def test_after_a_bust_the_headline_says_bust_and_what_happened():
    played, _clock = last_player_table()  # You are the last player: missing your row is a bust
    played.act(Roll())
    played.land((5, 2, 1))
    game = played.game
    assert game.round_over and game.case() is Case.BUST and played.last.kind is LamaDiceKind.BUST
    assert "Bust!" in played.headline.value and "A match" not in played.headline.value
    assert "the whole llama row (1 2 3 4 5 6 L) goes into your row" in played.headline.value


def test_the_table_speaks_good_english_for_you():
    played, clock = table("bold", seed=4)
    for _ in range(300):
        if played.game.over:
            break
        buttons = played.actions.children
        buttons[0].click()
        clock.run()
    text = " ".join(played.game.log) + played.headline.value + played.status.value
    for wrong in ("You&#x27;s", "You's", "You starts", "You rolls", "You has", "You wins"):
        assert wrong not in text


def test_the_odds_panel_gives_the_best_decision_to_the_last_player():
    played, clock = last_player_table()
    assert "You are the last player" in played.odds_panel.value
    assert "Working out" in played.odds_panel.value, "the click is answered at once"
    clock.run()
    assert "Rolling on costs" in played.odds_panel.value and "Best: <b>" in played.odds_panel.value
    played.odds_switch.value = False
    assert played.odds_panel.value == ""


def test_illegal_moves_show_a_message():
    played, _clock = table("best", seed=2)
    played.act(Discard((1,)))
    assert "You must roll or quit now" in played.message.value
    played.act(ChanceOutcome((L, L, L)))
    assert "nobody chooses the roll" in played.message.value


def test_the_table_shows_the_games_own_log():
    played, clock = table("bold", seed=4)
    played.actions.children[0].click()
    clock.run()
    shown = played.status.value.split("<br>", 1)[1].removesuffix("</div>").split("<br>")
    assert shown == [line.replace("'", "&#x27;") for line in played.game.log[-len(shown) :]]


@pytest.mark.parametrize(
    ("scoring", "points", "at_the_table"), [("once", "13", "26"), ("each", "23", "36")]
)
def test_llama_scoring_reaches_the_widgets(scoring, points, at_the_table):
    demo = OddsDemo(row="3 L L", llama_scoring=scoring, clock=FakeClock())
    assert f"Quitting now scores {points}" in demo.odds_view.value
    played, _clock = table("bold", seed=1, llama_scoring=scoring)
    assert played.game.llama_scoring == scoring
    assert played.game.rows["You"] == (1, 4, 5, 6, L, L), "two llamas: 10 in all, or 10 each"
    assert f"Quitting now scores {at_the_table}" in played.odds_panel.value


def test_the_dice_layout_reaches_the_table_and_its_odds():
    played, _clock = table("bold", seed=4, dice=parse_dice(ONE_LLAMA))
    assert played.game.dice == parse_dice(ONE_LLAMA)
    assert "1/216" in played.odds_panel.value
    assert 'aria-label="die 1: 1, 2, 3, 4, 5, llama"' in played.scores.value


CODE = re.compile(r"[1-6L]{6},")  # a die written as its faces' code: 3456LL,


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "die 1: 3, 4, 5, 6, llama, llama"), ("pl", "kość 1: 3, 4, 5, 6, lama, lama")],
)
def test_the_dice_are_drawn_with_their_faces_in_words_never_as_a_code(language, words):
    """The table and Roll or quit? show the dice the page plays with as the other LAMA Dice
    pages draw them, each die one image whose faces a screen reader says in words."""
    use(language)
    try:
        played, _clock = table("bold", seed=4)
        exercise = RollOrQuit(book=None)
    finally:
        use("en")
    for shown in (played.scores.value, exercise.heading.value):
        assert not CODE.search(shown), shown
        assert shown.count('class="mc-layout-die" role="img"') == 3
        assert shown.count('<svg class="mc-die ') == 18 and f'aria-label="{words}"' in shown


def test_new_dice_start_a_fresh_table_but_never_wipe_a_game_under_way(clock):
    chooser = DiceChooser()
    played = LamaDiceTable(("bold",), seed=4, dice=chooser, clock=clock)
    chooser.text.value = ONE_LLAMA
    assert played.game.dice == parse_dice(ONE_LLAMA), "nothing of yours was lost: new game"
    played.actions.children[0].click()
    clock.run()
    points = dict(played.game.points)
    chooser.text.value = "3456LL,1256LL,1234LL"
    assert played.game.dice == parse_dice(ONE_LLAMA) and played.game.points == points
    assert "used from the next game" in played.message.value
    played.new_button.click()  # a game under way: asked once
    assert played.game.dice == parse_dice(ONE_LLAMA) and "Start again?" in str(played.confirm)
    played.confirm.children[2].click()  # keep going
    assert played.game.points == points and played.confirm.children == ()
    played.new_button.click()
    played.confirm.children[1].click()  # yes, start again
    assert played.game.dice == parse_dice("3456LL,1256LL,1234LL")


def test_unknown_computer_player():
    with pytest.raises(ValueError, match="unknown strategy 'reckless'"):
        LamaDiceTable(("reckless",))


def test_the_phase_waits_for_you_after_a_match():
    played, _clock = table("bold", seed=0, scripted=True)
    played.act(Roll())
    played.land((4, 2, 2))  # your row holds two 4s
    assert played.game.phase is Phase.DISCARD
    assert "Discard highlighted cards" in played.headline.value
    assert [b.description for b in played.actions.children] == ["Discard 4"]


def test_a_scripted_table_waits_for_the_computers_dice_too():
    played, clock = table("bold", seed=0, scripted=True)
    played.act(Quit())
    clock.run()
    assert played.game.phase is Phase.CHANCE and played.game.player == "Bold Bea"
    assert played.last.kind is LamaDiceKind.ROLL and not clock.waiting
    played.land((L, L, L))
    assert played.last.kind is LamaDiceKind.THREE_LLAMAS
    clock.run()
    assert played.last.kind is LamaDiceKind.ROLL, "Bold Bea rolls again, alone"


def test_on_a_page_the_heavy_work_runs_on_a_worker_thread(monkeypatch):
    release, workers = threading.Event(), []
    play = strategies.games_won

    def gated(*args, **options):  # the games wait until the test has looked at the page
        workers.append(threading.current_thread())
        assert release.wait(60), "the test never let the games be played"
        yield from play(*args, **options)

    monkeypatch.setattr(strategies, "games_won", gated)
    games = WholeGames(games=2)  # the page's own clock: the games are played on a thread
    assert games.work.busy and games.result.value == "", "the page is shown before the games"
    release.set()
    games.work.join(timeout=120)
    assert workers and workers[0] is not threading.current_thread()
    assert not games.work.busy and "games won of 2" in games.result.value


# ---------------------------------------------------------------- in Polish


@pytest.fixture
def polish():
    use("pl")
    yield
    use("en")


def shown_text(widget) -> str:
    """Every word a reader sees or hears in a widget: text, labels, buttons, options,
    aria-labels and image descriptions (the page's CSS and the drawn dice left out)."""
    parts = []
    if isinstance(widget, w.HTML):
        page = re.sub(r"<style>.*?</style>|<svg.*?</svg>", " ", widget.value, flags=re.S)
        parts += re.findall(r'(?:aria-label|alt)="([^"]*)"', page)
        parts.append(unescape(re.sub(r"<[^>]+>", " ", page)))
    parts += [getattr(widget, attr, "") or "" for attr in ("description", "placeholder")]
    if isinstance(widget, w.Dropdown):
        parts += [label for label, _value in widget.options]
    parts += [shown_text(child) for child in getattr(widget, "children", ())]
    return " ".join(parts)


def polish_pages():
    """Every LAMA Dice widget, with its heavy work done and a few rolls made."""
    clock = FakeClock()
    chooser = DiceChooser()
    demo = OddsDemo(clock=clock)
    demo.roll(100)
    roller = DiceRoller(seed=1)
    for _ in range(40):
        roller.roll()
    last = LastPlayer(clock=clock)
    race = StrategyRace(last.rows, rounds=20, clock=clock)
    games = WholeGames(games=2, clock=clock)
    exercise = RollOrQuit(dice=chooser, book=None)
    exercise.roll_on.click()
    clock.run()
    return {
        "chooser": chooser,
        "odds": demo,
        "roller": roller,
        "last player": last,
        "strategies": race,
        "games": games,
        "roll or quit": exercise,
        "dice chances": LayoutsCompared(dice=chooser),
        "layouts for rows": LayoutsCompared(rows=RowsPicker("5 6 6", "1 2 6")),
    }


def test_every_lama_dice_widget_speaks_polish(polish):
    for page, widget in polish_pages().items():
        text = shown_text(widget)
        assert english_words(text) == [], (page, english_words(text), text)
        assert text.strip(), page


def test_a_polish_table_game_has_no_english_from_start_to_end(polish):
    played, clock = table("cautious", "best", seed=4)
    assert [b.description for b in played.actions.children] == ["Rzuć", "Spasuj"]
    assert 'data-player="Ty"' in played.rows_view.value
    assert "Ostrożna Ola" in played.scores.value and "Bystry Bartek" in played.scores.value
    for _ in range(400):
        if played.game.over:
            break
        text = shown_text(played)
        assert english_words(text) == [], (english_words(text), text)
        buttons = played.actions.children
        button = buttons[0] if buttons[0].description != "Spasuj" else buttons[-1]
        button.click()
        clock.run()
        assert "mc-error" not in played.message.value, played.message.value
    assert played.game.over, "the seeded game ends"
    assert "Koniec gry: wygryw" in played.actions.children[0].value
    assert english_words(shown_text(played)) == []


def test_polish_messages_counts_and_percentages(polish):
    played, _clock = table("bold", seed=2)
    played.act(Discard((1,)))
    assert "Musisz teraz rzucić kośćmi albo spasować" in played.message.value
    assert 'aria-label="zakryty szereg: 1 karta"' in render_row((1,), face_down=True)
    assert 'aria-label="zakryty szereg: 3 karty"' in render_row((1, 2, 3), face_down=True)
    assert 'aria-label="zakryty szereg: 5 kart"' in render_row((1, 2, 3, 4, 5), face_down=True)
    odds = render_odds(roll_odds([1, 1, 3, L], (1, 2, 3, 4, 5, 6, L)))
    assert "<td>8 z 216</td><td>1/27</td><td>3,7%</td>" in re.sub(r' data-label="[^"]*"', "", odds)
    assert "Jeśli teraz spasujesz, dostaniesz 14 punktów karnych." in odds
    shares = render_frequencies([Case.BUST, Case.TAKE], roll_odds([1], [2]))
    assert "Po <b>2</b> rzutach" in shares and "50,00%" in shares
    seat = played.rows_view.value
    assert "· 0 punktów" in seat


def test_the_polish_chooser_shows_polish_names_and_keeps_the_layouts_keys(polish):
    chooser = DiceChooser()
    assert chooser.choice.label == "Zwykłe kości" and chooser.choice.value == "The usual dice"
    chooser.choice.value = "Shifted"
    assert chooser.text.value == "2345LL,3456LL,1256LL" and chooser.choice.label == "Przesunięte"
    chooser.text.value = "111111,22222,3333LL"
    assert "kość 2 ma 5 ścianek" in chooser.message.value
    assert "Strona nadal używa kości narysowanych poniżej" in chooser.message.value


def test_new_dice_never_wipe_a_polish_game_under_way(polish, clock):
    chooser = DiceChooser()
    played = LamaDiceTable(("bold",), seed=4, dice=chooser, clock=clock)
    played.actions.children[0].click()  # your first move: now there is something to lose
    clock.run()
    points = dict(played.game.points)
    chooser.text.value = ONE_LLAMA
    assert played.game.points == points and "od następnej gry" in played.message.value
