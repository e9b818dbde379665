"""Who pays whom in 陕西麻将: the hand (per payer 底分 × (1 + 庄 + both sides' cannons) × 自摸2/点炮1 × the
hand's doubles) and the kong money (rules/regional.md §4(c), seed 004).

Each payment is :func:`rulesets.scoring.paid` from the base 1 with named factors, so the card shows
"庄 +1, 炮子 南 +1, 炮子 东 +2, 自摸 ×2".
"""

from __future__ import annotations

from ..context import CANNONS
from ..hand import Hand, KongEvent, KongKind, Seat, WinMethod, seats
from ..pairwise import dealer_side, payers, settle_pairs
from ..scoring import Factor, Op, Payment, Score, Settlement, paid
from .options import Dealer, DiscardPayers, Kongs, RobKong, ShaanxiOptions

PLAYERS = 4


def cannons(hand: Hand) -> dict[Seat, int]:
    return dict(CANNONS.of(hand.context))


def base_factor(options: ShaanxiOptions) -> list[Factor]:
    """底分 as a factor (none when it is 1)."""
    return [Factor("base", "底分", "base", Op.TIMES, options.base)] if options.base != 1 else []


def hand_payers(hand: Hand, options: ShaanxiOptions) -> tuple[tuple[Seat, ...], bool]:
    """Who pays the hand and whether it counts as self-drawn (A = 2)."""
    ctx = hand.context
    if ctx.win is WinMethod.ROB_KONG and options.rob_kong is not RobKong.DISCARD:
        robbed = ctx.discarder(PLAYERS)
        if options.rob_kong is RobKong.ROBBED_ALL:
            return tuple(robbed for _ in range(PLAYERS - 1)), True  # type: ignore[misc]
        return tuple(s for s in seats(PLAYERS) if s is not ctx.seat), True
    return payers(ctx, PLAYERS, options.discard_payers is DiscardPayers.DISCARDER), ctx.self_drawn


def hand_payments(hand: Hand, doubles: list[Factor], options: ShaanxiOptions) -> list[Payment]:
    """底分 × (H + c_W + c_L) × A × doubles from each payer (H = 1, 2 with the dealer as a side)."""
    ctx = hand.context
    c = cannons(hand)
    paying, self_drawn = hand_payers(hand, options)
    winner = ctx.seat
    shares = {}  # a robbed player paying for all carries each share's factors
    if options.rob_kong is RobKong.ROBBED_ALL and ctx.win is WinMethod.ROB_KONG:
        shares = {i: s for i, s in enumerate(s for s in seats(PLAYERS) if s is not winner)}

    def factors(payer: Seat, share: Seat | None = None) -> list[Factor]:
        side = share or payer
        out: list[Factor] = []
        dealer = options.dealer is not Dealer.OFF and dealer_side(ctx, side)
        if dealer and options.dealer is Dealer.PLUS:
            out.append(Factor("zhuang", "庄家", "dealer", Op.PLUS, 1, ctx.dealer))
        cw, cl = c.get(winner, 0), c.get(side, 0)
        if not options.cannons_both or (cw and cl):
            out += [Factor("cannons", "炮子", "cannons", Op.PLUS, n, s)
                    for s, n in ((winner, cw), (side, cl)) if n]
        if self_drawn:
            out.append(Factor("zimo", "自摸", "self-drawn", Op.TIMES, 2))
        if dealer and options.dealer is Dealer.DOUBLE:
            out.append(Factor("zhuang", "庄家翻倍", "dealer doubles", Op.TIMES, 2, ctx.dealer))
        return out + doubles + base_factor(options)

    how = ("自摸", "self-drawn") if self_drawn else ("点炮", "on a discard")
    if shares:
        robbed = paying[0]
        return [paid(robbed, winner, 1, factors(robbed, share), f"抢杠包{share.zh}家：{how[0]}",
                     f"robbed kong, {share.value}'s share: {how[1]}") for share in shares.values()]
    return settle_pairs(winner, paying, 1, factors, lambda p: (f"平胡{how[0]}", f"win {how[1]}"))


def _kong_lines(owner: Seat, kind: KongKind, feeder: Seat | None, options: ShaanxiOptions) -> list[Payment]:
    """暗杠 2 from each, 补杠 1 from each, 直杠 by the table (seed 004: 2 from the feeder)."""
    if options.kongs is Kongs.OFF:
        return []
    others = [s for s in seats(PLAYERS) if s is not owner]
    if kind is KongKind.CONCEALED:
        lines, zh, en = [(s, 2) for s in others], "暗杠", "concealed kong"
    elif kind is KongKind.ADDED:
        lines, zh, en = [(s, 1) for s in others], "补杠", "added kong"
    elif options.kongs is Kongs.XIAN:
        lines, zh, en = [(s, 1) for s in others], "直杠", "exposed kong"
    else:
        amount = 2 if options.kongs is Kongs.SEED else 1
        lines, zh, en = ([(feeder, amount)] if feeder else []), "直杠（引杠者付）", "exposed kong (the feeder pays)"
    return [paid(p, owner, n, base_factor(options), f"{zh}：{n}", f"{en}: {n}") for p, n in lines]


def robbed_kong(hand: Hand) -> KongEvent | None:
    """On 抢杠胡, the robbed player's 补杠 when ``context.kongs`` lists it (the last one listed: every 补杠 pays the
    same). The kong was never made (seed 004 抢杠: 要补杠时，恰好别人要胡牌; 抢杠而胡，刮风下雨无效): it is void,
    not a contradiction to refuse, as the robbed player's earlier 补杠 of the same hand still pays."""
    ctx = hand.context
    if ctx.win is not WinMethod.ROB_KONG:
        return None
    robbed = [k for k in ctx.kongs if k.kind is KongKind.ADDED and k.seat == ctx.discarder(PLAYERS)]
    return robbed[-1] if robbed else None


def kong_payments(hand: Hand, options: ShaanxiOptions) -> list[Payment]:
    """The winner's own kongs (its melds) and the other players' kongs of this hand (``context.kongs``), less a
    robbed 补杠 (:func:`robbed_kong`)."""
    ctx = hand.context
    out: list[Payment] = []
    for m in hand.kongs:
        assert m.kong is not None
        feeder = ctx.seat.source(m.source, PLAYERS) if m.source is not None else None
        out += _kong_lines(ctx.seat, m.kong, feeder, options)
    void = robbed_kong(hand)
    for k in ctx.kongs:
        if k is void:
            void = None
            continue
        out += _kong_lines(k.seat, k.kind, k.fed_by, options)
    return out


def settle(score: Score, table: Hand, options: ShaanxiOptions) -> Settlement:
    """``Ruleset.settle`` (rulesets/settle.py): the hand's payments — each of the Score's doubling items (七对 ×2,
    清一色 ×2) a factor — and the kong money, at ``table``: the dealer, the cannons (下炮子), the discarder and the
    kongs of the table. Another base, dealer rule, cannon rule, who pays a discard or a robbed kong, kong rule,
    or another dealer, discarder or cannons, settles again from the same Score; the doubles are the Score's
    (``seven_pairs``, ``qingyise_double`` need a new score)."""
    doubles = [Factor(i.fan.id, i.fan.zh, i.fan.en, Op.TIMES, i.value) for i in score.items if i.value > 1]
    return Settlement(tuple(hand_payments(table, doubles, options) + kong_payments(table, options)), seats(PLAYERS))
