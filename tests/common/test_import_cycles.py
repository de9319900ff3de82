"""The project's modules import one another one way only, and an import put off into a function
(or under ``TYPE_CHECKING``) says why.

Every import counts, wherever it is: one deferred into a function or hidden under
``TYPE_CHECKING`` still ties the two modules together, and a circle of them is a design that
only works because of the order things happen to load in."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("common", "orcz", "pirates")
REASON = "# deferred:"


def modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the packages, by dotted name (a package by its own name)."""
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def targets(name: str, path: Path, node: ast.Import | ast.ImportFrom,
            known: dict[str, Path]) -> set[str]:
    """The project modules an import statement of module ``name`` loads."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names if alias.name in known}
    base = node.module or ""
    if node.level:  # relative: counted from the module's package
        package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        package = package[:len(package) - node.level + 1]
        base = ".".join([*package, base] if base else package)
    out = set()
    for alias in node.names:
        full = f"{base}.{alias.name}"  # ``from pkg import module`` loads the module
        out.add(full if full in known else base)
    return out & set(known)


def deferred_nodes(tree: ast.Module) -> Iterator[ast.Import | ast.ImportFrom]:
    """The imports not run when the module loads: in a function or class body, or under an
    ``if TYPE_CHECKING:``."""
    top = {id(node) for node in tree.body if isinstance(node, ast.Import | ast.ImportFrom)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom) and id(node) not in top:
            yield node


def graph(known: dict[str, Path]) -> dict[str, set[str]]:
    edges: dict[str, set[str]] = {name: set() for name in known}
    for name, path in known.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import | ast.ImportFrom):
                edges[name] |= targets(name, path, node, known) - {name}
    return edges


def reachable(edges: dict[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    todo = [start]
    while todo:
        for nxt in edges[todo.pop()] - seen:
            seen.add(nxt)
            todo.append(nxt)
    return seen


def cycles(edges: dict[str, set[str]]) -> list[set[str]]:
    """The groups of modules that import one another in a circle (strongly connected)."""
    reach = {name: reachable(edges, name) for name in edges}
    groups: list[set[str]] = []
    for name in sorted(edges):
        if name in reach[name] and not any(name in g for g in groups):
            groups.append({other for other in reach[name] if name in reach[other]})
    return groups


def unexplained(known: dict[str, Path], root: Path = ROOT) -> list[str]:
    """Deferred project imports with no ``# deferred:`` reason on their line or just above it
    (a block of imports under one reason shares it)."""
    out = []
    for name, path in known.items():
        lines = path.read_text(encoding="utf-8").splitlines()
        tree = ast.parse("\n".join(lines))
        spans = {line for node in ast.walk(tree) if isinstance(node, ast.Import | ast.ImportFrom)
                 for line in range(node.lineno, (node.end_lineno or node.lineno) + 1)}
        for node in deferred_nodes(tree):
            if not targets(name, path, node, known) or _explained(lines, spans, node.lineno):
                continue
            out.append(f"{path.relative_to(root)}:{node.lineno}: {lines[node.lineno - 1].strip()}")
    return out


def _explained(lines: list[str], spans: set[int], lineno: int) -> bool:
    """A reason on the import's line, or in the comment just above it (a reason may run on
    over several comment lines; imports just above share it)."""
    if REASON in lines[lineno - 1]:
        return True
    above = lineno - 1
    while above in spans:  # the import just above shares this one's reason
        above -= 1
    while above >= 1 and lines[above - 1].strip().startswith("#"):
        if lines[above - 1].strip().startswith(REASON):
            return True
        above -= 1
    return False


def test_no_module_of_the_project_imports_itself_through_a_circle() -> None:
    found = [sorted(group) for group in cycles(graph(modules()))]
    assert found == [], f"import circles: {found}"


def test_every_deferred_project_import_says_why() -> None:
    missing = list(unexplained(modules()))
    assert missing == [], "deferred imports without a '# deferred: why' comment:\n" + \
        "\n".join(missing)


def test_the_checks_see_a_circle_and_an_unexplained_import(tmp_path: Path) -> None:
    """The walk counts a function's and a TYPE_CHECKING import, and a reason on the line above
    covers the import under it."""
    package = tmp_path / "common"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from common import b\n")
    (package / "b.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from common.a import x\n"
        "def f():\n    # deferred: loaded only when asked\n    from common import c\n"
        "    from common.c import y\n")
    (package / "c.py").write_text("def g():\n    from .a import z\n")
    known = modules(tmp_path)
    assert cycles(graph(known)) == [{"common.a", "common.b", "common.c"}]
    assert [line.split(":")[:2] for line in unexplained(known, tmp_path)] == [
        ["common/b.py", "3"], ["common/c.py", "2"]]

