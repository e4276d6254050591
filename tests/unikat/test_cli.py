"""`mathcards unikat best` and `mathcards unikat odds`: JSON, words, and one-line errors."""

import json

import pytest

from mathcards.cli import main
from mathcards.unikat.board import parse_table
from mathcards.unikat.cards import card
from mathcards.unikat.chain import Link, is_chain


def run(capsys, *argv):
    code = main(["unikat", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_best_json(capsys):
    table = ["swb1@0,0", "cwb1@1,0"]
    code, out, _ = run(
        capsys, "best", "--table", *table, "--rack", "cwb2", "swb2", "qwb1", "--json"
    )
    record = json.loads(out)
    assert code == 0 and set(record) == {"cards", "chain"}
    assert record["cards"] == len(record["chain"]) == 2
    assert all(set(step) == {"card", "at"} and len(step["at"]) == 2 for step in record["chain"])
    chain = [Link(card(step["card"]), tuple(step["at"])) for step in record["chain"]]
    assert is_chain(parse_table(table), chain)


def test_best_in_words(capsys):
    code, out, _ = run(capsys, "best", "--table", "swb1@0,0", "--rack", "swb2")
    assert code == 0 and "1 card:" in out and "swb2 (medium blue star on white) at" in out
    _, out, _ = run(capsys, "best", "--table", "swb1@0,0", "--rack", "crg2")
    assert "No card on the rack fits" in out
    _, out, _ = run(capsys, "best", "--table", "swb1@0,0", "--rack", "crg2", "--json")
    assert json.loads(out) == {"cards": 0, "chain": []}


def test_odds_json_is_exact(capsys):
    code, out, _ = run(capsys, "odds", "--rack-size", "10", "--json")
    assert code == 0
    assert json.loads(out) == {"can_lay_first": "13669361/20271005", "expected_neighbours": "1"}
    _, out, _ = run(capsys, "odds", "--rack-size", "1", "--json")
    assert json.loads(out) == {"can_lay_first": "1/10", "expected_neighbours": "1/10"}
    _, out, _ = run(capsys, "odds", "--rack-size", "80")
    assert "100.0%" in out


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["best", "--table", "swb1@0,0", "--rack", "xwb1"], "'xwb1' is not a card"),
        (["best", "--table", "swb1@0,0", "--rack", "swb1"], "on the table and on the rack"),
        (["best", "--table", "swb1@0,0", "--rack", "cwb1", "cwb1"], "on the rack twice"),
        (["best", "--table", "swb1@0,0", "swb1@3,3", "--rack", "cwb1"], "swb1 lies twice"),
        (["best", "--table", "swb1@0,0", "cwb1@0,0", "--rack", "qwb1"], "two cards on cell 0,0"),
        (["best", "--table", "swb1@0,0", "cwb2@1,0", "--rack", "qwb1"], "differ in 2 features"),
        (["best", "--table", "swb1", "--rack", "qwb1"], "CODE@X,Y"),
        (["best", "--table", "swb1@a,0", "--rack", "qwb1"], "not a cell"),
        (["odds", "--rack-size", "0"], "1 to 80 cards, not 0"),
        (["odds", "--rack-size", "81"], "1 to 80 cards, not 81"),
        (["odds", "--rack-size", "ten"], "must be a whole number, not 'ten'"),
        (["odds", "--rack-size", "1_0"], "must be a whole number"),
        (["odds", "--rack-size", "١٠"], "must be a whole number"),
        (["best", "--table", "swb1@+0,0", "--rack", "qwb1"], "not a cell"),
        (["best", "--table", "swb1@0,0,0", "--rack", "qwb1"], "not a cell"),
        (["best", "--rack", "cwb1"], "required: --table"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, argv, says):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("mathcards: error: ") and says in err and err.count("\n") == 1
