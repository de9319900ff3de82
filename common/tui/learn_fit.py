"""The part of the board a lesson step is about: framed, labelled, and fitted whole on screen."""

from __future__ import annotations

from textual.widget import Widget

from common.lessons.targets import split_target
from common.tui.keybar import KeyBar
from common.tui.learn_mark import Marked
from common.tui.learn_panel import target_label, whole_on_screen
from common.tui.table import TableScreen


class LessonFit:
    """Highlighting and fitting the step's part of the board, on a lesson's table. ``fitting``
    while the highlighted part is being fitted on screen (tests wait for it)."""

    LOOKS = 3  # refreshes a fit waits for its measure to hold (``_fit_next``)

    def __init__(self, table: TableScreen) -> None:
        self.table = table
        self.fitting = False
        self._labelled: Widget | None = None
        self._grown: Widget | None = None  # the panel made taller by its frame
        self._fits = 0  # fits begun: an older fit's pending look stops when a new one begins
        self.board = ""  # the part last highlighted (tests wait for a step's own)

    def highlight(self, board: str) -> None:
        """Frame the part of the table the step is about (``board``), fitted whole on screen,
        label its frame when the part is one of several in a widget, and mark the exact card
        or section in it."""
        table = self.table
        self.board = board
        if self._labelled is not None:
            self._labelled.border_title = None
            self._labelled = None
        self.unfit_focus()
        exact = split_target(board) if board else None
        target = exact.region if exact is not None else ""
        for part in (*table.query("*"), table.game):
            if isinstance(part, Marked):  # the widgets that show exact parts, and the hand
                part.mark_exact(exact)
        for widget in table.query(".-lesson-focus"):
            widget.remove_class("-lesson-focus")
        node = table.game.highlight_target(target) if target else None
        if node is not None:
            node.add_class("-lesson-focus")
        self.fit_focus()
        label = target_label(target)
        if label and node is not None and not node.border_title:
            node.border_title = label
            self._labelled = node

    def fit_focus(self) -> None:
        """Make the highlighted part whole on screen: a panel whose height is fixed to its
        lines (the map, the mats) grows by its frame; if it is still too tall for its place,
        the combat takes the mats' width too, and then the frame keeps to its sides; last, it
        is scrolled into its place's view."""
        focus = list(self.table.query(".-lesson-focus"))
        if not focus:
            return
        node = focus[0]
        self._size_to_frame(node)
        self.fitting = True
        self._fits += 1
        self.table.call_after_refresh(self._fit_next, node, 0, 0, self._fits, None)

    def _size_to_frame(self, node: Widget) -> None:
        lines = getattr(node, "_lines", -1)
        if getattr(node, "fixed_height", False) and lines >= 0:
            self._grown = node
            node.styles.height = lines + (0 if node.has_class("-lesson-thin") else 2)

    def _fit_next(self, node: Widget, tried: int, looks: int, fit: int,
                  last: str | None) -> None:
        if fit != self._fits:
            return  # a newer fit took over
        if not node.is_mounted or not node.display or not node.has_class("-lesson-focus"):
            self.fitting = False  # gone meanwhile (a combat over): nothing to fit
            return
        node.scroll_visible(animate=False, immediate=True)
        why = whole_on_screen(node)
        # A measure is trusted only when the next refresh says the same: right after a notice
        # closes, or on a loaded machine, a refresh can come before the layout of what was just
        # drawn (a combat panel still short, or not placed yet, or the room of a notice's
        # screen still counted), and a fit judged on it was left clipped once its text grew, or
        # thinned though it had room. A part that looks whole is looked at ``LOOKS`` times.
        settled = why == last and why not in ("", "not on screen")
        if looks < self.LOOKS and not settled:
            self.table.call_after_refresh(self._fit_next, node, tried, looks + 1, fit, why)
            return
        if not why or why == "not on screen" or tried >= 2:
            # last, the key bar's second line given back: the part the step is about comes
            # before keys that F1 lists (the bar's new rows begin a new fit)
            if not why or why == "not on screen" or not self._fold_keys():
                self.fitting = False
            return
        if tried == 0 and node.id == "combat":
            self.table.add_class("-lesson-wide")
        else:
            node.add_class("-lesson-thin")
            self._size_to_frame(node)
        self.table.call_after_refresh(self._fit_next, node, tried + 1, 0, fit, None)

    def _fold_keys(self) -> bool:
        bar = self.table.query_one(KeyBar)
        return not bar.folded and bar.fold(True)

    def unfit_focus(self) -> None:
        self.table.query_one(KeyBar).fold(False)
        self.table.remove_class("-lesson-wide")
        for node in self.table.query(".-lesson-thin"):
            node.remove_class("-lesson-thin")
        if self._grown is not None:
            lines = getattr(self._grown, "_lines", -1)
            if lines >= 0:
                self._grown.styles.height = lines
            self._grown = None

    def regrow(self) -> None:
        """After the public widgets were drawn."""
        if self._grown is not None:
            self._size_to_frame(self._grown)  # a redrawn panel set its height to its lines

