"""Who pays a 吉林 (长春) win (MIL 2024): each other player pays base × 2^(番 + 1 if the dealer wins or pays + 1 on
a self-draw or for the discarder), at most 2^6; a discarder who had not declared ready pays all three amounts
(包三家). The winner's kongs are paid when made: 明杠/加杠 1 and 暗杠 2 from each other player, doubled for kongs of
一筒, 幺鸡 and 中发白 (separate lines).

The 番 are the Score's: another dealer, discarder, who declared ready, cap or base settles again from them."""

from __future__ import annotations

from ..context import BAOTING
from ..hand import Hand, KongKind, Seat, seats
from ..pairwise import cap, others, times, what_win
from ..scoring import Factor, Payment, Score, Settlement, paid
from ..tiles import tile
from .options import JilinOptions, Liability

_DOUBLE_KONGS = frozenset({tile("1p"), tile("1s"), tile("5z"), tile("6z"), tile("7z")})


def _factors(hand: Hand, fan: int, payer: Seat, options: JilinOptions) -> list[Factor]:
    ctx = hand.context
    out = [times("fan", f"{fan}番 ×{2 ** fan}", f"{fan} fan ×{2 ** fan}", 2 ** fan)]
    if ctx.dealer in (ctx.seat, payer):
        out.append(times("dealer", "庄 +1番", "dealer +1 fan", 2, ctx.dealer))
    if ctx.self_drawn:
        out.append(times("zimo", "自摸 +1番", "self-drawn +1 fan", 2))
    elif payer is ctx.discarder():
        out.append(times("discarder", "点炮 +1番", "discarder +1 fan", 2, payer))
    exponent = fan + len(out) - 1
    if exponent > options.fan_cap:
        out.append(cap("cap", f"封顶 {options.fan_cap}番", f"cap {options.fan_cap} fan",
                       options.base * 2 ** options.fan_cap))
    return out


def _liable(hand: Hand, options: JilinOptions) -> Seat | None:
    """The discarder who pays for all three (包三家), or None."""
    discarder = hand.context.discarder()
    if discarder is None or options.liability is Liability.NEVER:
        return None
    is_ready = discarder in BAOTING.of(hand.context)
    if options.liability is Liability.ALWAYS or (options.liability is Liability.UNREADY) != is_ready:
        return discarder
    return None


def win_lines(hand: Hand, fan: int, options: JilinOptions) -> list[Payment]:
    winner = hand.context.seat
    liable = _liable(hand, options)
    out = []
    for payer in others(hand, 4):
        zh, en = what_win(hand, payer, 4)
        factors = _factors(hand, fan, payer, options)
        if liable is not None and payer is not liable:
            out.append(paid(liable, winner, options.base, factors, f"包三家（替{payer.zh}家付）",
                            f"pays for {payer.en} (包三家)"))
        else:
            out.append(paid(payer, winner, options.base, factors, zh, en))
    return out


def kong_lines(hand: Hand, options: JilinOptions) -> list[Payment]:
    if not options.kong_money:
        return []
    out = []
    for meld in hand.kongs:
        base = 2 if meld.kong is KongKind.CONCEALED else 1
        factors = [times("kong_tile", "幺鸡/一筒/中发白杠 ×2", "1s/1p/dragon kong ×2", 2)] \
            if meld.tile in _DOUBLE_KONGS else []
        for payer in others(hand, 4):
            out.append(paid(payer, hand.context.seat, base, factors, f"杠钱（{meld.kong.zh if meld.kong else ''}"
                            f" {meld}）", f"kong money ({meld})"))
    return out


def settle(score: Score, table: Hand, options: JilinOptions) -> Settlement:
    """``Ruleset.settle``: the payments of the Score's 番 at ``table``, then the winner's kong money."""
    return Settlement(tuple(win_lines(table, score.total, options) + kong_lines(table, options)), seats(4))
