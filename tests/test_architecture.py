"""The house (docs/design.md#floors-and-arrows): arrows point down (lessons → widgets →
mathcards), never up, and only mathcards/classroom/ imports the server (tornado, voila,
jupyter_server, jupyterhub). Relative imports are resolved to the modules they name before they
are judged."""

import ast
import io
import re
import subprocess
import sys
import tokenize
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


# ---------------------------------------------------------------- no import circle


def imports_of(source: str, module: str, known: set[str], *, package: bool = False) -> set[str]:
    """The modules of `known` that the source of `module` imports, anywhere in it (in functions,
    under TYPE_CHECKING, by `import_module("…")`): `from p import x` is the module p.x if there
    is one, else p. A module's own packages, which Python runs before it, are not counted: a
    package re-exporting its modules would otherwise be a circle with each of them."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            for alias in node.names:
                one = ast.ImportFrom(module=node.module, names=[alias], level=node.level)
                names = imported_modules(ast.unparse(one), module, package=package)
                base = min(names, key=len)
                found |= {name for name in names if name != base and name in known} or {base}
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.Call) and _called(node) == "import_module":
            found |= {arg.value for arg in node.args[:1] if isinstance(arg, ast.Constant)}
    return (found & known) - {module}


def _called(call: ast.Call) -> str:
    """The name a call calls: `f(…)` and `m.f(…)` are both f."""
    function = call.func
    return function.attr if isinstance(function, ast.Attribute) else getattr(function, "id", "")


def import_graph(folder: str) -> dict[str, set[str]]:
    """Every module under the folder, and the modules of the folder it imports."""
    paths = {module_name(path): path for path in modules_in(folder)}
    return {
        module: imports_of(
            path.read_text(encoding="utf-8"), module, set(paths), package=path.name == "__init__.py"
        )
        for module, path in paths.items()
    }


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        order[module] = low[module] = len(order)
        stack.append(module)
        for imported in sorted(graph[module]):
            if imported not in order:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in stack:
                low[module] = min(low[module], order[imported])
        if low[module] == order[module]:
            component = []
            while not component or component[-1] != module:
                component.append(stack.pop())
            if len(component) > 1:
                found.append(sorted(component))

    for module in sorted(graph):
        if module not in order:
            visit(module)
    return found


def test_an_import_is_the_module_it_names_and_an_import_in_a_function_counts():
    known = {"mathcards.mam", "mathcards.mam.tree", "mathcards.mam.typeset", "mathcards.book.store"}
    source = (
        "from mathcards.mam import tree, solve\n"
        "def shown():\n"
        "    from . import typeset\n"
        "    return import_module('mathcards.book.store')\n"
    )
    assert imports_of(source, "mathcards.mam.checker", known) == known
    assert imports_of("from .tree import Node", "mathcards.mam.checker", known) == {
        "mathcards.mam.tree"
    }
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert circles(graph) == [["a", "b", "c"]]


@pytest.mark.parametrize("folder", ["mathcards", "widgets"])
def test_no_module_imports_itself_round_a_circle(folder):
    """No module imports, through others, a module that imports it: each knows what it needs,
    and what it needs does not need it back."""
    assert circles(import_graph(folder)) == []


# ---------------------------------------------------------------- imports inside functions

# A true reason to put an import off: what it puts off, named as the first column of the table
# of docs/design.md#what-is-imported-late-and-why names it (which says what it costs, measured
# once), or that one of the project's installations lacks it (the Hub's image, deploy/Dockerfile).
LATE = "docs/design.md#what-is-imported-late-and-why"
ELSEWHERE = "not in the Hub's image"


def late_names(design: str | None = None) -> set[str]:
    """What the table of what is imported late names in its first column, each in backticks."""
    text = design if design is not None else (ROOT / "docs" / "design.md").read_text("utf-8")
    section = text.split("### What is imported late, and why", 1)[1].split("\n#", 1)[0]
    firsts = [line.split("|")[1] for line in section.splitlines() if line.startswith("| ")]
    return {name for cell in firsts for name in re.findall(r"`([^`]+)`", cell)}


PRAGMA = re.compile(r"#\s*(type:|noqa|pragma)")


def imports_in_functions(source: str) -> list[ast.stmt | ast.expr]:
    """Every import made inside a function: statements, and `import_module(…)` calls."""
    found: dict[tuple[int, int], ast.stmt | ast.expr] = {}
    for function in ast.walk(ast.parse(source)):
        if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            for node in ast.walk(function):
                if _is_import(node):
                    found[node.lineno, node.col_offset] = node
    return [found[place] for place in sorted(found)]


def _is_import(node: ast.AST) -> bool:
    """An import statement, or a call that imports (`import_module`, `__import__`)."""
    if isinstance(node, ast.Import | ast.ImportFrom):
        return True
    return isinstance(node, ast.Call) and _called(node) in ("import_module", "__import__")


def comments(source: str) -> dict[int, str]:
    """Each line's comment, by line number."""
    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    return {token.start[0]: token.string for token in tokens if token.type == tokenize.COMMENT}


def reasons_missing(source: str, late: set[str] | None = None) -> list[int]:
    """The lines of the imports inside functions whose comment (on the import's lines, or the
    comment lines just above it) gives no true reason: what it puts off, named as the table of
    what is imported late names it ("sympy, once typeset"), or where the package is missing."""
    names = {*(late_names() if late is None else late), LATE, ELSEWHERE}
    said, lines = comments(source), source.splitlines()
    missing = []
    for node in imports_in_functions(source):
        own = range(node.lineno, (node.end_lineno or node.lineno) + 1)
        above = node.lineno - 1
        while above >= 1 and lines[above - 1].strip().startswith("#"):
            above -= 1
        places = [*own, *range(above + 1, node.lineno)]
        reasons = [said[line] for line in places if line in said and not PRAGMA.match(said[line])]
        if not any(name in " ".join(reasons) for name in names):
            missing.append(node.lineno)
    return missing


def test_a_reason_names_what_is_imported_late_on_the_import_s_line():
    design = (
        "### What is imported late, and why\n\n| what | cost |\n|---|---|\n"
        "| `sympy` | 720 ms |\n| `SQLAlchemy`, `Alembic` (the store) | 1.2 s |\n\n## Next\n"
        "| `json` | 1 ms |\n"
    )
    assert late_names(design) == {"sympy", "SQLAlchemy", "Alembic"}
    source = (
        "import os\n"
        "def typeset():\n"
        "    from mathcards.mam import typeset  # sympy, once typeset\n"
        "    from mathcards.mam import tree\n"
        "    import json  # json: 1 ms, only when asked\n"
        "    from voila.utils import wait  # type: ignore[import-untyped]\n"
        "    # psutil is not in the Hub's image: only to serve\n"
        "    import psutil\n"
        "    # SQLAlchemy and its models,\n"
        "    # which the other commands never load\n"
        "    from mathcards.book import Book\n"
        "    return import_module('mathcards.book.store')\n"
    )
    assert reasons_missing(source, late_names(design)) == [4, 5, 6, 12]


def test_what_is_imported_late_is_named_in_the_design():
    assert {"sympy", "matplotlib", "SQLAlchemy", "Alembic", "Babel"} <= late_names()


@pytest.mark.parametrize("folder", ["mathcards", "widgets"])
def test_every_import_inside_a_function_says_what_it_saves(folder):
    """A module imports what it needs at its top; an import is put off into a function only for
    a heavy one a light module must not pay for, and names it as the design's table does."""
    late = late_names()
    for path in modules_in(folder):
        missing = reasons_missing(path.read_text(encoding="utf-8"), late)
        assert not missing, f"{path.relative_to(ROOT)}, lines {missing}: says not what it puts off"


def printed(probe: str) -> str:
    """What `probe` prints, run in a fresh Python from the checkout."""
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True
    )
    return done.stdout


def test_the_light_doors_load_no_heavy_package():
    """`from mathcards import solve`, `mathcards solve` and `mathcards check` without --format,
    and every game's widgets as a page imports them, load no sympy, matplotlib or SQLAlchemy:
    each is imported where it is first needed."""
    probe = (
        "import contextlib, io, sys\n"
        "from mathcards import solve, check\n"
        "from mathcards.cli import main\n"
        "import widgets.mam, widgets.lama, widgets.lama_dice, widgets.unikat\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['solve', '7', '6', '12', '2', '15', '--target', '32'])\n"
        "    main(['check', '7*6-12+2', '--cards', '7', '6', '12', '2', '15', '--target', '32'])\n"
        "print(*sorted(sys.modules))"
    )
    loaded = {name.split(".")[0] for name in printed(probe).split()}
    heavy = loaded & {"sympy", "matplotlib", "sqlalchemy", "alembic"}
    assert "mathcards" in loaded and "widgets" in loaded
    assert not heavy, sorted(heavy)


def test_a_page_loads_only_the_mam_widgets_it_shows():
    """`from widgets.mam import MamTable` loads the tables, not the explorers, the odds, the
    practice session or counting calculations; every name of the package is there to ask for."""
    probe = (
        "import sys\n"
        "from widgets.mam import MamTable\n"
        "print(*sorted(name for name in sys.modules if name.startswith('widgets.mam.')))\n"
        "import widgets.mam\n"
        "print(all(getattr(widgets.mam, name) for name in widgets.mam.__all__))"
    )
    loaded, every_name = printed(probe).splitlines()
    assert loaded.split() == [
        "widgets.mam.cards",
        "widgets.mam.class_table",
        "widgets.mam.modes",
        "widgets.mam.solo_table",
        "widgets.mam.table",
        "widgets.mam.versus_table",
    ]
    assert every_name == "True"


def test_the_class_lesson_loads_the_game_at_its_first_deal():
    """Its two tables, made as the page makes them, load the cards but not the checker, the
    game, its solver, the websocket client of a warm kernel or the class book's views (types
    only); the first deal loads the checker and the game, and every name of `mathcards.mam` is
    there to ask for (`check` the function)."""
    later = (
        "mathcards.mam.checker",
        "mathcards.mam.game",
        "mathcards.mam.solver",
        "mathcards.mam.hints",
        "websockets",
        "mathcards.classroom.protocol.book",  # the class book's views: types only
    )
    probe = (
        "import sys\n"
        "from widgets.mam import MamTable\n"
        "tables = MamTable(teams=3, mode='class'), MamTable(mode='versus', opponents=('good',))\n"
        f"print(*[name in sys.modules for name in {later!r}])\n"
        "for table in tables: table.deal()\n"
        f"print(*[name in sys.modules for name in {later[:3]!r}], tables[1].game is not None)\n"
        "import mathcards.mam\n"
        "print(all(getattr(mathcards.mam, name) for name in mathcards.mam.__all__),\n"
        "      callable(mathcards.mam.check))"
    )
    made, dealt, every_name = printed(probe).splitlines()
    assert made == "False False False False False False"
    assert dealt == "True True True True"
    assert every_name == "True True"


def test_the_class_lesson_loads_babel_only_when_it_writes_a_number():
    """Its two tables, made as the page makes them, write no number: no Babel in the kernel
    of each of a class's 30 pages (mathcards.i18n.number)."""
    probe = (
        "import sys\n"
        "from mathcards.i18n import number, use\n"
        "use('pl')\n"
        "from widgets.mam import MamTable\n"
        "MamTable(teams=3, mode='class'), MamTable(mode='versus', opponents=('beginner', 'good'))\n"
        "print('babel' in sys.modules, number(2.5), 'babel' in sys.modules)"
    )
    assert printed(probe).split() == ["False", "2,5", "True"]


# ---------------------------------------------------------------- citations of the docs

CITING = ("mathcards", "widgets", "tests", "bench")  # the folders whose prose cites docs/
CITATION = re.compile(r"\bdocs/([\w./-]+\.md)#([\w-]+)")
OUTSIDE = re.compile(r"\b(DESIGN|RULES)\.md\b")  # the shared files, not in the repository


def prose(source: str) -> str:
    """A module's docstrings and comments, where it cites the docs."""
    kinds = ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef
    nodes = [node for node in ast.walk(ast.parse(source)) if isinstance(node, kinds)]
    docstrings = [ast.get_docstring(node, clean=False) or "" for node in nodes]
    return "\n".join([*docstrings, *comments(source).values()])


def anchors(markdown: str) -> set[str]:
    """The anchors of a Markdown file on GitHub: each heading's slug (lower case, punctuation
    dropped, spaces as hyphens; a repeated one with -1, -2, …) and every `<a id="…">`."""
    found = set(re.findall(r'<a id="([^"]+)"', markdown))
    seen: dict[str, int] = {}
    in_code = False
    for line in markdown.splitlines():
        in_code ^= line.startswith("```")
        heading = None if in_code else re.match(r"#{1,6} (.+)", line)
        if heading:
            words = re.sub(r"<[^>]+>", "", heading[1]).strip().lower()
            slug = re.sub(r"[^\w\- ]", "", words).replace(" ", "-")
            found.add(f"{slug}-{seen[slug]}" if slug in seen else slug)
            seen[slug] = seen.get(slug, 0) + 1
    return found


def test_an_anchor_is_a_heading_s_slug_or_an_explicit_id():
    markdown = (
        "# The rules, as mathcards plays them\n"
        "## MAM! (the target game)\n"
        '### <a id="mam-arithmetic"></a>The arithmetic, exactly\n'
        "## LAMA\n## LAMA\n"
        '<a id="mam-end"></a>**The end.** When the deck cannot refill.\n'
        "```\n# not a heading\n```\n"
    )
    assert anchors(markdown) == {
        "the-rules-as-mathcards-plays-them",
        "mam-the-target-game",
        "mam-arithmetic",
        "the-arithmetic-exactly",
        "lama",
        "lama-1",
        "mam-end",
    }
    source = (
        '"""See docs/rules.md#mam-end."""\nx = "docs/rules.md#nowhere"  # docs/design.md#widgets\n'
    )
    assert CITATION.findall(prose(source)) == [("rules.md", "mam-end"), ("design.md", "widgets")]


def test_every_citation_of_the_docs_names_a_file_and_an_anchor_that_are_there():
    """A docstring or comment cites the project's own docs (docs/rules.md#mam-end), never the
    shared guides outside the repository, and every file and anchor it names is there."""
    cited: dict[tuple[str, str], Path] = {}
    for folder in CITING:
        for path in modules_in(folder):
            text = prose(path.read_text(encoding="utf-8"))
            where = path.relative_to(ROOT)
            assert not OUTSIDE.search(text), f"{where} cites a file outside the repository"
            for file, anchor in CITATION.findall(text):
                cited.setdefault((file, anchor), where)
    assert {file for file, _anchor in cited} == {"rules.md", "design.md"}
    for (file, anchor), where in sorted(cited.items()):
        doc = ROOT / "docs" / file
        assert doc.exists(), f"{where} cites docs/{file}, which is not there"
        assert anchor in anchors(doc.read_text(encoding="utf-8")), (
            f"{where} cites docs/{file}#{anchor}, which is not there"
        )


# ---------------------------------------------------------------- the class service

CLASSROOM = ROOT / "mathcards" / "classroom"
CLASSROOM_LAYOUT = {  # one package a concern (docs/design.md#the-class-service)
    "play",
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
    """Two modules a live game: its kind (a LiveKind, named as the class book names the game)
    with its table of events and its views; its room (a LiveRoom) with its calls, each served
    under the game's prefix; and every game the class book keeps live has them."""
    from mathcards.book.live import LIVE_GAMES
    from mathcards.classroom.live.kind import LiveKind
    from mathcards.classroom.live.room import LiveRoom
    from mathcards.classroom.protocol import EventKind, LivePath
    from mathcards.classroom.service.calls import KernelCall

    shared = {"__init__", "calls", "events", "kind", "log", "room", "rooms", "teams", "views"}
    found = sorted(p.stem for p in (CLASSROOM / "live").glob("*.py") if p.stem not in shared)
    games = [game for game in found if not game.endswith("_room")]
    assert games == sorted(LIVE_GAMES)
    assert found == sorted([*games, *(f"{game}_room" for game in games)])
    for game in games:
        module = import_module(f"mathcards.classroom.live.{game}")
        kinds = [v for v in vars(module).values() if isinstance(v, LiveKind)]
        assert [kind.name for kind in kinds] == [game], game
        assert module.EVENTS and all(isinstance(kind, EventKind) for kind in module.EVENTS)
        assert callable(module.projector_view) and callable(module.student_view), game
        room = import_module(f"mathcards.classroom.live.{game}_room")
        rooms = [
            v
            for v in vars(room).values()
            if isinstance(v, type) and v.__module__ == room.__name__ and issubclass(v, LiveRoom)
        ]
        assert len(rooms) == 1, game
        assert all(isinstance(path, LivePath) for path in room.CALLS), game
        assert all(issubclass(call, KernelCall) for call in room.CALLS.values()), game
        assert {LivePath.JOIN, LivePath.ME, LivePath.STATE} <= set(room.CALLS), game
        assert callable(room.routes), game


# One name, one meaning (docs/design.md#names): a class name is defined in one module of
# mathcards/ and widgets/, but for these, each the same concept in each game's own words.
SAME_CONCEPT = {
    "Card": "each game's card (LAMA's, Unikat's)",
    "Draw": "each game's move of drawing a card",
    "Take": "each game's move of taking (MAM!'s card, LAMA Dice's dice)",
    "Phase": "what each game waits for; mathcards/room.py's is the live room's (see below)",
}
# The live room's phase (mathcards/room.py) beside each game's own: take it out of this list
# when one of them is renamed, and the test below says when.
LIVE_REWRITE = {"Phase"}


def classes_by_name(folders: tuple[str, ...] = ("mathcards", "widgets")) -> dict[str, list[str]]:
    """Every top-level class name, and the modules that define one by that name."""
    found: dict[str, list[str]] = {}
    for folder in folders:
        for path in modules_in(folder):
            for node in ast.parse(path.read_text(encoding="utf-8")).body:
                if isinstance(node, ast.ClassDef):
                    found.setdefault(node.name, []).append(module_name(path))
    return found


def test_one_name_one_meaning():
    twice = {name: where for name, where in classes_by_name().items() if len(where) > 1}
    allowed = set(SAME_CONCEPT) | LIVE_REWRITE
    unexplained = {name: where for name, where in twice.items() if name not in allowed}
    assert not unexplained, f"one class name, two meanings: {unexplained}"
    stale = sorted(allowed - set(twice))
    assert not stale, f"defined once now: take {stale} out of the lists above"
    games = ("mathcards.mam.", "mathcards.lama.", "mathcards.lama_dice.", "mathcards.unikat.")
    for name in set(SAME_CONCEPT) - LIVE_REWRITE:
        assert all(module.startswith(games) for module in twice[name]), name
