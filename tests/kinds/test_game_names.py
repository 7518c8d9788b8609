"""The table plumbing is game-agnostic: no module of ``games/`` and no template outside a game's
own folders names a game, so adding a game edits the registry's list and adds folders, nothing
else. A game's own folders are its engine (``games/engine/<engine>/``), its adapter
(``games/kinds/<game>/``), its templates (``templates/tables/<game>/``) and its script
(``static/js/<game>.js``); the registry names every game, and migrations are history.

In Python code a name counts where the code uses it (identifiers, imports, string literals), not
in comments or docstrings, which may take a game as an example."""

import ast
import re
from collections.abc import Iterator
from pathlib import Path

from games.kinds.registry import GAMES

ROOT = Path(__file__).resolve().parents[2]
ENGINES = sorted(path.parent.name for path in (ROOT / "games" / "engine").glob("*/__init__.py"))
NAMES = re.compile("|".join(sorted({*GAMES, *ENGINES}, key=len, reverse=True)), re.IGNORECASE)
OWN_FOLDERS = (
    *(ROOT / "games" / "engine" / engine for engine in ENGINES),
    *(ROOT / "games" / "kinds" / game for game in GAMES),
    *(ROOT / "templates" / "tables" / game for game in GAMES),
    ROOT / "games" / "migrations",
)
OWN_FILES = (
    ROOT / "games" / "kinds" / "registry.py",
    *(ROOT / "static" / "js" / f"{game}.js" for game in GAMES),
)


def _own(path: Path) -> bool:
    return path in OWN_FILES or any(path.is_relative_to(folder) for folder in OWN_FOLDERS)


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string constants that are docstrings (module, class, function) or bare
    strings documenting an assignment."""
    found = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        for statement in body:
            if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
                found.add(id(statement.value))
    return found


def _used_names(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """Every name and string the code uses, with its line."""
    docstrings = _docstrings(tree)
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Name):
            yield line, node.id
        elif isinstance(node, ast.Attribute):
            yield line, node.attr
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            yield line, node.name
        elif isinstance(node, ast.arg) or isinstance(node, ast.keyword) and node.arg is not None:
            yield line, node.arg
        elif isinstance(node, ast.alias):
            yield line, node.name
            if node.asname:
                yield line, node.asname
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield line, node.module
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
        ):
            yield line, node.value


def python_offenders() -> list[str]:
    offenders = []
    for path in sorted((ROOT / "games").rglob("*.py")):
        if _own(path):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for line, text in _used_names(tree):
            if NAMES.search(text):
                offenders.append(f"{path.relative_to(ROOT)}:{line}: {text!r}")
    return offenders


def template_offenders() -> list[str]:
    offenders = []
    for folder, pattern in ((ROOT / "templates", "*.html"), (ROOT / "static" / "js", "*.js")):
        for path in sorted(folder.rglob(pattern)):
            if _own(path):
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if NAMES.search(line):
                    offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:80]}")
    return offenders


def test_no_module_outside_a_games_own_folders_names_a_game() -> None:
    offenders = python_offenders()
    assert not offenders, "These modules name a game:\n" + "\n".join(offenders)


def test_no_template_or_script_outside_a_games_own_folders_names_a_game() -> None:
    offenders = template_offenders()
    assert not offenders, "These templates and scripts name a game:\n" + "\n".join(offenders)


def test_the_scan_finds_a_game_named_in_code() -> None:
    """The scan itself: a game named in code is found, in a comment or docstring it is not."""
    game = next(iter(GAMES))
    tree = ast.parse(f'"""Docs about {game}."""\n# {game}\nif kind == "{game}":\n    pass\n')
    assert [text for _line, text in _used_names(tree) if NAMES.search(text)] == [game]
