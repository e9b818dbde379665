"""The quick ``__init__`` of the engine's frozen dataclasses (:func:`rulesets.values.quick`) makes what the
dataclass-made one makes."""

from __future__ import annotations

import dataclasses
import inspect
from dataclasses import FrozenInstanceError, dataclass, field

import pytest

from rulesets._mcr.view import Facts, View
from rulesets.pipeline import Outcome, Valued
from rulesets.scoring import Exclusion, Item, Payment, Score, Settlement, ShapeScore
from rulesets.shapes import Group, Shape
from rulesets.values import plain_fields, quick


def _declared() -> type:
    """The same frozen dataclass, declared afresh at each call: once as dataclasses makes it, once given the
    quick ``__init__``."""

    @dataclass(frozen=True)
    class Value:
        a: int
        b: str = "b"
        c: list[int] = field(default_factory=list)
        d: int = field(default=4, init=False)
        e: tuple[int, ...] = field(default=(), kw_only=True)

    return Value


Plain = _declared()
Quick = quick(_declared())


@pytest.mark.parametrize(
    ("args", "kwargs"),
    [((1,), {}), ((1, "x"), {}), ((1, "x", [2]), {"e": (3,)}), ((), {"a": 5, "c": [1], "e": (2,)})],
)
def test_the_quick_init_sets_what_the_dataclass_init_sets(args: tuple[object, ...], kwargs: dict[str, object]) -> None:
    plain = Plain(*args, **kwargs)  # type: ignore[arg-type]
    # every field in the instance's own dict (the one left out of __init__ too: the class no longer holds it)
    assert vars(Quick(*args, **kwargs)) == {f.name: getattr(plain, f.name) for f in dataclasses.fields(Plain)}


def test_quick_and_plain_fields_leave_no_default_on_the_class() -> None:
    assert not {"b", "d", "e"} & set(vars(Quick)) and {"b", "d", "e"} <= set(vars(Plain))
    assert plain_fields(_declared())(1).b == "b"


def test_a_default_factory_makes_a_new_value_each_time_and_the_value_stays_frozen() -> None:
    one, two = Quick(1), Quick(1)
    assert one.c == [] and one.c is not two.c and one == two and dataclasses.replace(one, a=2) == Quick(2)
    with pytest.raises(FrozenInstanceError):
        one.a = 2  # type: ignore[misc]


@pytest.mark.parametrize(("args", "kwargs"), [((), {}), ((1, "x", [], 4), {}), ((1,), {"d": 2}), ((1,), {"f": 0})])
def test_the_quick_init_refuses_the_calls_the_dataclass_init_refuses(args: tuple[object, ...],
                                                                   kwargs: dict[str, object]) -> None:
    with pytest.raises(TypeError):
        Plain(*args, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Quick(*args, **kwargs)  # type: ignore[arg-type]


def test_the_quick_init_keeps_the_signature() -> None:
    assert str(inspect.signature(Quick)) == str(inspect.signature(Plain))


def test_quick_refuses_a_class_it_would_get_wrong() -> None:
    @dataclass(frozen=True)
    class Checked:
        a: int

        def __post_init__(self) -> None:
            pass

    @dataclass(frozen=True, slots=True)
    class Slotted:
        a: int

    @dataclass
    class Mutable:
        a: int

    for cls in (Checked, Slotted, Mutable):
        with pytest.raises(TypeError):
            quick(cls)


@pytest.mark.parametrize("cls", [Facts, View, Valued, Outcome, Item, Exclusion, Payment, Settlement, ShapeScore,
                                 Score, Group, Shape])
def test_the_engines_values_are_made_by_the_quick_init(cls: type) -> None:
    made = cls.__init__
    assert made.__wrapped__.__qualname__ == made.__qualname__ == f"{cls.__qualname__}.__init__"
    assert [p for p in inspect.signature(cls).parameters] == [f.name for f in dataclasses.fields(cls) if f.init]
