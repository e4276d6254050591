"""What a page loads: no MathJax, Voila's scripts under a versioned address, long-lived files."""

from mathcards.classroom.server.assets import HASHED, NO_MATHJAX, page_config, static_version


def test_the_page_gets_a_mathjax_that_does_nothing_and_versioned_scripts():
    config = {"fullStaticUrl": "/voila/static", "fullMathjaxUrl": None, "appVersion": "0.5"}
    mine = page_config(config, base_url="/", version="0.5.13-1", log=None, notebook_path="x")
    assert mine["fullStaticUrl"] == "/voila/static/0.5.13-1" and mine["appVersion"] == "0.5"
    assert mine["fullMathjaxUrl"] == NO_MATHJAX and NO_MATHJAX.startswith("data:text/javascript,")
    assert NO_MATHJAX.endswith("//")  # what Voila appends to the address becomes a comment


def test_a_new_voila_has_a_new_address(tmp_path):
    (tmp_path / "voila.js").write_text("one")
    before = static_version([str(tmp_path / "missing"), str(tmp_path)])
    (tmp_path / "voila.js").write_text("three")
    assert static_version([str(tmp_path)]) != before


def test_a_file_is_kept_long_when_its_name_carries_its_content_s_hash():
    assert HASHED.search("/static/remoteEntry.c8c9eed2cdefdeac.js")
    assert HASHED.search("/static/84.09c61a35dce1705f.js")
    assert not HASHED.search("/static/style.js") and not HASHED.search("/package.json")
