"""A mypy plugin: a draft (``common.draft.Draft``) has the fields of the state it names.

At run time a draft copies every field of its ``STATE`` into an attribute of the same name
(common/draft.py), the fields named in ``LISTS`` as lists. This plugin tells mypy the same thing,
so a state's field is declared once, in the state, and the rules read and write the draft's
attributes with their types: ``tuple[X, ...]`` becomes ``list[X]`` for a field in ``LISTS``.
Only mypy imports this module (``[tool.mypy] plugins`` in pyproject.toml).
"""

from __future__ import annotations

from collections.abc import Callable

from mypy.nodes import AssignmentStmt, Expression, NameExpr, RefExpr, StrExpr, TupleExpr, TypeInfo
from mypy.plugin import ClassDefContext, Plugin
from mypy.plugins.common import add_attribute_to_class
from mypy.types import Instance, Type, get_proper_type

DRAFT = "common.draft.Draft"


class DraftFields(Plugin):
    def get_base_class_hook(self, fullname: str) -> Callable[[ClassDefContext], None] | None:
        return add_state_fields if fullname == DRAFT else None


def add_state_fields(ctx: ClassDefContext) -> None:
    """Give the draft class being defined an attribute per field of the ``STATE`` its body
    names (a class naming none inherits its base's)."""
    state = _assigned(ctx, "STATE")
    if not isinstance(state, RefExpr) or not isinstance(state.node, TypeInfo):
        return
    info = state.node
    fields = info.metadata.get("namedtuple", {}).get("fields")
    if info.tuple_type is None or fields is None:
        if not ctx.api.final_iteration:  # the state's class is not analysed yet
            ctx.api.defer()
            return
        ctx.api.fail(f"{info.name} is not a NamedTuple: a draft's STATE must be", state)
        return
    lists = _strings(_assigned(ctx, "LISTS"))
    for name, typ in zip(fields, info.tuple_type.items, strict=True):
        if name in ctx.cls.info.names:  # declared by hand in the draft: that one stands
            continue
        held = _as_list(ctx, typ) if name in lists else typ
        if held is None:
            ctx.api.fail(f"{name} is in LISTS but is no tuple[X, ...] in {info.name}", ctx.cls)
            continue
        add_attribute_to_class(ctx.api, ctx.cls, name, held)


def _assigned(ctx: ClassDefContext, name: str) -> Expression | None:
    """What the class body assigns to ``name``, if it does."""
    for statement in ctx.cls.defs.body:
        if isinstance(statement, AssignmentStmt) and any(
                isinstance(target, NameExpr) and target.name == name
                for target in statement.lvalues):
            return statement.rvalue
    return None


def _strings(expression: Expression | None) -> set[str]:
    if not isinstance(expression, TupleExpr):
        return set()
    return {item.value for item in expression.items if isinstance(item, StrExpr)}


def _as_list(ctx: ClassDefContext, typ: Type) -> Type | None:
    """``list[X]`` for a ``tuple[X, ...]``; None for any other type."""
    proper = get_proper_type(typ)
    if not isinstance(proper, Instance) or proper.type.fullname != "builtins.tuple":
        return None
    return ctx.api.named_type("builtins.list", list(proper.args))


def plugin(version: str) -> type[Plugin]:
    return DraftFields
