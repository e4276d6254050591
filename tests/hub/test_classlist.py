"""The class list: a password of their own for each student and the teacher, made by `mathcards
class-list`, kept by the Hub as scrypt hashes, checked by the Hub's login."""

from __future__ import annotations

import pytest
import yaml

from mathcards import cli
from mathcards.classroom.hub import classlist
from mathcards.classroom.hub.classlist import hash_password, matches, new_password, problem
from mathcards.classroom.hub.login import ClassListAuthenticator
from mathcards.classroom.server.codes import CODE_LETTERS
from tests.classroom.threaded import run_apart


def test_a_password_matches_its_hash_however_it_is_typed_and_no_other_does():
    password = "KQ7MT-X4PWA"
    hashed = hash_password(password)
    assert hashed.startswith("scrypt:16384:8:1$")
    for typed in ["KQ7MT-X4PWA", "kq7mtx4pwa", " kq7mt x4pwa "]:
        assert matches(typed, hashed), typed
    for wrong in ["KQ7MT-X4PWB", "", "KQ7MT"]:
        assert not matches(wrong, hashed), wrong
    assert hash_password(password) != hashed  # a salt of its own each time


def test_new_passwords_are_ten_letters_no_one_misreads():
    passwords = {new_password() for _ in range(50)}
    assert len(passwords) == 50
    for password in passwords:
        first, second = password.split("-")
        assert len(first) == len(second) == 5
        assert set(first + second) <= set(CODE_LETTERS)


CHEAP = "scrypt:1024:8:1$" + "00" * 16 + "$" + "00" * 64  # a hash too cheap to guess slowly
GREEDY = "scrypt:1048576:8:1$" + "00" * 16 + "$" + "00" * 64  # 1 GB a try


@pytest.mark.parametrize(
    "broken",
    [
        "",
        "change-me",
        "scrypt:16384:8:1$zz$00",
        "sha256$00$00",
        "scrypt:16384:8$00$00",
        CHEAP,
        GREEDY,
    ],
)
def test_a_hash_not_made_by_the_class_list_matches_nothing_and_stops_the_hub(broken):
    assert not matches("", broken)
    assert not matches("change-me", broken)
    found = problem({"ada": hash_password("ada's"), "bruno": broken}, set())
    assert found and "bruno is not a password hash" in found


def test_the_hub_cannot_use_an_empty_class_list_or_a_teacher_not_on_it():
    assert "the class list is empty" in problem({}, set())
    found = problem({"ada": hash_password("ada's")}, {"kowalska"})
    assert found and "the teacher kowalska (Authenticator.admin_users) is not on" in found
    assert (
        problem({"ada": hash_password("a"), "kowalska": hash_password("k")}, {"kowalska"}) is None
    )


def login(**settings) -> ClassListAuthenticator:
    return ClassListAuthenticator(**settings)


def test_each_name_logs_in_with_its_own_password_only():
    hashes = {"ada": hash_password("ADA11-11111"), "bruno": hash_password("BRU22-22222")}
    hub = login(password_hashes=hashes)
    hub.check_allow_config()  # the Hub starts

    def logs_in(name: str, password: str) -> str | None:
        return run_apart(hub.authenticate(None, {"username": name, "password": password}))

    assert logs_in("ada", "ada11-11111") == "ada"
    assert logs_in("Ada", "ADA1111111") == "ada"  # the Hub writes names in small letters
    assert logs_in("bruno", "ADA11-11111") is None  # a classmate's name, her own password
    assert logs_in("bruno", "") is None
    assert logs_in("chen", "ADA11-11111") is None  # not on the list
    assert hub.check_allowed("ada") and not hub.check_allowed("chen")


def test_the_hub_does_not_start_without_a_usable_class_list():
    with pytest.raises(classlist.ClassListError, match="the class list is empty"):
        login().check_allow_config()
    with pytest.raises(classlist.ClassListError, match="ada is not a password hash"):
        login(password_hashes={"ada": "change-this-password"}).check_allow_config()
    teacher_missing = login(password_hashes={"ada": hash_password("a")}, admin_users={"teacher"})
    with pytest.raises(classlist.ClassListError, match="the teacher teacher"):
        teacher_missing.check_allow_config()


def test_class_list_prints_each_password_and_writes_only_their_hashes(tmp_path, capsys):
    out = tmp_path / "classlist.yaml"
    assert cli.main(["class-list", "Ada", "bruno", "--teacher", "Kowalska", "--out", str(out)]) == 0
    printed = dict(line.split() for line in capsys.readouterr().out.splitlines())
    assert list(printed) == ["ada", "bruno", "kowalska"]
    written = yaml.safe_load(out.read_text())["hub"]["config"]
    hashes = written["ClassListAuthenticator"]["password_hashes"]
    assert list(hashes) == list(printed)
    for name, password in printed.items():
        assert matches(password, hashes[name]), name
        assert password not in out.read_text()
    assert written["Authenticator"]["admin_users"] == ["kowalska"]
    hub = login(password_hashes=hashes, admin_users=set(written["Authenticator"]["admin_users"]))
    hub.check_allow_config()  # what it wrote, the Hub starts with


@pytest.mark.parametrize(
    ("names", "refusal"),
    [
        (["ada", "Ada"], "ada is on the list twice"),
        (["ada", "--teacher", "ada"], "ada is on the list twice"),
        (["ada lovelace"], "'ada lovelace' cannot be a login name"),
        (["ada/b"], "cannot be a login name"),
    ],
)
def test_class_list_refuses_names_that_cannot_log_in(tmp_path, capsys, names, refusal):
    out = tmp_path / "classlist.yaml"
    assert cli.main(["class-list", *names, "--out", str(out)]) == 2
    assert refusal in capsys.readouterr().err
    assert not out.exists()


def test_class_list_never_writes_over_another(tmp_path, capsys):
    out = tmp_path / "classlist.yaml"
    out.write_text("the class list of last year\n")
    assert cli.main(["class-list", "ada", "--out", str(out)]) == 2
    assert "is there already: name a new file" in capsys.readouterr().err
    assert out.read_text() == "the class list of last year\n"
