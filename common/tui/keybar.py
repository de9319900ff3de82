"""A bar of the keys that do something now: one line, two when they do not fit in one.

Textual's ``Footer`` rebuilds its widgets whenever the keys change, which on the table (keys
change with every step of a picker) costs a new layout per key press. ``KeyBar`` draws the same
thing as text, redrawn in place (laid out again only when it goes from one line to two or back).
When the keys do not fit two lines, whole keys are left out (never a word cut): the help key
stays, and "…" says that F1 lists the rest."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import RenderResult
from textual.widgets import Static

from common.i18n import _
from common.tui.fit import ELLIPSIS, shorten

KEY_STYLE = "bold reverse"
Pair = tuple[str, str, bool]  # the key as shown, its words, whether it is the app's own key


def key_line(pairs: list[Pair], width: int, keep: frozenset[str] = frozenset()) -> Text:
    """The pairs ``key words`` in one line of at most ``width`` cells: with two spaces between
    them, else one; else whole pairs left out (the app's first, then the screen's from the
    last), "…" in their place; a pair whose key is in ``keep`` stays."""
    for gap in ("  ", " "):
        line = _join(pairs, gap, cut=False)
        if line.cell_len <= width:
            return line
    shown = list(pairs)
    order = [p for p in reversed(pairs) if p[2] and p[0] not in keep]
    order += [p for p in reversed(pairs) if not p[2] and p[0] not in keep]
    for pair in order:
        shown.remove(pair)
        line = _join(shown, " ", cut=True)
        if line.cell_len <= width:
            return line
    return shorten(_join(shown, " ", cut=True), width)


def key_lines(pairs: list[Pair], width: int, keep: frozenset[str] = frozenset(),
              rows: int = 2) -> Text:
    """The pairs in one line (``key_line``) when they fit it whole, else in up to ``rows``
    lines, each pair whole on one of them; only when they fit no such lines are pairs left out
    (``key_line``'s way, on the last line)."""
    line = key_line(pairs, width, keep)
    if rows <= 1 or all_shown(line, pairs):
        return line
    lines: list[list[Pair]] = [[]]
    for pair in pairs:
        if lines[-1] and _join([*lines[-1], pair], " ", cut=False).cell_len > width:
            lines.append([])
        lines[-1].append(pair)
    if len(lines) <= rows:
        return Text("\n").join(_join(part, " ", cut=False) for part in lines)
    head = [pair for part in lines[:rows - 1] for pair in part]
    rest = key_line(pairs[len(head):], width, keep)
    return Text("\n").join([*(_join(part, " ", cut=False) for part in lines[:rows - 1]), rest])


def all_shown(line: Text, pairs: list[Pair]) -> bool:
    """Whether every pair is on ``line`` (one line or more), none left out."""
    shown = line.plain
    return all(f"{key} {words}" in shown for key, words, _own in pairs)


def _join(pairs: list[Pair], gap: str, cut: bool) -> Text:
    """`` key words`` for each pair; with ``cut``, "…" before the app's keys (some left out)."""
    out = Text(" ")
    marked = False
    for key, words, own in pairs:
        if cut and own and not marked:
            out.append(ELLIPSIS + gap, style="dim")
            marked = True
        out.append(key, style=KEY_STYLE)
        out.append(f" {words}{gap}")
    if cut and not marked:
        out.append(ELLIPSIS, style="dim")
    out.rstrip()
    return out


class KeyBar(Static):
    """The screen's shown, enabled bindings as ``key description`` pairs. A screen may word a
    key for the moment with ``key_label(action) -> str | None`` (None: the binding's own; "":
    left out of the bar, though it acts)."""

    DEFAULT_CSS = """
    KeyBar { dock: bottom; height: 1; background: $footer-background; color: $footer-foreground;
             text-wrap: nowrap; }
    """

    HELP_ACTIONS = frozenset({"help", "app.help"})

    def __init__(self, *, classes: str | None = None) -> None:
        super().__init__("", classes=classes)
        self.pairs: list[Pair] = []
        self.keep: frozenset[str] = frozenset()
        self._rows = 1
        # called when the bar goes from one line to two or back: a lesson fits the frame of
        # the part a step is about to the rows left (common/tui/learn_fit.py)
        self.on_rows: Callable[[], None] | None = None
        self.folded = False  # one line whatever the keys (``fold``)

    def redraw(self) -> None:
        """Draw the keys as they are now (cheap: no new layout)."""
        app = self.app
        seen: set[str] = set()
        pairs: list[Pair] = []
        keep: set[str] = set()
        shown = [a for a in self.screen.active_bindings.values()
                 if a.binding.show and a.enabled]
        shown.sort(key=lambda a: a.node is app)  # the game's keys first, quit and help last
        label = getattr(self.screen, "key_label", None)
        for active in shown:
            binding = active.binding
            # a screen's "app.quit_saved" is the app's "quit_saved": one Quit on the bar
            action = binding.action.removeprefix("app.")
            if action in seen:
                continue
            seen.add(action)
            words = label(binding.action) if label is not None else None
            if words == "":
                continue  # the screen leaves the key out for the moment
            key = app.get_key_display(binding)
            # a screen's key for an app action (the glossary) gives way as the app's keys do
            own = active.node is app or binding.action.startswith("app.")
            pairs.append((key, words or _(binding.description), own))
            if binding.action in self.HELP_ACTIONS:
                keep.add(key)
        if pairs != self.pairs:
            self.pairs, self.keep = pairs, frozenset(keep)
            self._fit_rows()
            self.refresh()

    def on_resize(self) -> None:
        self._fit_rows()

    @property
    def rows(self) -> int:
        return self._rows

    def fold(self, folded: bool) -> bool:
        """In a lesson, keep to one line whatever the keys (``folded``: the part a step is
        about would be cut otherwise), or not; whether that changed the bar's rows."""
        self.folded = folded
        before = self._rows
        self._fit_rows()
        self.refresh()
        return self._rows != before

    def _fit_rows(self) -> None:
        """One line, or two when the keys need them: a key is never left out for want of a
        line (the table's 1fr parts give the row)."""
        rows = self._lines().plain.count("\n") + 1
        if rows != self._rows:
            self._rows = rows
            self.styles.height = rows
            if self.on_rows is not None:
                self.on_rows()

    def _lines(self) -> Text:
        width = self.content_size.width or 80
        if self.screen.has_class("-lesson-mode"):
            # a lesson fits the part a step is about to the rows left (common/tui/learn_fit.py):
            # one line while the screen's keys fit it, the app's giving way ("…", F1 lists
            # them); two rather than leave out a key of the step's
            line = key_line(self.pairs, width, self.keep)
            if self.folded or all_shown(line, [pair for pair in self.pairs if not pair[2]]):
                return line
        return key_lines(self.pairs, width, self.keep)

    def render(self) -> RenderResult:
        return self._lines()

    @property
    def text(self) -> str:
        """The bar as shown now (for tests)."""
        return self._lines().plain
