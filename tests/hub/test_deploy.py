"""deploy/: the image definition, the Zero to JupyterHub values and the server settings agree with
each other and with the package (nothing here builds the image or talks to Kubernetes)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import yaml

from mathcards.cli import TEMPLATES

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"


def dockerfile() -> str:
    return (DEPLOY / "Dockerfile").read_text()


def values() -> dict:
    return yaml.safe_load((DEPLOY / "values.yaml").read_text())


def server_config() -> dict:
    return json.loads((DEPLOY / "jupyter_server_config.json").read_text())


def copies() -> dict[str, str]:
    """The Dockerfile's COPY lines, source to destination."""
    found = re.findall(r"^COPY +(.+)$", dockerfile(), flags=re.MULTILINE)
    pairs: dict[str, str] = {}
    for line in found:
        *sources, destination = line.split()
        for source in sources:
            pairs[source] = destination
    return pairs


def test_the_image_copies_files_that_exist_and_installs_the_hub_extra():
    for source in copies():
        assert (ROOT / source).exists(), f"the Dockerfile copies {source}, which is not there"
    assert re.search(r"^FROM python:3\.11-slim$", dockerfile(), flags=re.MULTILINE)
    assert '"/tmp/mathcards[hub]"' in dockerfile()
    assert "hub" in _extras()


def _extras() -> dict:
    import tomllib

    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]


def test_the_server_opens_the_lessons_the_image_holds_with_the_package_s_page():
    config = server_config()
    lessons = copies()["lessons"]
    assert values()["hub"]["config"]["Spawner"]["notebook_dir"] == lessons
    assert re.search(rf"^WORKDIR {lessons}$", dockerfile(), flags=re.MULTILINE)
    # Jupyter reads the settings of every kind (not only extensions) from this file, not from
    # the jupyter_server_config.d folder beside it.
    where = copies()["deploy/jupyter_server_config.json"]
    assert where == "/usr/local/etc/jupyter/jupyter_server_config.json"
    template = config["VoilaConfiguration"]["template"]
    assert (TEMPLATES / "voila" / "templates" / template / "index.html.j2").is_file()
    # The image links Voila's template folder to the package's own copy of the page.
    assert "from mathcards.cli import TEMPLATES" in dockerfile()
    assert f'ln -s "$templates/voila/templates/{template}" ' in dockerfile()
    assert "/usr/local/share/jupyter/voila/templates/" in dockerfile()


def test_students_land_on_the_lessons_landing_page_through_voila():
    landing = values()["singleuser"]["defaultUrl"]
    assert landing.startswith("/voila/render/")
    assert (ROOT / "lessons" / landing.removeprefix("/voila/render/")).is_file()


def test_each_student_is_bounded_and_idle_servers_are_culled():
    single = values()["singleuser"]
    assert single["memory"]["limit"] and single["memory"]["guarantee"]
    assert single["cpu"]["limit"] and single["cpu"]["guarantee"]
    assert single["storage"]["type"] == "none"
    cull = values()["cull"]
    assert cull["enabled"] is True and 0 < cull["every"] <= cull["timeout"]


def test_the_login_is_the_shared_password_and_a_class_list():
    config = values()["hub"]["config"]
    assert config["JupyterHub"]["authenticator_class"] == "shared-password"
    assert len(config["SharedPasswordAuthenticator"]["user_password"]) >= 8
    assert config["Authenticator"]["allowed_users"]
