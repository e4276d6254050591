"""`mathcards lama`: the JSON of the issue, words for people, one-line errors with exit 2."""

import json
import os
import subprocess
import sys

import pytest

from mathcards.cli import main
from mathcards.lama.cards import Card
from mathcards.lama.odds import can_play_chance, expected_score, run_chance


def run(capsys, *argv):
    code = main(["lama", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def record(capsys, *argv):
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0 and not err and out.count("\n") == 1
    return json.loads(out)


@pytest.mark.parametrize(
    ("cards", "points"),
    [(["1", "L"], 11), (["2", "5"], 7), (["4", "6", "L"], 20), ([], 0)],
)
def test_score_json_the_rulebook_example(capsys, cards, points):
    assert record(capsys, "score", *cards, "--preset", "classic") == {"score": points}


def test_score_options_and_presets(capsys):
    assert record(capsys, "score", "L", "L", "--llama-scoring", "each") == {"score": 20}
    assert record(capsys, "score", "1", "L", "P", "--preset", "party") == {"score": 31}
    assert record(capsys, "score", "L", "L", "--preset", "lato-z-komarami") == {"score": 20}


def test_score_in_words(capsys):
    code, out, _ = run(capsys, "score", "3", "3", "5", "L")
    assert code == 0 and out == "3, 3, 5, llama → 3 + 5 + 10 = 18\n"


def test_deal_odds_json_gives_exact_fractions(capsys):
    assert record(capsys, "deal-odds", "--preset", "party-box") == {
        "run": str(run_chance("party-box")),
        "expected_score": str(expected_score("party-box")),
    }
    options = ["--preset", "party", "--top", "P", "--llama-scoring", "each"]
    with_top = record(capsys, "deal-odds", *options)
    assert with_top == {
        "run": "7129/21879",
        "expected_score": str(expected_score("party", "each")),
        "can_play": str(can_play_chance("party", Card.PINK_LLAMA)),
    }


def test_deal_odds_in_words(capsys):
    code, out, _ = run(capsys, "deal-odds", "--top", "6")
    assert code == 0 and "(a run): 342491/1159587 ≈ 29.5%" in out
    assert "holds a card that fits on 6: 128981/148665 ≈ 86.8%" in out


def test_draw_odds_json_counts_the_unseen_cards(capsys):
    argv = ["draw-odds", "--hand", "1", "2", "L", "--top", "3", "--seen", "3", "4", "4"]
    assert record(capsys, *argv, "--preset", "classic") == {"playable": "12/49"}
    assert record(capsys, "draw-odds", "--hand", "--top", "P", "--preset", "party") == {
        "playable": "3/11"
    }


def test_tournament_json_has_the_issue_shape(capsys):
    argv = ["tournament", "--players", "expert,random,cautious,bold", "--games", "8", "--seed", "5"]
    result = record(capsys, *argv)
    assert list(result) == ["games", "players"] and result["games"] == 8
    assert [p["strategy"] for p in result["players"]] == ["expert", "random", "cautious", "bold"]
    for player in result["players"]:
        assert list(player) == ["name", "strategy", "mean_penalty", "wins"]
        assert isinstance(player["mean_penalty"], float) and player["wins"] >= 0


def test_tournament_output_is_byte_identical_for_a_seed_across_processes():
    argv = ["lama", "tournament", "--players", "expert,random,bold", "--games", "5"]
    outputs = {
        subprocess.run(
            [sys.executable, "-m", "mathcards.cli", *argv, "--seed", "9", "--json"],
            capture_output=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
        ).stdout
        for hash_seed in ("1", "2")
    }
    assert len(outputs) == 1


def test_tournament_in_words(capsys):
    code, out, _ = run(capsys, "tournament", "--players", "expert,expert", "--games", "2")
    assert code == 0 and out.startswith("2 games of LAMA (classic), seed 0:")
    assert "expert 2" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["score", "9"], "'9' is not a LAMA card"),
        (["score", "P"], "the classic deck has no pink llama"),
        (["score", "3+", "--preset", "party-box"], "the party box deck has no 3+"),
        (["score", "3+", "3+", "--preset", "party"], "holds 1 3+ card, not 2"),
        (["score", "--preset", "deluxe"], "unknown preset 'deluxe'"),
        (["score", "L", "--llama-scoring", "twice"], "invalid choice: 'twice'"),
        (["deal-odds", "--top", "X"], "'X' is not a LAMA card"),
        (["draw-odds", "--hand", "1", "--top", "P"], "the classic deck has no pink llama"),
        (["draw-odds", "--hand", *"1111", "--top", "1", "--seen", *"1111"], "not 9"),
        (["draw-odds", "--hand", "1"], "required: --top"),
        (["tournament", "--players", "expert,smart"], "unknown strategy 'smart'"),
        (["tournament", "--players", "expert"], "LAMA is for 2 to 6 players, not 1"),
        (["tournament", "--players", "bold,bold", "--games", "0"], "1 or more, not '0'"),
        ([], "required: QUESTION"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and not out
    assert err.count("\n") == 1 and message in err, err
