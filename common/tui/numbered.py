"""Options picked by their number, as every list and panel of hotseat picks: the number shown
beside an option is the number to type, in full ("1" then "0" for the tenth).

A number that more digits could extend ("1" while there is a 10th option) is not taken at once:
it highlights its option, and the next digit makes it longer, or Enter takes it. A digit typed
after a pause (``TypedNumber.WAIT``) starts a new number. A French (AZERTY) keyboard's number
row gives ``& é " ' ( - è _ ç à`` without Shift: each of them picks as the digit on its key, so
the same keys pick on QWERTY, QWERTZ and AZERTY alike; no option is bound to any other
punctuation key."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual import _time
from textual.binding import Binding, BindingType
from textual.widgets import OptionList

from common.i18n import N_
from common.tui.keyguard import key_time

DIGITS = "1234567890"

# The AZERTY number row without Shift, as characters and as Textual's key names, by the digit
# printed on each key.
AZERTY_ROW = dict(zip("&é\"'(-è_çà", DIGITS, strict=True))
# (Textual names a letter with an accent by itself; some terminals' keys come named after it).
ROW_KEY_NAMES = {"ampersand": "1", "é": "2", "quotation_mark": "3", "apostrophe": "4",
                 "left_parenthesis": "5", "minus": "6", "è": "7", "underscore": "8", "ç": "9",
                 "à": "0", "eacute": "2", "egrave": "7", "ccedilla": "9", "agrave": "0"}


def digit_bindings(action: str, description: str = N_("Pick"),
                   skip: frozenset[str] = frozenset()) -> list[BindingType]:
    """Bindings of the digits and of the AZERTY number row to ``action('d')``: "1…" shown, the
    others hidden; ``skip``: key names another binding of the screen handles."""
    shown = Binding("1", f"{action}('1')", description, key_display="1…")
    hidden = [(d, d) for d in DIGITS[1:]] + list(ROW_KEY_NAMES.items())
    return [shown, *(Binding(name, f"{action}('{digit}')", "", show=False)
                     for name, digit in hidden if name not in skip)]


class TypedNumber:
    """The number being typed, digit by digit, for one list of ``count`` options."""

    # seconds after which a digit starts a new number (tests: longer, a loaded machine's pace)
    WAIT: ClassVar[float] = 1.5
    clock: ClassVar[Callable[[], float]] = _time.get_time

    def __init__(self) -> None:
        self.typed = ""
        self._at = 0.0
        self._scope: object = None

    def type(self, digit: str, count: int, scope: object = None) -> tuple[int | None, bool]:
        """The option (0-based) the digits typed so far name, and whether the number is whole
        (no option's number goes on from it). (None, False): no option has that number.
        ``scope``: what the list is (a new one starts a new number)."""
        pressed = key_time()  # the key's own moment: a stalled app does not split a number
        now = TypedNumber.clock() if pressed is None else pressed
        if scope != self._scope or now - self._at > self.WAIT:
            self.typed = ""
        self._scope, self._at = scope, now
        for typed in (self.typed + digit, digit):
            number = int(typed)
            if typed[0] != "0" and 1 <= number <= count:
                whole = number * 10 > count
                self.typed = "" if whole else typed
                return number - 1, whole
        self.typed = ""
        return None, False

    def reset(self) -> None:
        self.typed = ""


def number_keys(index: int, count: int) -> list[str]:
    """The keys that pick option ``index`` of ``count``: its number's digits, then Enter when
    another option's number goes on from it (for tests and the lessons' key drivers)."""
    number = index + 1
    return [*str(number), *(["enter"] if number * 10 <= count else [])]


def number_key(index: int) -> str:
    """The number that picks the option at ``index``."""
    return str(index + 1) if index >= 0 else ""


def numbered(index: int, label: str | Text, count: int = 0) -> Text:
    """``label`` after the number that picks it, so the number on screen is the one to type;
    ``count``: the options in all (the numbers are aligned when some have two digits)."""
    key = number_key(index).rjust(len(str(count)) if count else 1)
    out = Text(f"{key} ", style="bold")
    out.append_text(label if isinstance(label, Text) else Text(label))
    return out


class NumberedList(OptionList):
    """An ``OptionList`` whose options are picked by their number typed: the option is
    highlighted and chosen once its number is whole (or by Enter)."""

    BINDINGS: ClassVar[list[BindingType]] = digit_bindings("digit")

    def __init__(self, *content: Any, **kwargs: Any) -> None:
        super().__init__(*content, **kwargs)
        self.number = TypedNumber()

    def numbers(self) -> int:
        """The highest number an option has."""
        return self.option_count

    def row_of(self, index: int) -> int | None:
        """The row of the option numbered ``index + 1``, if it can be chosen."""
        if index >= self.option_count or self.get_option_at_index(index).disabled:
            return None
        return index

    def action_digit(self, digit: str) -> None:
        index, whole = self.number.type(digit, self.numbers(), self)
        row = None if index is None else self.row_of(index)
        if row is None:
            self.app.bell()
            return
        self.highlighted = row
        if whole:
            self.action_select()

    def action_pick(self, index: int) -> None:
        """The option numbered ``index + 1``, chosen at once."""
        row = self.row_of(index)
        if row is None:
            self.app.bell()
            return
        self.highlighted = row
        self.action_select()
