"""Who pays whom at a 温州 table (rules/regional.md §6(c); hangzhouanbang/qipai_wenzhoumajiang
WenzhouMajiangPanResultBuilder, WenzhouMajiangPanPlayerCaishenqian, WenzhouMajiangGang).

- Every other player pays the winner, on a discard as on a self-draw (no discarder-only payment).
- Between the dealer and another player: 底分 (the dealer's streak on the ladder) × 买底 (1 + each of the
  two who bought 买底/顶底) × the hand's level. Between two non-dealers: the level alone.
- 财神钱 (option): each player is paid his 财神 count by every other player; the winner's count is
  doubled when he holds three (or four) 财神.
- 杠分 (option): each player is paid 1 per 明杠 (加杠 too) and 2 per 暗杠 by every other player.

The pairwise sums of the implementation (each pair settles the difference of their counts) come out the
same as these payments, which say whose count each one is.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..context import STREAK
from ..hand import Hand, KongKind, Seat, seats
from ..scoring import Details, Factor, Op, Payment, Score, Settlement, paid
from .context import CAISHEN, MAIDI
from .fans import LEVEL_NAMES
from .options import WenzhouOptions

PLAYERS = 4


def _hand_lines(hand: Hand, level: int, options: WenzhouOptions) -> list[Payment]:
    ctx = hand.context
    winner, dealer = ctx.seat, ctx.dealer
    bought = MAIDI.of(ctx)
    streak = STREAK.of(ctx)
    difen = options.ladder.difen(streak)
    zh, en = LEVEL_NAMES[level]
    out = []
    for payer in seats(PLAYERS):
        if payer is winner:
            continue
        factors = []
        if dealer in (winner, payer):
            factors.append(Factor("difen", f"底分（连庄{streak + 1}）",
                                  f"Base (dealership {streak + 1} in a row)", Op.TIMES, difen, dealer))
            buyers = [s for s in (payer, winner) if s in bought]
            if buyers:
                factors.append(Factor("maidi", "买底/顶底 " + "".join(s.zh for s in buyers),
                                      "买底/顶底 " + " ".join(s.value for s in buyers), Op.TIMES, 1 + len(buyers)))
        factors.append(Factor("level", zh, en, Op.TIMES, level, winner))
        side_zh = "庄闲" if dealer in (winner, payer) else "闲家之间"
        side_en = "dealer pair" if dealer in (winner, payer) else "two non-dealers"
        out.append(paid(payer, winner, 1, factors, f"胡牌（{side_zh}）", f"the win ({side_en})"))
    return out


def _caishen_lines(hand: Hand, held: int) -> list[Payment]:
    """财神钱: every other player pays each player his 财神 count."""
    ctx = hand.context
    counts = {**dict(CAISHEN.of(ctx)), ctx.seat: held}
    out = []
    for owner in seats(PLAYERS):
        n = counts.get(owner, 0)
        if not n:
            continue
        factors = [Factor("caishen", f"财神{n}张", f"{n} 财神 held", Op.TIMES, n, owner)]
        if owner is ctx.seat and n >= 3:
            factors.append(Factor("sancaishen", "和牌者三财神", "Winner with three 财神", Op.TIMES, 2, owner))
        for payer in seats(PLAYERS):
            if payer is not owner:
                out.append(paid(payer, owner, 1, factors, "财神钱", "财神 money"))
    return out


def _kong_counts(hand: Hand) -> dict[Seat, tuple[int, int]]:
    """(明杠 incl. 加杠, 暗杠) of each player: the winner's from the hand, the others' from the context."""
    kinds: dict[Seat, list[KongKind]] = {s: [] for s in seats(PLAYERS)}
    kinds[hand.context.seat] = [m.kong for m in hand.kongs if m.kong is not None]
    for k in hand.context.kongs:
        kinds[k.seat].append(k.kind)
    return {s: (sum(k is not KongKind.CONCEALED for k in ks), sum(k is KongKind.CONCEALED for k in ks))
            for s, ks in kinds.items()}


def _kong_lines(hand: Hand) -> list[Payment]:
    """杠分: every other player pays each player 1 per 明杠 and 2 per 暗杠."""
    out = []
    for owner, (exposed, concealed) in _kong_counts(hand).items():
        factors = []
        if exposed:
            factors.append(Factor("minggang", f"明杠{exposed}个", f"{exposed} exposed kong(s)", Op.PLUS, exposed,
                                  owner))
        if concealed:
            factors.append(Factor("angang", f"暗杠{concealed}个 ×2", f"{concealed} concealed kong(s) ×2", Op.PLUS,
                                  2 * concealed, owner))
        if factors:
            out += [paid(payer, owner, 0, factors, "杠分", "kong points")
                    for payer in seats(PLAYERS) if payer is not owner]
    return out


@dataclass(frozen=True)
class WenzhouDetails(Details):
    """What a 温州 win adds: its level (multiplier and name) and the winner's 财神, which the settlement reads."""

    level: int
    level_zh: str
    level_en: str
    caishen: str | None
    caishen_held: int


def _lines(hand: Hand, level: int, caishen: str | None, held: int, options: WenzhouOptions) -> list[Payment]:
    """Every payment of the hand: the win, then 财神钱 and 杠分 when the table plays them."""
    out = _hand_lines(hand, level, options)
    if options.caishen_qian and caishen is not None:
        out += _caishen_lines(hand, held)
    if options.gang_fen:
        out += _kong_lines(hand)
    return out


def settle(score: Score, table: Hand, options: WenzhouOptions) -> Settlement:
    """``Ruleset.settle``: the payments of the Score's level and the winner's 财神 (its :class:`WenzhouDetails`)
    at ``table``. Another ladder, 财神钱 or 杠分, or another dealer, streak, 买底, the others' 财神 or kongs, settles
    again from the same level; how the hand was won (自摸 and 抢杠 make a soft hand hard, 天胡/地胡) is in the
    level: a table that changes it needs a new score."""
    won = WenzhouDetails.of(score)
    return Settlement(tuple(_lines(table, score.total, won.caishen, won.caishen_held, options)), seats(PLAYERS))
