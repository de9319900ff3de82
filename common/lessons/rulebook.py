"""The rule and ruling ids lessons cite, read from a game's rules text and rulings, and
which lesson steps teach each (``coverage``)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from common.lessons.model import Lesson
from common.registry import GAMES, read_doc


def known_rule_ids(game: str) -> list[str]:
    """Every rule and ruling id of a game, read from its rules text and rulings (see
    ``rule_ids``)."""
    docs = GAMES[game].docs  # each game names its documents and their ids' letter
    return rule_ids(docs.letter, read_doc(docs.rules, game), read_doc(docs.rulings, game))


def rule_ids(letter: str, rules_md: str, rulings_md: str) -> list[str]:
    """Rule ids from a rules text: ``O:<heading>`` per heading, ``O:<heading>/<item>`` per list
    item or paragraph opening with a bold phrase and per row of a table under the heading (the
    first cell); ruling ids (``O-R7``) from the rulings' tables and ranges (``P-R1 … P-R11``)."""
    out: list[str] = []
    heading = ""
    for line in rules_md.splitlines():
        if line.startswith("#"):
            title = line.lstrip("#").strip()
            if line.startswith("# "):  # the document's title
                continue
            heading = _slug(re.sub(r"^\d+\.\s*", "", title))
            out.append(f"{letter}:{heading}")
            continue
        bold = re.match(r"^(?:\s*[-*] |\d+\. )?\*\*([^*]+)\*\*", line)
        row = re.match(r"^\|\s*([^|]+?)\s*\|", line)
        item = ""
        if bold and heading:
            item = bold.group(1)
        elif row and heading and not set(row.group(1)) <= set("-: ") and not _is_header(line):
            item = row.group(1)
        if item and _slug(item):
            out.append(f"{letter}:{heading}/{_slug(item)}")
    for match in re.finditer(rf"^\|\s*({letter}-R\d+)\s*\|", rulings_md, re.MULTILINE):
        out.append(match.group(1))
    for low, high in re.findall(rf"{letter}-R(\d+)\s*…\s*{letter}-R(\d+)", rulings_md):
        out += [f"{letter}-R{n}" for n in range(int(low), int(high) + 1)]
    return sorted(set(out), key=out.index)


_TABLE_HEADS = {"event", "position", "id", "type"}


def _is_header(line: str) -> bool:
    first = line.strip("| ").split("|")[0].strip().lower()
    return first in _TABLE_HEADS


def _slug(text: str) -> str:
    words = re.findall(r"[a-z0-9]+", text.lower().replace("'", ""))
    return "-".join(words)


def coverage(lessons: Iterable[Lesson]) -> dict[str, list[str]]:
    """Every rule id named by a step, with the steps that teach it (``<lesson id>#<step>``)."""
    table: dict[str, list[str]] = {}
    for lesson in lessons:
        for step in lesson.steps:
            for rule in step.rules:
                table.setdefault(rule, []).append(f"{lesson.id}#{step.number}")
    return table
