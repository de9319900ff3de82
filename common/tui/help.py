"""The help screen: key bindings, then a game's rules text and rulings (from the game's own
folder: ``common.registry.read_doc``)."""

from __future__ import annotations

from typing import ClassVar

from rich.console import Console
from rich.markdown import Markdown as RichMarkdown
from rich.padding import Padding
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.screen import Screen
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Static

from common.i18n import N_, _, language
from common.registry import GameLoadError, read_doc
from common.tui.footer import Footer
from common.tui.gameui import GameUI
from common.tui.small import TooSmall

FALLBACK = N_(
    "*The rules text ({name}) is not installed with this copy of hotseat.*\n\n"
    "Reinstall the package (`pip install hotseat`) or read `docs/{name}` in the repository."
)


def load_doc(name: str, game: str = "") -> str:
    """The markdown of the document ``name`` (from ``game``'s own folder), in the language in
    use when the game ships it translated, or a clear fallback when it is missing."""
    try:
        return read_doc(name, game, language())
    except (OSError, UnicodeDecodeError, KeyError, GameLoadError):
        return _(FALLBACK).format(name=name)


class HelpText(ScrollView, can_focus=True):
    """The help's markdown, laid out by Rich once per width and per run, drawn line by line:
    only the lines in sight become strips. Textual's ``Markdown`` widget built a widget per
    paragraph, row and cell and took 0.6 to 1.2 s to open the rules."""

    DEFAULT_CSS = """
    HelpText { scrollbar-gutter: stable; scrollbar-size-vertical: 1; }
    """

    def __init__(self, pages: list[str], *, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.pages = pages
        self.lines: list[Strip] = []
        self.width_laid_out = 0

    def on_resize(self) -> None:
        """The first page now, the others (the rules: long) once it is on screen."""
        self.width_laid_out = width = self.scrollable_content_region.width
        self.show(laid_out(self.pages[0], width, self.app.console))
        self.call_after_refresh(self.show_all, width)

    def show_all(self, width: int) -> None:
        if width != self.width_laid_out:
            return  # resized meanwhile: that resize lays it out
        rule = [Strip.blank(width)]
        lines = []
        for number, page in enumerate(self.pages):
            lines += (rule if number else []) + laid_out(page, width, self.app.console)
        self.show(lines)

    def show(self, lines: list[Strip]) -> None:
        self.lines = lines
        self.virtual_size = Size(self.width_laid_out, len(lines))
        self.refresh()

    def render_line(self, y: int) -> Strip:
        index = y + self.scroll_offset.y
        width = self.scrollable_content_region.width
        if 0 <= index < len(self.lines):
            return self.lines[index].extend_cell_length(width).apply_style(self.rich_style)
        return Strip.blank(width, self.rich_style)


_LAID_OUT: dict[tuple[str, int], list[Strip]] = {}


def laid_out(markdown: str, width: int, console: Console) -> list[Strip]:
    """The lines of ``markdown`` at ``width`` (with a margin of two each side), kept for the
    run: the same help is opened again and again at the same size."""
    key = (markdown, width)
    if key not in _LAID_OUT:
        options = console.options.update(width=max(1, width), height=None)
        page = Padding(RichMarkdown(markdown, hyperlinks=False), (0, 2))
        _LAID_OUT[key] = [Strip(line) for line in console.render_lines(page, options,
                                                                       pad=False)]
        if len(_LAID_OUT) > 16:
            del _LAID_OUT[next(iter(_LAID_OUT))]
    return _LAID_OUT[key]


class HelpScreen(Screen[None]):
    """Keys first, then the rules (and the rulings); Escape, q, F1 or ? closes it. With
    ``keys_last`` (the menu's "Rules of …"): the rules first, the keys after the rulings."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,f1,question_mark", "close", N_("Close help")),
        Binding("g", "app.glossary", N_("Glossary"), id="app.glossary"),
        Binding("pageup", "page(-1)", N_("Page up"), show=False),
        Binding("pagedown,space", "page(1)", N_("Page down"), show=False),
    ]

    DEFAULT_CSS = """
    HelpScreen #help-title { dock: top; height: 1; padding: 0 2; text-style: bold; }
    """

    def __init__(self, keys_markdown: str, docs: tuple[str, ...], *, game: str = "",
                 title: str = "", keys_last: bool = False) -> None:
        super().__init__()
        self.keys_markdown = keys_markdown
        self.docs = docs
        self.game = game  # whose folder holds the documents
        self.title = title  # a line above the text ("": none)
        self.keys_last = keys_last

    def compose(self) -> ComposeResult:
        yield TooSmall()
        docs = [load_doc(d, self.game) for d in self.docs]
        pages = [*docs, self.keys_markdown] if self.keys_last else [self.keys_markdown, *docs]
        if self.title:
            yield Static(Text(self.title), id="help-title", classes="body")
        yield HelpText(pages, classes="body", id="help-scroll")
        yield Footer(classes="body", compact=True)

    def on_mount(self) -> None:
        self.query_one("#help-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_page(self, direction: int) -> None:
        scroll = self.query_one("#help-scroll", HelpText)
        if direction > 0:
            scroll.scroll_page_down()
        else:
            scroll.scroll_page_up()


def rules_screen(ui: GameUI) -> HelpScreen:
    """What "Rules of …" opens: the rules at the top, then the rulings they cite, the keys last."""
    return HelpScreen(_(ui.keys_markdown), ui.help_docs, game=ui.name, keys_last=True,
                      title=_("Rules {of_game} — then the rulings, and the keys (End)").format(
                          of_game=ui.title_of))


def glossary_screen(uis: list[GameUI]) -> HelpScreen:
    """The abbreviations the tables of ``uis`` show, in words (each game supplies its own)."""
    text = "\n\n".join(_(ui.glossary_markdown) for ui in uis if ui.glossary_markdown)
    title = _("{game} glossary").format(game=uis[0].title) if len(uis) == 1 else _("Glossary")
    return HelpScreen(text or _("*No abbreviations to explain.*"), (), title=title)
