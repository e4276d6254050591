"""deploy/: the image definitions, the Zero to JupyterHub values and the server settings agree
with each other and with the package (nothing here builds an image or talks to Kubernetes)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
from importlib import import_module
from pathlib import Path
from types import SimpleNamespace
from unittest.mock import patch
from urllib.parse import urlparse

import pytest
import yaml

from mathcards.classroom.hub import classlist
from mathcards.classroom.server import alive, formulas
from mathcards.classroom.server.assets import NO_MATHJAX
from mathcards.cli import TEMPLATES

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"


def dockerfile() -> str:
    return (DEPLOY / "Dockerfile").read_text()


def values() -> dict:
    return yaml.safe_load((DEPLOY / "values.yaml").read_text())


def server_config() -> dict:
    return json.loads((DEPLOY / "jupyter_server_config.json").read_text())


def stages() -> dict[str, str]:
    """The Dockerfile's stages, by name: each one's text, from its FROM line on."""
    parts = re.split(r"^(?=FROM )", dockerfile(), flags=re.MULTILINE)[1:]
    return {re.match(r"FROM \S+ AS (\w+)", part).group(1): part for part in parts}


def copies() -> dict[str, str]:
    """The Dockerfile's COPY lines from the build context (not from a stage): source to
    destination."""
    pairs: dict[str, str] = {}
    for line in re.findall(r"^COPY +(?!--from)(.+)$", dockerfile(), flags=re.MULTILINE):
        *sources, destination = line.split()
        for source in sources:
            pairs[source] = destination
    return pairs


def test_the_image_copies_files_that_exist():
    for source in copies():
        assert (ROOT / source).exists(), f"the Dockerfile copies {source}, which is not there"


def test_the_wheel_is_built_from_everything_the_build_needs():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    needed = ["pyproject.toml", "setup.py", project["project"]["readme"], "lessons"]
    needed += [
        name.rstrip("*") for name in project["tool"]["setuptools"]["packages"]["find"]["include"]
    ]
    wheel = stages()["wheel"]
    assert wheel.startswith("FROM python:3.11-slim AS wheel")
    for source in needed:
        assert source in copies(), f"the wheel is built without {source}"
        assert copies()[source].startswith("/tmp/mathcards/"), source
    assert "pip wheel --no-cache-dir --no-deps --wheel-dir /tmp/wheel /tmp/mathcards" in wheel


def test_the_student_s_image_is_the_default_and_the_hub_s_is_zero_to_jupyterhub_s():
    assert list(stages()) == ["wheel", "hub", "student"]  # the last one: built by default
    assert stages()["student"].startswith("FROM python:3.11-slim AS student")
    hub = stages()["hub"]
    assert hub.startswith("FROM quay.io/jupyterhub/k8s-hub:${CHART_VERSION} AS hub")
    assert "pip install --no-cache-dir --no-deps /tmp/wheel/mathcards-*.whl" in hub
    instructions = [line for line in hub.splitlines() if line.strip() and line[0] != "#"]
    assert instructions[-1] == "USER jovyan"  # the Hub runs as Zero to JupyterHub's user
    assert re.search(r"^ARG CHART_VERSION=4\.\d+\.\d+$", dockerfile(), flags=re.MULTILINE)
    assert values()["hub"]["image"]["name"]


# What the Hub's image does not have (it gets mathcards without its dependencies, and babel).
NOT_ON_THE_HUB = [
    "sympy",
    "ipywidgets",
    "IPython",
    "matplotlib",
    "voila",
    "jupyter_server",
    "jupyterlab",
    "ipykernel",
    "nbconvert",
    "segno",
    "psutil",
    "latex2mathml",
    "widgets",
]
WITHOUT = """
import sys
class Missing:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {missing!r}:
            raise ImportError(f"{{name}} is not on the Hub")
sys.meta_path.insert(0, Missing())
from {module} import {name}
print({name}.__name__)
"""


@pytest.mark.parametrize(
    ("module", "name"),
    [
        ("mathcards.classroom.hub.login", "ClassListAuthenticator"),
        ("mathcards.classroom.hub.service", "main"),  # the class service, with the class book
        ("mathcards.book.store", "Book"),
        ("mathcards.cli", "main"),  # `mathcards book …` in the Hub's pod (deploy/README.md)
    ],
)
def test_what_the_hub_runs_needs_nothing_the_hub_s_image_lacks(module, name):
    found = subprocess.run(
        [sys.executable, "-c", WITHOUT.format(missing=NOT_ON_THE_HUB, module=module, name=name)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert found.returncode == 0, found.stderr[-2000:]
    assert found.stdout.strip() == name


def test_the_hub_s_image_has_the_class_book_s_packages():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    needed = {re.split(r"[\[<>=]", package)[0] for package in project["project"]["dependencies"]}
    needed &= {"babel", "sqlalchemy", "alembic", "psycopg", "platformdirs", "orjson"}
    assert len(needed) == 6
    installed = " ".join(line for line in stages()["hub"].splitlines() if line[:1] != "#")
    for package in needed:
        assert re.search(rf'[" ]{package}[\[<>=" ]', installed), package


def service() -> dict:
    return values()["hub"]["services"]["mathcards"]


def test_the_hub_runs_the_class_service_under_its_prefix():
    mathcards = service()
    command = mathcards["command"]
    assert command[:3] == ["python3", "-m", "mathcards.classroom.hub.service"]
    assert import_module(command[2]).main
    assert mathcards["oauth_no_confirm"] is True and mathcards["display"] is False
    port = urlparse(mathcards["url"]).port
    assert urlparse(mathcards["url"]).hostname == "hub"  # the Hub's Kubernetes Service
    assert {"name": "mathcards", "port": port, "targetPort": port} in values()["hub"]["service"][
        "extraPorts"
    ]
    ingress = values()["hub"]["networkPolicy"]["ingress"]
    assert any({"port": port} in rule["ports"] for rule in ingress)
    # a page's kernel calls it on that port; the proxy passes the teacher's page on to it
    kernels = values()["singleuser"]["extraEnv"]["MATHCARDS_SERVICE"]
    assert kernels == f"{mathcards['url']}/services/mathcards/api/"
    for egress in (
        values()["singleuser"]["networkPolicy"]["egress"],
        values()["proxy"]["chp"]["networkPolicy"]["egress"],
    ):
        assert any({"port": port} in rule["ports"] for rule in egress)


def test_only_the_class_service_is_given_the_class_book_s_address():
    hub = values()["hub"]
    assert hub["extraEnv"]["MATHCARDS_DB"]["valueFrom"]["secretKeyRef"] == {
        "name": "mathcards-book",
        "key": "url",
    }
    assert "MATHCARDS_DB" not in values()["singleuser"]["extraEnv"]
    assert "MATHCARDS_DB" not in json.dumps(hub["config"])
    assert "environment" not in service()  # not in the values: handed over from the Secret
    services = [{"name": "culler"}, {"name": "mathcards", **service()}]
    config = SimpleNamespace(JupyterHub=SimpleNamespace(services=services))
    with patch.dict(os.environ, {"MATHCARDS_DB": "postgresql+psycopg://book"}):
        exec(hub["extraConfig"]["mathcards-book"], {"c": config})
    assert services[1]["environment"] == {"MATHCARDS_DB": "postgresql+psycopg://book"}
    assert "environment" not in services[0]


def test_students_tokens_reach_the_class_service_and_nothing_more():
    scopes = values()["hub"]["config"]["Spawner"]["server_token_scopes"]
    # the Hub's `server` role (jupyterhub.roles), and the class service
    assert sorted(scopes) == [
        "access:servers!server",
        "access:services!service=mathcards",
        "users:activity!user",
    ]
    roles = values()["hub"]["loadRoles"]
    assert set(roles) == {"user"}  # the service has no role of its own
    user = roles["user"]["scopes"]
    assert "access:services!service=mathcards" in user
    # a student mints no token of her own (the /hub/token page) to call the service with
    assert "self" not in user and not any(scope.startswith("tokens") for scope in user)
    assert {scope.split("!")[0] for scope in user} >= {"servers", "access:servers", "read:users"}


def test_the_server_opens_the_lessons_the_package_carries_with_the_package_s_page():
    student = stages()["student"]
    lessons = values()["hub"]["config"]["Spawner"]["notebook_dir"]
    assert lessons == "/srv/mathcards/lessons"
    assert "from mathcards.classroom.server.lessons import home; print(home())" in student
    assert f'ln -s "$lessons" {lessons}' in student
    assert re.search(rf"^WORKDIR {lessons}$", student, flags=re.MULTILINE)
    # Jupyter reads the settings of every kind (not only extensions) from this file, not from
    # the jupyter_server_config.d folder beside it.
    where = copies()["deploy/jupyter_server_config.json"]
    assert where == "/usr/local/etc/jupyter/jupyter_server_config.json"
    template = server_config()["VoilaConfiguration"]["template"]
    assert (TEMPLATES / "voila" / "templates" / template / "index.html.j2").is_file()
    # The image links Voila's template folder to the package's own copy of the page.
    assert "from mathcards.cli import TEMPLATES" in student
    assert f'ln -s "$templates/voila/templates/{template}" ' in student
    assert "/usr/local/share/jupyter/voila/templates/" in student


def test_the_server_serves_only_the_lessons_as_mathcards_serve_draws_them():
    server = server_config()["ServerApp"]
    extensions = server["jpserver_extensions"]
    assert extensions["mathcards.classroom.hub.lockdown"] is True
    assert import_module("mathcards.classroom.hub.lockdown")._jupyter_server_extension_points()
    assert extensions["voila.server_extension"] is True
    for other in ["jupyterlab", "jupyter_server_terminals", "jupyter_lsp", "notebook_shim"]:
        assert extensions[other] is False, other
    assert server["terminals_enabled"] is False
    # The formulas are MathML, as on the laptop: no MathJax, and Voila's exporter typesets them.
    assert server["tornado_settings"]["mathjax_url"] == NO_MATHJAX
    # And a page carries the words it says when its connection drops, as on the laptop.
    filters = server_config()["VoilaExporter"]["filters"]
    assert filters == {**formulas.FILTERS, **alive.FILTERS}
    for name in filters.values():
        home, _, function = name.rpartition(".")
        assert callable(getattr(import_module(home), function)), name
    assert values()["hub"]["config"]["Spawner"]["disable_user_config"] is True


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


def test_the_login_is_the_class_list_with_no_password_until_the_school_makes_one():
    config = values()["hub"]["config"]
    module, _, name = config["JupyterHub"]["authenticator_class"].rpartition(".")
    assert name == "ClassListAuthenticator"
    assert getattr(import_module(module), name)
    hashes = config["ClassListAuthenticator"]["password_hashes"]
    assert hashes == {}  # the Hub refuses to start with it (tests/hub/test_hub.py)
    assert classlist.problem(hashes, set())
    assert "SharedPasswordAuthenticator" not in config
    assert "admin_users" not in config.get("Authenticator", {})  # the class list's own


def test_the_hub_is_reached_over_https():
    https = values()["proxy"]["https"]
    assert https["enabled"] is True
    assert https["type"] == "letsencrypt"
    assert https["hosts"] and https["letsencrypt"]["contactEmail"]
