"""The picker panel: the decision on the private panel, driven by the same keys in every game.

``PickerPanel`` is owned by a ``TableScreen``. It holds the game's ``Picker`` for the decision
shown, the message line, and the key guard (Enter confirms only a choice the player moved to or
typed on this step); it answers the arrows, Enter, the number row, + and −, Esc and a click.

The key path runs one way: the table routes a key to its flow, the flow asks the panel, the panel
*returns* what the key did, typed (a ``PickResult``: ``Chosen``, ``Refused``, ``Moved``,
``Claim``, or ``Nothing`` when the key did nothing); the flow matches on it and decides (the
session applies). The panel never calls the table nor the flow back: it is given only the grid,
a way to put text and a way to say the keys changed. It draws the prompt, the
choices and the message line; the table draws the rest of the panel."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text

from common.i18n import _
from common.tui.choices import ChoiceGrid, Nothing, Picker, PickResult
from common.tui.keyguard import KeyGuard
from common.tui.numbered import TypedNumber

# The table's keys that drive the picker.
PICK_KEYS = frozenset({"nav", "choose", "back", "quick", "adjust", "row_key"})


class PickerPanel:
    """The decision on the panel: its picker, its message line and its key guard. ``grid``
    finds the choices' widget, ``put_text`` updates a Static of the panel, ``keys_changed``
    redraws the key bar."""

    def __init__(self, grid: Callable[[], ChoiceGrid],
                 put_text: Callable[[str, Text | str], None],
                 keys_changed: Callable[[], None]) -> None:
        self._grid, self._put_text, self._keys_changed = grid, put_text, keys_changed
        self.picker: Picker | None = None
        self.message: Text | str = ""
        # The picker step on which the player last moved or typed a key: Enter confirms only
        # there.
        self._armed: tuple[Any, Any] | None = None
        # The step last drawn and since when: a summary, a preview or a pre-filled choice takes
        # only an Enter pressed once it was on screen long enough to be read (a hurried second
        # Enter, meant for the step before, is ignored).
        self._shown: tuple[Any, Any] | None = None
        self._guard = KeyGuard()
        self.number = TypedNumber()  # an option's number, typed digit by digit

    @property
    def grid(self) -> ChoiceGrid:
        return self._grid()

    # ---- the key guard: Enter confirms only a choice made on this panel

    def _step(self) -> tuple[Any, Any]:
        picker = self.picker
        return (picker, getattr(picker, "step", None))

    @property
    def moved(self) -> bool:
        """Whether the player moved to a choice or typed a key on this step."""
        return self.picker is not None and self._armed == self._step()

    @property
    def armed(self) -> bool:
        """Whether Enter takes something now: the choice moved to, a summary or preview to
        confirm, or a pre-filled choice as it is shown. Only then is a choice drawn selected."""
        picker = self.picker
        return picker is not None and (self.moved or picker.confirming() or picker.prefilled())

    def _seen(self) -> None:
        """The step is on screen: a new step starts its key guard."""
        step = self._step()
        if step != self._shown:
            self._shown = step
            self._guard = KeyGuard()
            self._guard.now_mounted()
            self._guard.now_drawn()

    def fresh(self) -> bool:
        """Whether Enter may take what it takes now: a choice the player moved to at once, a
        summary, a preview or a pre-filled choice only once it was read (``KeyGuard``)."""
        # 0: the guard is off (tests that type a whole decision at once)
        return self.moved or KeyGuard.SECONDS <= 0 or self._guard.ready()

    def choose_word(self) -> str | None:
        """Enter's word for the moment: "As shown" on a pre-filled choice (None: Choose)."""
        picker = self.picker
        if picker is not None and picker.prefilled() and not picker.confirming():
            return _("As shown")
        return None

    def arm(self) -> None:
        """The player moved to a choice or typed a key on this step: Enter may confirm."""
        if self.picker is not None:
            before = self.armed
            self._armed = self._step()
            if not before:
                self._keys_changed()

    def disarm(self, *, refresh: bool = True) -> None:
        """Enter confirms nothing until the player moves again (a panel drawn afresh)."""
        if self._armed is not None:
            self._armed = None
            if refresh:
                self._keys_changed()

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

    # ---- the keys: a pick is returned to the flow; True: the panel changed (redraw it)

    def nav(self, dx: int, dy: int) -> bool:
        """An arrow: the cursor moves (or a split's share changes: True)."""
        if self.picker is None:
            return False
        self.number.reset()
        if self.picker.adjustable and dx:
            return self.adjust(dx)
        self.grid.move(dx, dy)
        self.arm()
        return False

    def choose(self) -> PickResult:
        self.number.reset()  # Enter ends a number typed
        if self.picker is None or not self.armed or not self.fresh():
            return Nothing()
        return self.picker.pick(self.grid.index)

    def clicked(self, index: int) -> PickResult:
        if self.picker is None:
            return Nothing()
        if self.picker.adjustable:
            self.arm()  # in a split, a click selects a row; Enter confirms
            return Nothing()
        return self.picker.pick(index)

    def typed(self, digit: str) -> PickResult:
        """A digit of an option's number: the option once its number is whole; while more
        digits could make it another option's ("1" with a 10th), it is only highlighted, for
        Enter or the next digit."""
        picker = self.picker
        if picker is None or not picker.numbered:
            return Nothing()
        index, whole = self.number.type(digit, len(picker.choices()), self._step())
        if index is None:
            return Nothing()
        if whole:
            return self.quick(index)
        self.arm()
        self.grid.select(index)
        self._put_text("#message", Text(_("{number}… Enter picks it, or type its next "
                                          "digit").format(number=index + 1), style="dim"))
        return Nothing()

    def quick(self, index: int) -> PickResult:
        picker = self.picker
        if picker is None or not picker.numbered or index >= len(picker.choices()):
            return Nothing()
        self.arm()  # a key typed here: the option is the player's choice
        self.grid.index = index
        return picker.pick(index)

    def adjust(self, delta: int) -> bool:
        if self.picker is None or not self.picker.adjustable:
            return False
        self.picker.adjust(self.grid.index, delta)
        self.message = ""
        self.arm()
        return True

    def back(self) -> bool:
        if self.picker is None or not self.picker.back():
            return False
        self.message = ""
        return True

    # ---- drawing

    def clear(self, prompt: Text | str, note: Text | None = None,
              message: Text | str = "") -> None:
        """No choices on the panel: ``prompt``, ``note`` where the choices go, ``message``."""
        self._put_text("#prompt", prompt)
        self.grid.set_options([], note=note)
        self._put_text("#message", message)

    def draw(self, keep: bool, note: Text | None, hint: Callable[[], Text | str],
             marked: object = None) -> None:
        """The prompt, the choices (``note`` below them, the one whose value is ``marked``
        marked) and the message line: the error, the picker's preview, or else ``hint()``."""
        grid, picker = self.grid, self.picker
        if picker is None:
            self.clear(_("Nothing to decide now."), note, self.message)
            return
        self._put_text("#prompt", Text(picker.prompt(), style="bold"))
        grid.numbered = picker.numbered
        grid.max_columns = picker.max_columns
        grid.set_options(picker.choices(), keep=keep, note=note, selected=self.armed,
                         marked=marked)
        self._seen()
        shown = hint()
        self._put_text("#message", self.message or picker.preview() or shown)
