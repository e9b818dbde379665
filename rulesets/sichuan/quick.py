"""四川's quick entry (every table: 血战, 血流, 两房, 六人): the hand's 番 as the table writes them (its
``fan_display``: from 0, from 1, or the multiplier itself), self-draw's 加番 included, and its 根. 自摸加底 is
added by the table's rule for a self-draw, as for a scored hand; a player who already won this round neither wins
nor discards again in 血战 (血流: they stay in).
Kong money (刮风下雨) is entered as a round's kongs: a quick entry does not carry it."""

from __future__ import annotations

from collections.abc import Callable

from ..context import Kind
from ..errors import ContextError
from ..hand import Hand
from ..messages import msg
from ..quick import Quick, QuickHand, own, value_field
from ..scoring import Fan, Item, Score, ShapeScore
from ..shapes import Shape, ShapeKind
from ..tiles import Tile
from . import VARIANTS
from .facts import hand_facts
from .fans import FANS
from .options import FanDisplay, Mode, SichuanOptions
from .variant import Variant

GEN = own("gen", Kind.INT, "根", "Gen", 0, "根的个数（每个根加 1 番）。", "How many 根 (each adds 1 fan).", 0, 8,
          source="rules/sichuan.md §5.3")
_ZIMO_DI = next(f for f in FANS if f.id == "zimo_di")


def _fan(q: QuickHand, options: SichuanOptions) -> int:
    """The 番 (from 0) of the value as the table writes it."""
    display, value = options.fan_display, q.value
    if display is FanDisplay.E1:
        if value < 1:
            raise ContextError(msg("context.bad_value", key="value", shown=repr(value),
                                   what=msg("what.int_range", what=msg("what.int"), low=1, high=99)))
        return value - 1
    if display is FanDisplay.MULTIPLIER:
        if value < 1 or value & (value - 1):
            raise ContextError(msg("context.bad_value", key="value", shown=repr(value),
                                   what=msg("what.choice", choices="1, 2, 4, 8, 16, …")))
        return value.bit_length() - 1
    return value


def maker(variant: Variant) -> Callable[[QuickHand, SichuanOptions], tuple[Score, Hand]]:
    def make(q: QuickHand, options: SichuanOptions) -> tuple[Score, Hand]:
        q.context.check(variant.players, winners_stay=options.mode is Mode.XUELIU)
        fan = _fan(q, options) + q.values["gen"]
        hand = q.hand()
        items: tuple[Item, ...] = (Item(Fan("quick", "番", "fan", fan)),)
        if hand_facts(hand, options, variant.players).zimo_bonus and options.zimo.value == "di":
            items += (Item(_ZIMO_DI),)
        best = ShapeScore(Shape(ShapeKind.STANDARD, (), Tile(0)), fan, items)
        return q.score(fan, items, shape=best), hand
    return make


VALUE = value_field("番", "Fan", 0, 999, "这手牌的番数，按本桌的写法（0番起、1番起或倍数），含自摸加番，不含根。",
                    "The hand's fan as this table writes them (from 0, from 1, or the multiplier), self-draw's "
                    "extra fan included, 根 not.", "rules/sichuan.md §1, §5")
QUICKS = {v.id: Quick(VALUE, maker(v), (GEN,), ("杠钱（刮风下雨）用一局的杠记录。",
                                              "Kong money (刮风下雨) is entered as a round's kongs."))
          for v in VARIANTS.values()}
