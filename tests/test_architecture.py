"""DESIGN.md's house: arrows point down (lessons → widgets → mathcards), never up, and only
mathcards/classroom/ imports the server (tornado, voila, jupyter_server, jupyterhub). Relative
imports are resolved to the modules they name before they are judged."""

import ast
import subprocess
import sys
from importlib import import_module
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = {  # a folder, and the packages no module in it may import
    "mathcards": {"ipywidgets", "IPython", "matplotlib", "widgets", "lessons"},
    "mathcards/classroom": {"widgets", "lessons"},
    "widgets": {"lessons"},
}
SERVER = {"tornado", "voila", "jupyter_server", "jupyterhub"}
SERVER_HOME = "mathcards/classroom"  # the one folder of mathcards/ that may import SERVER


def module_name(path: Path) -> str:
    """The dotted name a file under ROOT is imported by: mathcards/lama/cli.py → mathcards.lama.cli,
    mathcards/lama/__init__.py → mathcards.lama."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(source: str, module: str, *, package: bool = False) -> set[str]:
    """Every module the source of `module` imports, by its absolute name: `from ..widgets import x`
    in mathcards/chips.py is widgets (and widgets.x, which may be a module); `from . import y` is
    the package and its y."""
    here = module.split(".") if package else module.split(".")[:-1]
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            anchor = here[: max(0, len(here) - node.level + 1)] if node.level else []
            base = [*anchor, *([node.module] if node.module else [])]
            names |= {".".join(base), *(".".join([*base, alias.name]) for alias in node.names)}
    names.discard("")
    return names


def imported_packages(path: Path) -> set[str]:
    """The top-level packages the file imports, relative imports included."""
    source = path.read_text(encoding="utf-8")
    modules = imported_modules(source, module_name(path), package=path.name == "__init__.py")
    return {name.split(".")[0] for name in modules}


def modules_in(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


def test_relative_imports_are_resolved_to_the_modules_they_name():
    source = "from ..widgets import lama\nfrom . import dice\nfrom .odds import chance\n"
    assert imported_modules(source, "mathcards.lama_dice.cli") == {
        "mathcards.widgets",
        "mathcards.widgets.lama",
        "mathcards.lama_dice",
        "mathcards.lama_dice.dice",
        "mathcards.lama_dice.odds",
        "mathcards.lama_dice.odds.chance",
    }
    assert imported_modules("from .. import widgets", "mathcards.chips") == {"widgets"}
    assert imported_modules("from ..widgets import x", "mathcards.chips") == {
        "widgets",
        "widgets.x",
    }
    assert imported_modules("from . import seats", "mathcards.classroom", package=True) == {
        "mathcards.classroom",
        "mathcards.classroom.seats",
    }
    assert imported_modules("import tornado.web", "mathcards.chips") == {"tornado.web"}


@pytest.mark.parametrize("floor", sorted(FORBIDDEN))
def test_imports_only_point_down(floor):
    for path in modules_in(floor):
        wrong = imported_packages(path) & FORBIDDEN[floor]
        assert not wrong, f"{path.relative_to(ROOT)} imports {sorted(wrong)}"


def test_only_the_classroom_imports_the_server():
    home = ROOT / SERVER_HOME
    outside = [path for path in modules_in("mathcards") if not path.is_relative_to(home)]
    assert outside and modules_in(SERVER_HOME)
    for path in outside:
        wrong = imported_packages(path) & SERVER
        assert not wrong, f"{path.relative_to(ROOT)} imports {sorted(wrong)}: only {SERVER_HOME}/"


def test_the_command_line_loads_the_server_only_to_serve():
    """`mathcards solve` builds the whole command line, `serve` included, without Voila."""
    probe = "import sys; from mathcards import cli; cli.parser(); print(*sorted(sys.modules))"
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True
    )
    loaded = {name.split(".")[0] for name in done.stdout.split()}
    assert not loaded & SERVER, sorted(loaded & SERVER)


def test_lessons_are_committed_without_outputs():
    import json

    for notebook in sorted((ROOT / "lessons").rglob("*.ipynb")):
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        code = [cell for cell in cells if cell["cell_type"] == "code"]
        assert all(not cell["outputs"] and cell["execution_count"] is None for cell in code), (
            f"{notebook.name} has outputs"
        )


CLASSROOM = ROOT / "mathcards" / "classroom"
CLASSROOM_LAYOUT = {  # one package a concern (README.md, docs/design.md#the-class-service)
    "server",
    "service",
    "live",
    "teacher",
    "hub",
    "protocol",
    "__init__.py",
    "__main__.py",
}
KERNEL_SIDE = ("mathcards.classroom.protocol", "mathcards.classroom.server.address")


def test_the_class_service_is_one_package_a_concern():
    found = {path.name for path in CLASSROOM.iterdir() if path.name != "__pycache__"}
    assert found == CLASSROOM_LAYOUT
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    layout = readme[readme.index("## For developers") :]
    for package in sorted(CLASSROOM_LAYOUT - {"__init__.py", "__main__.py"}):
        assert f"{package}/" in layout, f"README.md's layout does not list classroom/{package}/"


def test_the_protocol_loads_no_server():
    """A page's kernel imports the protocol: nothing in it may load tornado, Voila or Jupyter's
    server, by any import of its own or of what it imports."""
    protocol = [module_name(path) for path in modules_in("mathcards/classroom/protocol")]
    for path in modules_in("mathcards/classroom/protocol"):
        wrong = imported_packages(path) & SERVER
        assert not wrong, f"{path.relative_to(ROOT)} imports {sorted(wrong)}"
    probe = f"import sys\nfor m in {protocol!r}: __import__(m)\nprint(*sorted(sys.modules))"
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True
    )
    loaded = {name.split(".")[0] for name in done.stdout.split()}
    assert not loaded & SERVER, sorted(loaded & SERVER)


def test_widgets_reach_the_classroom_only_through_the_protocol_and_the_address():
    for path in modules_in("widgets"):
        source = path.read_text(encoding="utf-8")
        reached = {
            name
            for name in imported_modules(
                source, module_name(path), package=path.name == "__init__.py"
            )
            if name.startswith("mathcards.classroom")
        }
        wrong = {name for name in reached if not name.startswith(KERNEL_SIDE)}
        assert not wrong, f"{path.relative_to(ROOT)} imports {sorted(wrong)}"


def test_every_live_game_has_the_same_shape():
    """One module a live game, each with its kind (a LiveKind, named as the class book names
    the game), its table of events, its views and its calls, each call served under the
    game's prefix; and every game the class book keeps live has one."""
    from mathcards.book.live import LIVE_GAMES
    from mathcards.classroom.live.kind import LiveKind
    from mathcards.classroom.protocol import EventKind, LivePath
    from mathcards.classroom.service.calls import KernelCall

    shared = {"__init__", "calls", "changes", "events", "kind", "log", "poll", "views"}
    games = sorted(p.stem for p in (CLASSROOM / "live").glob("*.py") if p.stem not in shared)
    assert games == sorted(LIVE_GAMES)
    for game in games:
        module = import_module(f"mathcards.classroom.live.{game}")
        kinds = [v for v in vars(module).values() if isinstance(v, LiveKind)]
        assert [kind.name for kind in kinds] == [game], game
        assert module.EVENTS and all(isinstance(kind, EventKind) for kind in module.EVENTS)
        assert callable(module.projector_view) and callable(module.student_view), game
        assert all(isinstance(path, LivePath) for path in module.CALLS), game
        assert all(issubclass(call, KernelCall) for call in module.CALLS.values()), game
        assert {LivePath.JOIN, LivePath.ME, LivePath.STATE} <= set(module.CALLS), game
        assert callable(module.routes), game


def test_the_classroom_imports_inside_a_function_only_for_a_reason():
    """An import inside a function says why in a comment just above it (what it costs, where
    it is missing): otherwise it belongs at the top of its module."""
    for path in modules_in("mathcards/classroom"):
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        for function in ast.walk(ast.parse(source)):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for node in ast.walk(function):
                if isinstance(node, ast.Import | ast.ImportFrom):
                    above = lines[node.lineno - 2].strip()
                    assert above.startswith("#"), f"{path.relative_to(ROOT)}:{node.lineno}: why?"
