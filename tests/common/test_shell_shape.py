"""The shell's classes stay small and shallow: objects that *have* their parts rather than
stacks of base classes, so that a ``self.x`` is found in one class, not in any of ten.

How it counts, for every class defined in a module of ``common.tui`` (the modules are imported,
the classes read from them; a class made inside a function is not seen):

- its **project ancestors** are the classes of its method resolution order, itself left out,
  whose module is in the project (``common``, ``orcz``, ``pirates``). Textual's, Rich's and
  Python's own classes (``Screen``, ``Widget``, ``Protocol``, ``object``) do not count. At most
  two.
- its **methods of its own** are the names in the class's own ``__dict__`` bound to a function,
  a property (a getter with its setter counts once), a ``classmethod`` or a ``staticmethod``.
  Inherited methods, nested classes and plain class attributes (``BINDINGS``, ``CSS``) do not
  count. At most 35.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import common.tui

PROJECT = ("common", "orcz", "pirates")
MAX_ANCESTORS = 2
MAX_METHODS = 35


def shell_classes() -> list[type]:
    found: list[type] = []
    for info in pkgutil.iter_modules(common.tui.__path__):
        if info.name == "__main__":  # running it starts the app
            continue
        module = importlib.import_module(f"common.tui.{info.name}")
        found += [cls for cls in vars(module).values()
                  if inspect.isclass(cls) and cls.__module__ == module.__name__]
    return found


def project_ancestors(cls: type) -> list[type]:
    return [base for base in cls.__mro__[1:] if base.__module__.split(".")[0] in PROJECT]


def own_methods(cls: type) -> list[str]:
    kinds = (property, classmethod, staticmethod)
    return [name for name, value in vars(cls).items()
            if inspect.isfunction(value) or isinstance(value, kinds)]


def name(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


def test_the_count_sees_the_shell() -> None:
    classes = {name(cls): cls for cls in shell_classes()}
    table = classes["common.tui.table.TableScreen"]
    assert [a.__name__ for a in project_ancestors(table)] == ["TableDrawing", "TableHooks"]
    assert "handle_pick" in own_methods(table) and "BINDINGS" not in own_methods(table)
    assert "common.tui.flow.Flow" in classes


def test_no_shell_class_stands_on_more_than_two_project_classes() -> None:
    deep = {name(cls): [a.__name__ for a in project_ancestors(cls)] for cls in shell_classes()
            if len(project_ancestors(cls)) > MAX_ANCESTORS}
    assert deep == {}, deep


def test_no_shell_class_has_more_than_35_methods_of_its_own() -> None:
    big = {name(cls): len(own_methods(cls)) for cls in shell_classes()
           if len(own_methods(cls)) > MAX_METHODS}
    assert big == {}, big
