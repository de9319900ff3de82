"""The picker panel: the decision on the private panel, driven by the same keys in every game.

``PickerPanel`` is owned by a ``TableScreen``. It holds the game's ``Picker`` for the decision
shown, the message line, and the key guard (Enter confirms only a choice the player moved to or
typed on this step); it answers the arrows, Enter, the number row, + and −, Esc and a click, and
hands what the picker answered to the table's ``handle_pick``. It draws the prompt, the choices
and the message line; the table draws the rest of the panel."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rich.text import Text

from common.tui.choices import ChoiceGrid, Picker

if TYPE_CHECKING:
    from common.tui.table import TableScreen

# The table's keys that drive the picker.
PICK_KEYS = frozenset({"nav", "choose", "back", "quick", "adjust", "row_key"})


class PickerPanel:
    """The decision on the panel: its picker, its message line and its key guard."""

    def __init__(self, table: TableScreen) -> None:
        self.table = table
        self.picker: Picker | None = None
        self.message: Text | str = ""
        # The picker step on which the player last moved or typed a key: Enter confirms only
        # there.
        self._armed: tuple[Any, Any] | None = None

    @property
    def grid(self) -> ChoiceGrid:
        return self.table.query_one("#choices", ChoiceGrid)

    # ---- the key guard: Enter confirms only a choice made on this panel

    def _step(self) -> tuple[Any, Any]:
        picker = self.picker
        return (picker, getattr(picker, "step", None))

    @property
    def armed(self) -> bool:
        picker = self.picker
        return picker is not None and (self._armed == self._step() or picker.confirming())

    def arm(self) -> None:
        """The player moved to a choice or typed a key on this step: Enter may confirm."""
        if self.picker is not None:
            before = self.armed
            self._armed = self._step()
            if not before:
                self.table.refresh_keys()

    def disarm(self, *, refresh: bool = True) -> None:
        """Enter confirms nothing until the player moves again (a panel drawn afresh)."""
        if self._armed is not None:
            self._armed = None
            if refresh:
                self.table.refresh_keys()

    # ---- which keys act, and their words

    def allows(self, action: str) -> bool:
        """Whether a picker key (``PICK_KEYS``) does something now."""
        picker = self.picker
        if picker is None:
            return False
        if action == "adjust":
            return picker.adjustable
        if action == "back":
            return picker.can_go_back()
        if action == "choose":
            return self.armed
        if action == "quick":
            return picker.numbered
        return True

    def back_word(self) -> str | None:
        """Esc's word for the moment (the picker's)."""
        return self.picker.back_word() if self.picker is not None else None

    def signature(self) -> tuple[Any, ...]:
        """What the key bar depends on here."""
        return (type(self.picker).__name__, getattr(self.picker, "step", None), self.armed)

    # ---- the keys

    def nav(self, dx: int, dy: int) -> None:
        if self.picker is None:
            return
        if self.picker.adjustable and dx:
            self.adjust(dx)
            return
        self.grid.move(dx, dy)
        self.arm()

    def choose(self) -> None:
        if self.picker is None or not self.armed:
            return
        self.table.handle_pick(self.picker.pick(self.grid.index))

    def clicked(self, index: int) -> None:
        if self.picker is None:
            return
        if self.picker.adjustable:
            self.arm()  # in a split, a click selects a row; Enter confirms
            return
        self.table.handle_pick(self.picker.pick(index))

    def quick(self, index: int) -> None:
        picker = self.picker
        if picker is None or not picker.numbered:
            return
        if index < len(picker.choices()):
            self.grid.index = index
            self.table.handle_pick(picker.pick(index))

    def adjust(self, delta: int) -> None:
        if self.picker is not None and self.picker.adjustable:
            self.picker.adjust(self.grid.index, delta)
            self.message = ""
            self.arm()
            self.table.refresh_private(keep=True)

    def back(self) -> None:
        if self.picker is not None and self.picker.back():
            self.message = ""
            self.table.refresh_private()

    # ---- drawing

    def clear(self, prompt: Text | str, note: Text | None = None,
              message: Text | str = "") -> None:
        """No choices on the panel: ``prompt``, ``note`` where the choices go, ``message``."""
        self.table.put_text("#prompt", prompt)
        self.grid.set_options([], note=note)
        self.table.put_text("#message", message)

    def draw(self, keep: bool, note: Text | None, hint: Callable[[], Text | str]) -> None:
        """The prompt, the choices (``note`` below them) and the message line: the error, the
        picker's preview, or else ``hint()``."""
        table, grid, picker = self.table, self.grid, self.picker
        if picker is None:
            self.clear("Nothing to decide now.", note, self.message)
            return
        table.put_text("#prompt", Text(picker.prompt(), style="bold"))
        grid.numbered = picker.numbered
        grid.max_columns = picker.max_columns
        grid.set_options(picker.choices(), keep=keep, note=note)
        shown = hint()
        table.put_text("#message", self.message or picker.preview() or shown)
