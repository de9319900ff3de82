"""Event kinds by name: every kind of a game has a name of its own, and what reads the
log (the interfaces, the views' words, the samplers, undo, the lessons) names the kinds it
handles through the declared constants, ``E.KIND.name``, never by a string typed again. A kind
renamed or removed then fails at once where it is read, instead of never matching."""

from __future__ import annotations

import ast
import importlib
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

import orcz
import orcz.event_kinds
import pirates
import pirates.event_kinds
from common.registry import GAMES as REGISTERED
from tests.common.event_calls import ROOT, declared

GAMES = {"orcz": orcz.event_kinds, "pirates": pirates.event_kinds}
WORDINGS = {game: importlib.import_module(REGISTERED[game].words.partition(":")[0])
            for game in GAMES}
REVEALING = {"orcz": orcz.REVEALING_EVENTS, "pirates": pirates.REVEALING_EVENTS}


def names(kinds: ModuleType) -> set[str]:
    return {kind.name for kind in declared(kinds).values()}


@pytest.mark.parametrize("game", GAMES)
def test_no_two_kinds_share_a_name(game: str) -> None:
    """Each constant's kind is named as the constant, in lower case: so no two share a name."""
    kinds = declared(GAMES[game])
    assert {const: kind.name for const, kind in kinds.items()} == \
        {const: const.lower() for const in kinds}
    assert len(names(GAMES[game])) == len(kinds)


@pytest.mark.parametrize("game", GAMES)
def test_every_kind_declared_has_its_words_and_no_other(game: str) -> None:
    """The game's one wording (``GameEntry.words``) has a sentence for each kind, no more."""
    sentences = WORDINGS[game].SENTENCES
    assert set(sentences) == set(declared(GAMES[game]).values())


@pytest.mark.parametrize("game", GAMES)
def test_what_undo_calls_revealing_is_declared(game: str) -> None:
    assert REVEALING[game] <= names(GAMES[game])


# ------------------------------------------------------------------- the source, read

def _subject_is_pending(node: ast.expr) -> bool:
    """A decision's ``pending["kind"]`` is not an event's kind."""
    return "pending" in ast.unparse(node)


def _kind_read(node: ast.expr) -> bool:
    """``x["kind"]`` or ``x.get("kind", ...)``: a log entry's kind, as the interfaces read it."""
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
        return node.slice.value == "kind" and not _subject_is_pending(node.value)
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "get" and node.args
            and isinstance(node.args[0], ast.Constant) and node.args[0].value == "kind"):
        return not _subject_is_pending(node.func.value)
    return False


def _strings(node: ast.expr, named: dict[str, ast.expr]) -> Iterator[ast.Constant]:
    """The string literals ``node`` compares with: itself, the items of a literal tuple, list
    or set (or ``frozenset`` of one), or those of the module's constant it names."""
    if isinstance(node, ast.Name) and node.id in named:
        node = named[node.id]
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id in ("frozenset", "set", "tuple") and len(node.args) == 1):
        node = node.args[0]
    items = node.elts if isinstance(node, ast.Tuple | ast.List | ast.Set) else [node]
    for item in items:
        if isinstance(item, ast.Constant) and isinstance(item.value, str):
            yield item


def _module_constants(tree: ast.Module) -> dict[str, ast.expr]:
    """``NAME = value`` at the top of a module (annotated or not)."""
    out: dict[str, ast.expr] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            target, value = node.target, node.value
        else:
            continue
        if isinstance(target, ast.Name):
            out[target.id] = value
    return out


def _scopes(tree: ast.Module) -> Iterator[ast.AST]:
    yield tree
    yield from (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.Lambda))


def _kind_names_bound(scope: ast.AST) -> set[str]:
    """The local names a kind is read into: ``kind = entry.get("kind")``."""
    return {target.id for node in ast.walk(scope) if isinstance(node, ast.Assign)
            and _kind_read(node.value) for target in node.targets if isinstance(target, ast.Name)}


def kind_literals(source: str) -> list[ast.Constant]:
    """The string literals a log entry's kind is compared with in ``source``."""
    tree = ast.parse(source)
    named = _module_constants(tree)
    found: dict[int, ast.Constant] = {}
    for scope in _scopes(tree):
        bound = _kind_names_bound(scope)
        for node in ast.walk(scope):
            if not isinstance(node, ast.Compare):
                continue
            sides = [node.left, *node.comparators]
            if any(_kind_read(s) or (isinstance(s, ast.Name) and s.id in bound) for s in sides):
                for side in sides:
                    found.update((id(c), c) for c in _strings(side, named))
    return sorted(found.values(), key=lambda c: (c.lineno, c.col_offset))


READERS = [
    *sorted((ROOT / "orcz").rglob("*.py")), *sorted((ROOT / "pirates").rglob("*.py")),
    *sorted((ROOT / "common").rglob("*.py")),
]


def test_no_reader_compares_a_kind_with_a_typed_name() -> None:
    """Entries' kinds are compared with ``E.KIND.name`` (or a set of them, ``kind_names``)."""
    typed = [f"{path.relative_to(ROOT)}:{c.lineno}: {c.value!r}" for path in READERS
             for c in kind_literals(path.read_text())]
    assert typed == []


def test_the_reading_check_sees_a_typed_name() -> None:
    source = '''
QUIET = frozenset({"window_pass"})
def f(entry, pending, log):
    kind = entry.get("kind")
    if pending["kind"] == "deploy" or entry["kind"] in ("volley", "drew"):
        return kind != "plunder" and kind not in QUIET
    return [e for e in log if e.get("kind") == "drew_card"]
'''
    assert [c.value for c in kind_literals(source)] == [
        "window_pass", "volley", "drew", "plunder", "drew_card"]


def _constants_read(path: Path) -> Iterator[tuple[int, str]]:
    """``E.KIND`` in a module that imports a game's event kinds as ``E``."""
    for node in ast.walk(ast.parse(path.read_text())):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and node.value.id == "E" and node.attr.isupper()):
            yield node.lineno, node.attr


@pytest.mark.parametrize("game", GAMES)
def test_every_kind_a_reader_names_is_declared(game: str) -> None:
    kinds = declared(GAMES[game])
    unknown = [f"{path.name}:{line}: E.{attr}" for path in sorted((ROOT / game).rglob("*.py"))
               for line, attr in _constants_read(path) if attr not in kinds]
    assert unknown == []


# ------------------------------------------------------------------- the lessons' data

def _lesson_kinds(text: str) -> Iterator[str]:
    """The kinds a lesson file names: ``event = ...`` of its signs (with ``words``) and a
    capstone's notes (with ``say``), and ``log.kind=...`` in its texts and view paths (an
    ``event`` elsewhere is Orcz's event tile)."""
    yield from re.findall(r"log\.kind=([a-z_]+)", text)

    def walk(value: object) -> Iterator[str]:
        if isinstance(value, dict):
            for key, item in value.items():
                if key == "event" and ("words" in value or "say" in value):
                    yield from [item] if isinstance(item, str) else item
                else:
                    yield from walk(item)
        elif isinstance(value, list):
            for item in value:
                yield from walk(item)

    yield from walk(tomllib.loads(text))


@pytest.mark.parametrize("game", GAMES)
def test_every_kind_a_lesson_names_is_declared(game: str) -> None:
    files = sorted((ROOT / game / "lessons").glob("*.toml"))
    assert files
    named = {kind for path in files for kind in _lesson_kinds(path.read_text())}
    assert named - names(GAMES[game]) == set()
    assert named, "the lessons name kinds: this check reads them"

