"""The server's secrets travel from `mathcards serve` to the server outside any environment
(`mathcards.classroom.server.handover`, issue #50): through a pipe read once, or a file read
and deleted; a server started by hand still takes them out of its environment."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from mathcards.classroom.server import handover

NAMES = ("MATHCARDS_CLASS_CODE", "MATHCARDS_TEACHER_CODE", "MATHCARDS_DB")
SECRETS = dict(zip(NAMES, ("K7Q2HM", "TEACHER7KQ", "postgresql://me:pw@host/book"), strict=True))


def test_the_secrets_cross_exec_through_a_pipe_not_the_environment():
    where = handover.hand_over(SECRETS)
    script = (
        "import json, os\n"
        "from mathcards.classroom.server import handover\n"
        f"print(json.dumps(handover.take(os.environ, {NAMES!r})))\n"
        "print(json.dumps(dict(os.environ)))\n"
    )
    environment = {**os.environ, handover.SECRETS_ENV: where}
    reading = int(where.removeprefix("fd:"))
    try:
        ran = subprocess.run(
            [sys.executable, "-c", script],
            env=environment,
            pass_fds=(reading,),
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
        )
    finally:
        os.close(reading)
    taken, left = (json.loads(line) for line in ran.stdout.splitlines())
    assert taken == SECRETS
    assert handover.SECRETS_ENV not in left and not set(NAMES) & set(left)


def test_a_file_handed_over_is_read_once_and_deleted(tmp_path):
    path = tmp_path / "secrets.json"
    path.write_text(json.dumps(SECRETS))
    environ = {handover.SECRETS_ENV: f"file:{path}", "HOME": "/home/ann"}
    assert handover.take(environ, NAMES) == SECRETS
    assert not path.exists() and environ == {"HOME": "/home/ann"}


def test_a_server_started_by_hand_takes_its_secrets_out_of_its_environment():
    environ = {**SECRETS, "HOME": "/home/ann"}
    assert handover.take(environ, NAMES) == SECRETS and environ == {"HOME": "/home/ann"}
