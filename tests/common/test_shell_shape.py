"""The shell's classes stay small and shallow: objects that *have* their parts rather than
stacks of base classes, so that a ``self.x`` is found in one class or two, not in any of ten.

How it counts, for every class defined in a module of ``common.tui`` or of a game's interface
(``orcz.ui``, ``pirates.ui``; the modules are imported, the classes read from them; a class
made inside a function is not seen):

- its **project ancestors** are the classes of its method resolution order, itself left out,
  whose module is in the project (``common``, ``orcz``, ``pirates``). Textual's, Rich's and
  Python's own classes (``Screen``, ``Widget``, ``Protocol``, ``object``) do not count. At most
  two.
- its **methods** are the names bound, in its own ``__dict__`` or in a project ancestor's, to
  a function, a property (a getter with its setter counts once), a ``classmethod`` or a
  ``staticmethod``; a name defined on several of them counts once. Textual's and Python's
  methods, nested classes and plain class attributes (``BINDINGS``, ``CSS``) do not count. At
  most 35.

The tables are the exceptions, each at most what it has now: a game's table *is* the shared
table with its hooks filled in (``TableScreen`` on ``TableHooks``: the game overrides them), so
its methods are the shell's table's and the game's together. The table's drawing is an object
it has (``table_draw.TableDrawing``) and its flow another (``flow_api.TableFlow``); what is left
is the screen's keys, what is on it, and the calls the flow and the game make.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from types import ModuleType

import common.tui
import orcz.ui
import pirates.ui

PROJECT = ("common", "orcz", "pirates")
PACKAGES: tuple[ModuleType, ...] = (common.tui, orcz.ui, pirates.ui)
MAX_ANCESTORS = 2
MAX_METHODS = 35
# each at most what it has now: it may shrink, not grow
TOO_MANY_METHODS = {
    "common.tui.table.TableScreen": 76,
    "orcz.ui.screens.OrczTable": 91,
    "pirates.ui.screens.PiratesTable": 80,
    "common.tui.table_api.Table": 39,  # what the flow and the review may ask of a table
}


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
    assert [a.__name__ for a in project_ancestors(table)] == ["TableHooks"]
    assert "handle_pick" in own_methods(table) and "BINDINGS" not in own_methods(table)
    assert {"handle_pick", "make_picker"} <= methods(table)  # its own and its hooks'
    assert "compose" in methods(table) and "query_one" not in methods(table)  # not Textual's
    orcz_table = classes["orcz.ui.screens.OrczTable"]
    assert [a.__name__ for a in project_ancestors(orcz_table)] == ["TableScreen", "TableHooks"]
    assert {"common.tui.flow.Flow", "common.tui.learn_play.LessonFlow"} <= set(classes)


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
