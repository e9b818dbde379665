"""The hand levels of 温州麻将 as a fan table: each row is one reason a hand reaches a level, its value
the level's multiplier — 软 ×1, 硬 ×2, 双翻 ×4, 四翻 ×8 — with its predicate over a reading (:class:`Facts`).

Levels are not added: the highest applies. That is data too: every row excludes (不计) every row of a
lower level, so :func:`~rulesets.scoring.apply_exclusions` keeps the reasons of the highest level and
reports the others as not counted; the hand's value is the level they share.

>>> [f.id for f in FANS if f.value == 8], sorted(e.fan for e in BY_ID["tianhu"].excludes)[:3]
(['sancai_guiwei'], ['qianggang', 'qiangzhi', 'ruan'])
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

from ..hand import Hand, WinMethod
from ..lights import declare
from ..pipeline import Line, Row
from ..scoring import Excludes, Fan
from ..shapes import GroupKind, Shape, ShapeKind
from ..sources import Source
from ..tiles import Tile
from .options import EightPairsLevel, ForcedLevel, WenzhouOptions
from .works import WORKS

DRAGONS = tuple(Tile.parse(t) for t in ("5z", "6z", "7z"))

TESHU = "（特殊双翻）"
TESHU_EN = " (with 特殊双翻)"

LEVEL_NAMES: dict[int, tuple[str, str]] = {
    1: ("软", "Soft"), 2: ("硬", "Hard"), 4: ("双翻", "Double"), 8: ("四翻", "Quadruple"),
}
"""The name of each level, by its multiplier."""


def _fan(id: str, zh: str, en: str, value: int, dzh: str, den: str, source: Source, example: str = "") -> Fan:
    return Fan(id, zh, en, value, definition_zh=dzh, definition_en=den, source=source, example=example,
               category=LEVEL_NAMES[value][0])


def _anbang(name: str, note: str) -> Source:
    """A row of the server's WenzhouMajiangPanPlayerHufan, by the name of its flag."""
    return WORKS.cite("anbang", f"WenzhouMajiangPanPlayerHufan ({name})", note=f"regional.md §6(b) {note}")


def _kongxg(section: str, note: str) -> Source:
    return WORKS.cite("kongxg", f"section {section}", note=f"regional.md §6(b) {note}")


_TESHU_EXAMPLE = "~wenzhou.teshu_shuangfan-true"

_ROWS: tuple[Fan, ...] = (
    # 软 ×1
    _fan("ruan", "软牌", "Soft hand", 1,
         "胡牌时用到财神当作别的牌（财神归位、白板当财神本身的牌都不算）。",
         "A 财神 plays another tile in the winning hand (a 财神 at its own face, or 白板 playing the 财神's face, "
         "does not count).", _anbang("ruan", "软"), "v1.123456789m234s67s55p-1z.w5p"),
    # 硬 ×2
    _fan("ying", "硬牌", "Hard hand", 2,
         "没有财神当作别的牌：没有财神，或财神归位（当本身的牌），白板当财神本身的牌。",
         "No 财神 plays another tile: no 财神 at all, or each at its own face; 白板 plays the 财神's face and is "
         "not wild.", _anbang("!ruan", "硬; kongxg SPEC.md §4.3"), "v1.123456789m234567s1z-1z.w5p"),
    _fan("zimo", "自摸", "Self-drawn", 2,
         "自摸胡牌算硬牌，即使用到财神当作别的牌（选项：自摸、抢杠、软八对算硬）。",
         "A self-drawn win is hard even with a 财神 playing another tile (option hard_extras).",
         _kongxg("4.3 (自摸胡牌)", "硬"), "v1.123456789m234s67s55p-1z.s.w5p"),
    _fan("qianggang", "抢杠胡", "Robbing a kong", 2,
         "抢杠胡算硬牌，即使用到财神当作别的牌（选项：自摸、抢杠、软八对算硬）。",
         "Robbing a kong is hard even with a 财神 playing another tile (option hard_extras).",
         _kongxg("4.3 (抢杠胡)", "硬"), "v1.123456789m5p234s67s1z-8s.r.w5p"),
    _fan("ruan_badui", "软八对", "Soft eight pairs", 2,
         "八对（八个对子加一张）中有财神当作别的牌，算硬牌（选项：自摸、抢杠、软八对算硬）。",
         "Eight pairs and one tile with a 财神 playing another tile: hard (option hard_extras).",
         _kongxg("3.3, 4.3 (软8对)", "硬"), "v1.1133557799m224456p-3z.w5p"),
    _fan("qiangzhi", "三财神强制胡", "Three 财神, no shape", 2,
         "手中有三张（或四张）财神但凑不成胡牌型，也直接算胡；算硬牌（选项：算双翻）。",
         "Three (or four) 财神 in hand win even without a winning shape (the TestHu exercise: 直接算胡); hard "
         "(option: 双翻).",
         WORKS.cite("testhu", "当有3张或4张百搭牌时，也直接算胡", note="kongxg SPEC.md §3.4 (3财神强制胡 ×2)"),
         "v1.19m19p19s1234567z555p-9m.s.w5p"),
    # 双翻 ×4
    _fan("tianhu", "天胡", "Heavenly hand", 4, "庄家起手摸牌就胡。", "The dealer wins on the deal.",
         _anbang("tianhu", "双翻"), "v1.123456789m234567s1z-1z.sh.w5p"),
    _fan("dihu", "地胡", "Earthly hand", 4, "闲家第一轮就胡。", "A non-dealer wins in the first go-round.",
         _anbang("dihu", "双翻"), "v1.123456789m234567s1z-1z.ES.de.w5p"),
    _fan("sancaishen", "三财神", "Three 财神", 4,
         "手中有三张财神（四张同样算）且成胡牌型。", "Three 财神 in hand (four count too) in a winning hand.",
         _anbang("sancaishen", "双翻; kongxg SPEC.md §4.4 (3财神+正常牌型)"), "v1.123456789m234s6s555p-7s.s.w5p"),
    _fan("ying_badui", "硬八对", "Hard eight pairs", 4,
         "八个对子加一张，没有财神当作别的牌（四张同样的牌算两对）。",
         "Eight pairs and one more tile with no 财神 playing another tile (four of a kind are two pairs).",
         _kongxg("3.3 (AA 八对 + 任意1张)", "双翻; anbang WenzhouMajiangGouXingPanHu (8 对 + 1 单)"),
         "v1.1133557799m224466p-3z.w5p"),
    _fan("danzhangdiao", "单张吊", "Single wait", 4,
         "五组都已吃碰杠出，只剩一张单吊成对" + TESHU + "。",
         "All five sets are melded and one standing tile waits for its pair" + TESHU_EN + ".",
         _kongxg("4.4 (单吊：吃碰杠后单张)", "特殊双翻"),
         "v1.9s-9s.C123m.C456m.C789m.C234s.C567s.w5p" + _TESHU_EXAMPLE),
    _fan("quanqiushen", "全求神", "All melded, 财神 wait", 4,
         "五组都已吃碰杠出，只剩一张财神单吊" + TESHU + "。",
         "All five sets are melded and the last standing tile is a 财神, waiting for anything" + TESHU_EN + ".",
         _anbang("quanqiushen", "特殊双翻: 单张吊 + 一个财神; kongxg SPEC.md §4.4 (只剩财神单吊)"),
         "v1.5p-9s.C123m.C456m.C789m.C234s.C678s.s.w5p" + _TESHU_EXAMPLE),
    _fan("shuangcai_guiwei", "双财归位", "Two 财神 at their face", 4,
         "两张财神都当本身的牌用（三张财神时两张归位）" + TESHU + "。",
         "Two 财神 both play their own face (of three, two do)" + TESHU_EN + ".",
         _anbang("shuangcaiguiwei", "特殊双翻"), "v1.123456789m345567p1z-1z.w5p" + _TESHU_EXAMPLE),
    _fan("pengpenghu", "碰碰胡", "All pungs", 4, "五组都是刻子（杠）加一对" + TESHU + "。",
         "Five pungs or kongs and a pair" + TESHU_EN + ".", _anbang("pengpenghu", "特殊双翻"),
         "v1.111222333m444666s1z-1z.w5p" + _TESHU_EXAMPLE),
    _fan("gangkai", "杠开", "Win on a kong replacement", 4, "杠后补牌自摸胡（杠上开花）" + TESHU + "。",
         "Self-drawn on a kong's replacement tile" + TESHU_EN + ".", _anbang("gangkai", "特殊双翻"),
         "v1.123456789m234s1z-1z.A7777s.sk.w5p" + _TESHU_EXAMPLE),
    _fan("qingyise", "清一色", "Full flush", 4, "全部是同一门数牌" + TESHU + "。",
         "Every tile of one suit" + TESHU_EN + ".", _anbang("qingyise", "特殊双翻"),
         "v1.1112344556789999m-5m.w5p" + _TESHU_EXAMPLE),
    _fan("hunyise", "混一色", "Half flush", 4, "一门数牌加字牌" + TESHU + "。",
         "One suit and honours" + TESHU_EN + ".", _anbang("hunyise", "特殊双翻"),
         "v1.123456789m1112333z-2z.w5p" + _TESHU_EXAMPLE),
    _fan("zhongfabai", "中发白", "Three dragons", 4,
         "中、发、白板都至少成对（财神是三元牌时：持财神，另两种成刻）" + TESHU + "。",
         "Red, green and white dragons at least a pair each (when the 财神 is a dragon: a 财神 held and pungs of "
         "the other two)" + TESHU_EN + ".",
         WORKS.cite("anbang", "calculateHufanForShoupaiPaiXing (中发白)", note="regional.md §6(b) 特殊双翻"),
         "v1.123456789m5556667z-7z.w5p" + _TESHU_EXAMPLE),
    _fan("caishen_niudui", "财神牛对", "财神 pair", 4,
         "将（对子）是财神本身的牌（两张财神、财神加白板或两张白板）" + TESHU + "。",
         "The pair is of the 财神's face (two 财神, a 财神 and 白板, or two 白板)" + TESHU_EN + ".",
         _anbang("caishenniudui", "特殊双翻"), "v1.123456789m5p23456s7z-7s.w5p" + _TESHU_EXAMPLE),
    # 四翻 ×8
    _fan("sancai_guiwei", "三财归位", "Three 财神 at their face", 8,
         "三张财神都当本身的牌用（辣子辣）。", "Three 财神 all play their own face (option 辣子辣).",
         _anbang("sancaiguiwei, lazila", "四翻"), "v1.123456789m555p234s1z-1z.w5p~wenzhou.lazila-true"),
)


def _with_levels(rows: tuple[Fan, ...]) -> tuple[Fan, ...]:
    """Each row excludes every row of a lower level (the highest level applies, not the sum)."""
    return tuple(dataclasses.replace(f, excludes=tuple(Excludes(g.id) for g in rows if g.value < f.value))
                 for f in rows)


FANS: tuple[Fan, ...] = _with_levels(_ROWS)
BY_ID: dict[str, Fan] = {f.id: f for f in FANS}


# --- what a reading is worth ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Facts:
    """What the level rows read of one reading: its shape (None: three 财神 with no winning shape), the 财神 and
    how many the hand holds. ``assumed`` is a reading known without its groups — its kind and how many 财神 play
    another tile — for the level of a wait's completion found by yes/no searches (the rows that need the
    groups are 特殊双翻's, which that way does not serve)."""

    hand: Hand
    shape: Shape | None
    caishen: Tile | None
    wilds: int  # 财神 held
    options: WenzhouOptions
    assumed: tuple[ShapeKind, int] | None = None

    @property
    def kind(self) -> ShapeKind | None:
        if self.shape is not None:
            return self.shape.kind
        return self.assumed[0] if self.assumed is not None else None

    @property
    def read(self) -> bool:
        """Whether the hand has a winning shape here (not only its three 财神)."""
        return self.kind is not None

    @property
    def as_others(self) -> int:
        """财神 playing another tile in this reading."""
        if self.shape is not None:
            return self.shape.wilds_as_others
        return self.assumed[1] if self.assumed is not None else 0

    @property
    def soft(self) -> bool:
        return self.as_others > 0

    @property
    def played(self) -> tuple[Tile, ...]:
        """Every tile as the reading plays it (a 财神 as what it stands for, 白板 as the 财神's face)."""
        return tuple(t for g in self.shape.groups for t in g.tiles) if self.shape is not None else ()

    @property
    def single_wait(self) -> bool:
        """单张吊: all five sets melded, the last standing tile waits for its pair."""
        return self.kind is ShapeKind.STANDARD and len(self.hand.melds) == 5

    @property
    def teshu(self) -> bool:
        return self.options.teshu_shuangfan

    def count(self, tile: Tile) -> int:
        """Physical copies of ``tile`` in the hand, melds included."""
        return self.hand.all_tiles.count(tile)


def _flush(f: Facts, honours: bool) -> bool:
    suits = {t.suit for t in f.played if t.is_suited}
    has_honours = any(not t.is_suited for t in f.played)
    return len(suits) == 1 and has_honours == honours


def _three_dragons(f: Facts) -> bool:
    """中、发、白 at least a pair each (anbang: counts > 1); with a dragon 财神, a 财神 held and pungs of the
    other two (anbang's comment: 手上需包含财神和除财神外另外两者的刻子或杠牌)."""
    if f.caishen in DRAGONS:
        return f.wilds >= 1 and all(f.count(d) >= 3 for d in DRAGONS if d != f.caishen)
    return all(f.count(d) >= 2 for d in DRAGONS)


def _caishen_pair(f: Facts) -> bool:
    pairs = [g for g in f.shape.groups if g.kind is GroupKind.PAIR] if f.shape is not None else []
    return f.caishen is not None and sum(1 for g in pairs if g.tiles[0] == f.caishen) == 1


def _all_pungs(f: Facts) -> bool:
    return f.shape is not None and f.kind is ShapeKind.STANDARD and all(
        g.kind is not GroupKind.CHOW for g in f.shape.groups)


RULES: dict[str, Callable[[Facts], bool]] = {
    "ruan": lambda f: f.read and f.soft,
    "ying": lambda f: f.read and not f.soft,
    "zimo": lambda f: f.options.hard_extras and f.soft and f.hand.context.self_drawn,
    "qianggang": lambda f: f.options.hard_extras and f.soft and f.hand.context.win is WinMethod.ROB_KONG,
    "ruan_badui": lambda f: f.options.hard_extras and f.soft and f.kind is ShapeKind.EIGHT_PAIRS,
    "qiangzhi": lambda f: not f.read and f.options.forced_level is ForcedLevel.HARD,
    "tianhu": lambda f: f.hand.context.heavenly,
    "dihu": lambda f: f.hand.context.earthly,
    "sancaishen": lambda f: f.wilds >= 3 and (f.read or f.options.forced_level is ForcedLevel.DOUBLE),
    "ying_badui": lambda f: f.kind is ShapeKind.EIGHT_PAIRS and not f.soft
    and (f.options.hard_eight_pairs is EightPairsLevel.ALWAYS or f.teshu),
    "danzhangdiao": lambda f: f.teshu and f.single_wait,
    "quanqiushen": lambda f: f.teshu and f.single_wait and f.wilds == 1,
    "shuangcai_guiwei": lambda f: f.teshu and f.read and (f.wilds, f.as_others) in ((2, 0), (3, 1)),
    "pengpenghu": lambda f: f.teshu and _all_pungs(f),
    "gangkai": lambda f: f.teshu and f.hand.context.kong_replacement,
    "qingyise": lambda f: f.teshu and _flush(f, honours=False),
    "hunyise": lambda f: f.teshu and _flush(f, honours=True),
    "zhongfabai": lambda f: f.teshu and f.read and _three_dragons(f),
    "caishen_niudui": lambda f: f.teshu and _caishen_pair(f),
    "sancai_guiwei": lambda f: f.options.lazila and f.read and f.wilds == 3 and f.as_others == 0,
}
"""One predicate per row of the fan table (same ids, same order)."""


def _row(fan: Fan) -> Row[Facts, WenzhouOptions]:
    meets = RULES[fan.id]
    return Row(fan, lambda f, o: meets(f))


ROWS: tuple[Line[Facts, WenzhouOptions], ...] = tuple(_row(f) for f in FANS)
"""The rows in the table's order, each with its predicate."""

LIGHTS: dict[str, str] = {
    "ruan": "wilds_as_others", "ruan_badui": "wilds_as_others", "ying": "hand", "ying_badui": "hand",
    "zimo": "win", "qianggang": "win", "gangkai": "win",
    "qiangzhi": "wilds", "sancaishen": "wilds", "shuangcai_guiwei": "wilds_at_face", "sancai_guiwei": "wilds_at_face",
    "tianhu": "context", "dihu": "context",
    "danzhangdiao": "pair", "quanqiushen": "pair", "caishen_niudui": "pair",
    **dict.fromkeys(("pengpenghu", "qingyise", "hunyise"), "hand"),
    "zhongfabai": "dragons",
}
"""What each row lights on the result card (:mod:`rulesets.lights`)."""
declare(FANS, LIGHTS)
