"""Frozen dataclasses made quickly: the values the engine makes for every hand it scores.

A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__`` (a lookup and a call per
field): for a value of twenty fields that is most of the cost of making it, and scoring one hand makes a
hundred such fields (the hand's facts, each reading's view and value, the Score). :func:`quick` gives a
frozen dataclass an ``__init__`` that gives the instance a dict of its fields made in one step, with the
same parameters, defaults and default factories, and takes the fields' defaults off the class
(:func:`plain_fields`): an instance whose dict is its own, of the same keys in the same order for every
instance, and whose fields shadow no class attribute, has its fields read by the interpreter's quick path.
The class stays a frozen dataclass in every other way (its fields, equality, hash, ``replace``, the error on
assignment). The dataclass-made ``__init__`` stays at
``__init__.__wrapped__`` (what :func:`inspect.signature` reads).

>>> from dataclasses import dataclass, field, FrozenInstanceError
>>> @quick
... @dataclass(frozen=True)
... class Point:
...     x: int
...     y: int = 0
...     tags: tuple[str, ...] = field(default=())
>>> p = Point(1, tags=("a",))
>>> p, p == Point(1, 0, ("a",)), hash(p) == hash(Point(1, 0, ("a",)))
(Point(x=1, y=0, tags=('a',)), True, True)
>>> try:
...     p.x = 2
... except FrozenInstanceError:
...     print("frozen")
frozen
"""

from __future__ import annotations

import dataclasses
from typing import Any

__all__ = ["keep", "plain_fields", "quick"]

_FACTORY = object()
"""Stands for a parameter left out whose default is a factory's (as the dataclass-made ``__init__`` has it)."""


def quick[T](cls: type[T]) -> type[T]:
    """``cls`` (a frozen dataclass without slots, ``__post_init__`` or init-only fields) with the quick ``__init__``."""
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or "__slots__" in vars(cls) or hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__}: quick makes frozen dataclasses without slots or __post_init__")
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    names: dict[str, Any] = {"_FACTORY": _FACTORY, "_set": object.__setattr__}
    positional: list[str] = []
    keyword: list[str] = []
    body: list[str] = []
    stored: list[str] = []  # each field's entry in the instance's dict
    for f in fields:
        if f.default is not dataclasses.MISSING:
            names[f"_default_{f.name}"] = f.default
        if f.default_factory is not dataclasses.MISSING:
            names[f"_factory_{f.name}"] = f.default_factory
        if not f.init:  # made by its factory, or its default
            if f.default_factory is not dataclasses.MISSING:
                stored.append(f"{f.name!r}: _factory_{f.name}()")
            elif f.default is not dataclasses.MISSING:
                stored.append(f"{f.name!r}: _default_{f.name}")
            continue
        if f.default is not dataclasses.MISSING:
            param = f"{f.name}=_default_{f.name}"
        elif f.default_factory is not dataclasses.MISSING:
            param = f"{f.name}=_FACTORY"
            body.append(f"    if {f.name} is _FACTORY:\n        {f.name} = _factory_{f.name}()")
        else:
            param = f.name
        (keyword if f.kw_only else positional).append(param)
        stored.append(f"{f.name!r}: {f.name}")
    body.append(f"    _set(self, '__dict__', {{{', '.join(stored)}}})")
    signature = ", ".join(["self", *positional, *(["*", *keyword] if keyword else [])])
    source = f"def __init__({signature}) -> None:\n" + "\n".join(body) + "\n"
    exec(source, names)  # noqa: S102 - made from the field names of a dataclass, as dataclasses makes its own
    init = names["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__doc__ = cls.__init__.__doc__
    init.__wrapped__ = cls.__init__
    setattr(cls, "__init__", init)  # noqa: B010 - a method replaced on the class
    return plain_fields(cls)


def plain_fields[T](cls: type[T]) -> type[T]:
    """``cls`` (a dataclass) without the class attributes that hold its fields' defaults.

    A dataclass keeps each field's default as a class attribute of the field's name, which every instance then
    shadows with its own value; the interpreter reads an instance attribute that shadows a class attribute by
    its generic path, several times the cost of its quick one. The defaults stay in the dataclass's fields (what
    its ``__init__``, :func:`dataclasses.replace` and :func:`dataclasses.fields` read); only the class attribute
    goes. Not for a class whose code reads a default from the class itself (``Cls.field``).

    >>> from dataclasses import dataclass
    >>> @plain_fields
    ... @dataclass(frozen=True)
    ... class Point:
    ...     x: int = 0
    >>> Point(), "x" in vars(Point), Point(2).x
    (Point(x=0), False, 2)
    """
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        if f.default is not dataclasses.MISSING and vars(cls).get(f.name) is f.default:
            delattr(cls, f.name)
    return cls


def keep[K, V](table: dict[K, V], key: K, value: V, most: int, *, forget: bool = False) -> V:
    """``value``, put in ``table`` under ``key`` and returned: a table of values made once and read with
    ``table.get`` (in C), bounded at ``most`` entries. Full, it keeps what it holds (the values of a small world,
    melds or fans, which the first hands nearly fill) or, with ``forget``, forgets them all and starts again (keys
    that come and go with the tables and hands a worker meets).

    >>> table: dict[str, int] = {}
    >>> keep(table, "a", 1, 1), keep(table, "b", 2, 1), table
    (1, 2, {'a': 1})
    >>> keep(table, "b", 2, 1, forget=True), table
    (2, {'b': 2})
    """
    if len(table) >= most:
        if not forget:
            return value
        table.clear()
    table[key] = value
    return value
