"""The shell's classes stay small and shallow: objects that *have* their parts rather than
stacks of base classes, so that a ``self.x`` is found in one class or two, not in any of ten.

How it counts, for every class defined in a module of ``common.tui``, of the remote seats'
``common.remote`` or of a game's interface (``orcz.ui``, ``pirates.ui``; the modules are
imported, the classes read from them; a class made inside a function is not seen):

- its **project ancestors** are the classes of its method resolution order, itself left out,
  whose module is in the project (``common``, ``orcz``, ``pirates``). Textual's, Rich's and
  Python's own classes (``Screen``, ``Widget``, ``Protocol``, ``object``) do not count. At most
  two.
- its **methods** are the names bound, in its own ``__dict__`` or in a project ancestor's, to
  a function, a property (a getter with its setter counts once), a ``classmethod`` or a
  ``staticmethod``; a name defined on several of them counts once. Textual's and Python's
  methods, nested classes and plain class attributes (``BINDINGS``, ``CSS``) do not count. At
  most 35.

There are no exceptions left: the table *has* its parts. ``TableScreen`` is the one screen,
standing on no class of the project; the game's part (``table_game.TableGame``: its widgets,
pickers, words and own keys), the drawing (``table_draw.TableDrawing``), the flow
(``flow_api.TableFlow``), the picker panel, the tips and the review are objects it has. A game
registers a screen (``OrczTable``) that gives the table its part and adds the game's keys, and
nothing else; the game's own machinery (Orcz's clock, its scout) is in parts its part has.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from types import ModuleType

import common.remote
import common.tui
import orcz.ui
import pirates.ui

PROJECT = ("common", "orcz", "pirates")
PACKAGES: tuple[ModuleType, ...] = (common.tui, common.remote, orcz.ui, pirates.ui)
MAX_ANCESTORS = 2
MAX_METHODS = 35
# a class over the limit, with at most what it has now (it may shrink, not grow): none. The
# remote seats' flows are pass and play's flow (34) with parts of their own for what a terminal
# far from the host adds (common.remote.pushes).
TOO_MANY_METHODS: dict[str, int] = {}


def shell_classes() -> list[type]:
    found: list[type] = []
    for package in PACKAGES:
        for info in pkgutil.iter_modules(package.__path__):
            if info.name == "__main__":  # running it starts the app
                continue
            module = importlib.import_module(f"{package.__name__}.{info.name}")
            found += [cls for cls in vars(module).values()
                      if inspect.isclass(cls) and cls.__module__ == module.__name__]
    return found


def project_ancestors(cls: type) -> list[type]:
    return [base for base in cls.__mro__[1:] if base.__module__.split(".")[0] in PROJECT]


def own_methods(cls: type) -> list[str]:
    kinds = (property, classmethod, staticmethod)
    return [name for name, value in vars(cls).items()
            if inspect.isfunction(value) or isinstance(value, kinds)]


def methods(cls: type) -> set[str]:
    """Its own methods and its project ancestors', each name once."""
    return {method for c in (cls, *project_ancestors(cls)) for method in own_methods(c)}


def name(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


def test_the_count_sees_the_shell() -> None:
    classes = {name(cls): cls for cls in shell_classes()}
    table = classes["common.tui.table.TableScreen"]
    assert project_ancestors(table) == []
    assert "action_choose" in own_methods(table) and "BINDINGS" not in own_methods(table)
    assert "compose" in methods(table) and "query_one" not in methods(table)  # not Textual's
    orcz_table = classes["orcz.ui.screens.OrczTable"]
    assert [a.__name__ for a in project_ancestors(orcz_table)] == ["TableScreen"]
    assert {"action_scout", "action_choose"} <= methods(orcz_table)  # its own and the table's
    assert {"common.tui.flow.Flow", "common.tui.learn_play.LessonFlow"} <= set(classes)


def test_a_game_table_has_its_part() -> None:
    """A game's screen adds its keys to the shared table and gives it the game's part, which
    is no screen: its hooks, its pickers and its words are not the table's methods."""
    classes = {name(cls): cls for cls in shell_classes()}
    shared = methods(classes["common.tui.table.TableScreen"])
    game_part = classes["common.tui.table_game.TableGame"]
    assert not issubclass(game_part, classes["common.tui.table.TableScreen"])
    assert "make_picker" in methods(game_part) and "make_picker" not in shared
    for screen, part in (("orcz.ui.screens.OrczTable", "orcz.ui.game.OrczGame"),
                         ("pirates.ui.screens.PiratesTable", "pirates.ui.screens.PiratesGame")):
        assert project_ancestors(classes[part]) == [game_part]
        added = methods(classes[screen]) - shared
        assert added and all(m == "__init__" or m.startswith("action_") for m in added), added


def test_no_shell_class_stands_on_more_than_two_project_classes() -> None:
    deep = {name(cls): [a.__name__ for a in project_ancestors(cls)] for cls in shell_classes()
            if len(project_ancestors(cls)) > MAX_ANCESTORS}
    assert deep == {}, deep


def test_no_shell_class_has_more_than_35_methods() -> None:
    big = {name(cls): len(methods(cls)) for cls in shell_classes()
           if len(methods(cls)) > TOO_MANY_METHODS.get(name(cls), MAX_METHODS)}
    assert big == {}, big


def test_the_exceptions_are_still_needed() -> None:
    """An exception that is no longer over the limit goes from the list."""
    classes = {name(cls): cls for cls in shell_classes()}
    assert {n for n in TOO_MANY_METHODS if len(methods(classes[n])) <= MAX_METHODS} == set()


def test_a_lesson_is_no_flow() -> None:
    """A lesson's flow directs the table and the session: it inherits none of pass and play's
    steps, nor anything else of the project's."""
    classes = {name(cls): cls for cls in shell_classes()}
    assert project_ancestors(classes["common.tui.learn_play.LessonFlow"]) == []
