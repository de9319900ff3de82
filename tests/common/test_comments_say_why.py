"""Comments and docstrings say why, not which issue: an issue's number tells a reader nothing
the code does not, and the issue tracker is not beside the code. The project's Python code is
read whole: the games, the shell, the tests and the benchmarks."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("common", "orcz", "pirates", "tests")
ISSUE = re.compile(r"\bissues?\s*#?\d+|\bissue\s+of\s+#?\d+", re.IGNORECASE)


def python_files(root: Path = ROOT) -> list[Path]:
    return sorted(path for folder in FOLDERS for path in (root / folder).rglob("*.py")
                  if "__snapshots__" not in path.parts)


def comments_and_docstrings(source: str) -> Iterator[tuple[int, str]]:
    """Each comment and docstring of a module's source, with the line it starts on."""
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            yield token.start[0], token.string
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                yield body[0].lineno, body[0].value.value


def naming_issues(root: Path = ROOT) -> list[str]:
    """``path:line`` of every comment or docstring that names an issue by its number."""
    out = []
    for path in python_files(root):
        for line, text in comments_and_docstrings(path.read_text(encoding="utf-8")):
            match = ISSUE.search(text)
            if match:
                out.append(f"{path.relative_to(root)}:{line}: {match.group(0)}")
    return sorted(out, key=lambda place: (place.split(":")[0], int(place.split(":")[1])))


def test_no_comment_or_docstring_names_an_issue_number() -> None:
    found = naming_issues()
    assert found == [], "say why, not which issue:\n" + "\n".join(found)


def test_the_check_sees_a_comment_and_a_docstring_but_not_code(tmp_path: Path) -> None:
    folder = tmp_path / "common"
    folder.mkdir()
    (folder / "a.py").write_text(
        '"""A module (issue 12)."""\n'
        "def f() -> None:\n"
        '    """Nothing to see."""\n'
        "    x = 1  # as issue #7 asked\n"
        '    print("issue 3 is a string, not a comment")\n', encoding="utf-8")
    assert naming_issues(tmp_path) == ["common/a.py:1: issue 12", "common/a.py:4: issue #7"]
