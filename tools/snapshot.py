"""Before/after harness for the engine: every registered system's answers to generated hands, kept in a
file and compared with what the engine answers now.

A change to the inside of the engine (how a system is written, not what it says) must leave every answer
as it was. ``write`` scores a fixed set of generated inputs for each system and keeps the answers in a
file outside the repository; ``compare`` scores the same inputs again and prints every difference.

The inputs, the same on every run (a seeded generator per system): winning hands of the system's size
(sets written standing or as claimed packs of every kind, seven/eight pairs, thirteen orphans, hands of
one, two or three suits, with and without honours), the same hands waiting (the winning tile taken
away), each with how it was won, the shared flags, flowers, the wild tile, players already won, others'
kongs and the system's declared context (its own fields, drawn from their declarations); half under
the default house rules, half under a preset or a few changed options. What is kept of each:

- the result object of :func:`rulesets.engine.evaluate` (or the error it raises);
- for a waiting hand, each completion (:func:`rulesets.engine.completions`) with its whole Score;
- for a win, its settlement again at another table (:func:`rulesets.engine.settle`: another discarder
  or dealer, other house rules);
- once per system, its catalogue: fan table, house rules, presets and context as ``/api/v1/rules``
  shows them (the sources apart: they may become values of the system's registry of works).

Run from the repository root::

    .venv/bin/python tools/snapshot.py write /tmp/before.jsonl.gz
    .venv/bin/python tools/snapshot.py compare /tmp/before.jsonl.gz [--systems suzhou,jilin]
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import re
import sys
import zlib
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulesets.context import ContextField, Kind  # noqa: E402
from rulesets.engine import build_request, completions, result_object, score, settle  # noqa: E402
from rulesets.hand import seats  # noqa: E402
from rulesets.registry import all_rulesets  # noqa: E402
from rulesets.scoring import Ruleset  # noqa: E402
from rulesets.tiles import ALL_TILES  # noqa: E402

TILES = [str(t) for t in ALL_TILES]
SUITS = ("m", "p", "s")
FLAGS = ("kong_replacement", "after_kong", "last_tile", "last_copy", "heavenly", "earthly")
WINNING, WAITING = 400, 100
"""Hands per system (winning, then waiting)."""


# --- generated hands ---------------------------------------------------------------------------------


def _pool(rng: random.Random) -> list[str]:
    """The tiles a hand is drawn from: every tile, the suits only, two suits, one suit with honours, one suit."""
    pick = rng.random()
    suits = list(SUITS)
    rng.shuffle(suits)
    honours = [f"{r}z" for r in range(1, 8)]
    if pick < 0.3:
        return TILES
    if pick < 0.55:
        return [t for t in TILES if t[1] in SUITS]
    if pick < 0.75:
        return [t for t in TILES if t[1] in suits[:2]]
    if pick < 0.9:
        return [t for t in TILES if t[1] == suits[0]] + honours
    return [t for t in TILES if t[1] == suits[0]]


def _group(rng: random.Random, pool: list[str], left: Counter[str]) -> tuple[str, list[str]] | None:
    kind = rng.choices(["chow", "pung", "kong"], [0.5, 0.38, 0.12])[0]
    start = rng.choice(pool)
    rank, suit = int(start[0]), start[1]
    if kind == "chow" and (suit == "z" or rank > 7 or f"{rank + 2}{suit}" not in pool):
        kind = "pung"
    group = [f"{rank + i}{suit}" for i in range(3)] if kind == "chow" else [start] * (4 if kind == "kong" else 3)
    if any(left[t] < group.count(t) for t in group):
        return None
    return kind, group


def _pack(rng: random.Random, kind: str, group: list[str]) -> str:
    marks = {"chow": ["1", "2", "3", ""], "pung": ["1", "2", "3"], "kong": ["", "1", "2", "3", "5", "6", "7"]}[kind]
    return f"[{''.join(t[0] for t in group)}{group[0][1]}{rng.choice(marks)}]"


def standard_hand(rng: random.Random, sets: int) -> str | None:
    """``sets`` sets and a pair, each set standing or a claimed pack (a kong always a pack)."""
    pool = _pool(rng)
    left: Counter[str] = Counter({t: 4 for t in TILES})
    packs: list[str] = []
    standing: list[str] = []
    meld_rate = rng.choice([0.0, 0.25, 0.5, 0.9])
    for _ in range(sets):
        found = _group(rng, pool, left)
        if found is None:
            return None
        kind, group = found
        left.subtract(group)
        if kind != "kong" and rng.random() >= meld_rate:
            standing += group
        else:
            packs.append(_pack(rng, kind, group))
    pairs = [t for t in pool if left[t] >= 2]
    if not pairs:
        return None
    pair = rng.choice(pairs)
    standing += [pair, pair]
    rng.shuffle(standing)
    return "".join(packs) + "".join(standing)


def pairs_hand(rng: random.Random, size: int) -> str | None:
    """Seven pairs (eight pairs and a single for a 17-tile hand), a four of a kind now and then."""
    pool = _pool(rng)
    n = (size - 1) // 2 if size % 2 else size // 2
    chosen = [rng.choice(pool) for _ in range(n)]
    tiles = [t for t in chosen for _ in range(2)]
    if size % 2:
        tiles.append(rng.choice(pool))
    if max(Counter(tiles).values()) > 4:
        return None
    rng.shuffle(tiles)
    return "".join(tiles)


def orphans_hand(rng: random.Random) -> str:
    orphans = ["1m", "9m", "1p", "9p", "1s", "9s", *(f"{r}z" for r in range(1, 8))]
    tiles = orphans + [rng.choice(orphans)]
    rng.shuffle(tiles)
    return "".join(tiles)


def hand_string(rng: random.Random, size: int) -> str | None:
    roll = rng.random()
    if roll < 0.12:
        return pairs_hand(rng, size)
    if roll < 0.15 and size == 14:
        return orphans_hand(rng)
    return standard_hand(rng, (size - 2) // 3)


def _wild_tile(rng: random.Random, hand: str) -> str:
    """A tile of the hand most of the time (so the wild tile is held), else any tile."""
    held = [hand[i:i + 2] for i in range(0, len(hand) - 1) if hand[i].isdigit() and hand[i + 1] in "mpsz"]
    return rng.choice(held) if held and rng.random() < 0.7 else rng.choice(TILES)


# --- contexts and house rules ------------------------------------------------------------------------


def _declared(rng: random.Random, f: ContextField, table: list[str], hand: str, others: list[str]) -> Any:
    """A value of a declared field: small numbers, mostly other players' seats for a value per seat."""
    number = rng.randint(f.minimum, min(f.maximum, f.minimum + 2))
    if f.kind is Kind.BOOL:
        return rng.random() < 0.5
    if f.kind is Kind.INT:
        return number
    if f.kind is Kind.TILE:
        return _wild_tile(rng, hand)
    if f.kind is Kind.TILES:
        return [rng.choice(TILES) for _ in range(rng.randint(0, min(f.max_items, 3)))]
    if f.kind is Kind.SEAT:
        return rng.choice(table)
    if f.kind is Kind.SEATS:
        return rng.sample(table, rng.randint(0, 2))
    if f.kind is Kind.PER_SEAT:
        whose = others if rng.random() < 0.8 else table
        return {s: rng.randint(f.minimum, min(f.maximum, f.minimum + 2)) for s in rng.sample(whose, rng.randint(0, 2))}
    return rng.choice(f.choices or ("",))


def _fits(flag: str, ctx: dict[str, Any], hand: str) -> bool:
    """Whether a flag goes with how the hand was won (most do; a few inputs keep a clash to be refused)."""
    drawn = ctx["win"] == "self_drawn"
    if flag == "kong_replacement":
        return drawn and "[" in hand
    if flag == "after_kong":
        return ctx["win"] == "discard"
    if flag in ("last_tile", "last_copy"):
        return ctx["win"] != "rob_kong"
    if flag == "heavenly":
        return drawn and ctx["seat"] == "E" and not any(f in ctx for f in FLAGS)
    return flag == "earthly" and ctx["seat"] != "E" and not any(f in ctx for f in FLAGS)


def context_for(rng: random.Random, r: Ruleset, hand: str) -> dict[str, Any]:
    """How it was won, the flags, flowers, the wild tile, earlier winners, others' kongs, declared fields."""
    table = [s.value for s in seats(r.players)]
    seat = rng.choice(table)
    others = [s for s in table if s != seat]
    ctx: dict[str, Any] = {"win": rng.choices(["self_drawn", "discard", "rob_kong"], [0.45, 0.47, 0.08])[0],
                           "seat": seat, "round_wind": rng.choice(table[:4])}
    if ctx["win"] != "self_drawn" and rng.random() < 0.4:
        ctx["from_seat"] = rng.choice(others)
    for flag in FLAGS:
        if rng.random() < 0.1 and (rng.random() < 0.15 or _fits(flag, ctx, hand)):
            ctx[flag] = True
    if rng.random() < 0.2:
        ctx["flowers"] = "".join(sorted(rng.sample("abcdefgh", rng.randint(1, 4))))
    if "wildcard" in r.context_fields and rng.random() < 0.6:
        ctx["wildcard"] = _wild_tile(rng, hand)
    if rng.random() < 0.08 and len(others) > 1:
        ctx["already_won"] = [rng.choice(others)]
    if rng.random() < 0.12:
        kong: dict[str, Any] = {"seat": rng.choice(others), "kind": rng.choice(["exposed", "concealed", "added"])}
        if kong["kind"] == "exposed":
            kong["fed_by"] = rng.choice([s for s in table if s != kong["seat"]])
        ctx["kongs"] = [kong]
    for f in r.context:
        if rng.random() < 0.45:
            ctx[f.key] = _declared(rng, f, table, hand, others)
    if "wildcard" in ctx and "indicator" in ctx and rng.random() < 0.8:
        del ctx[rng.choice(["wildcard", "indicator"])]
    return ctx


def options_for(rng: random.Random, r: Ruleset) -> dict[str, Any]:
    """The defaults, a preset, or a few house rules changed (each to a value it may take)."""
    roll = rng.random()
    if roll < 0.5:
        return {}
    if roll < 0.7 and r.presets:
        return {"preset": rng.choice(sorted(r.presets))}
    out: dict[str, Any] = {}
    infos = r.option_infos()
    for info in rng.sample(infos, min(len(infos), rng.randint(1, 3))):
        if info.kind == "bool":
            out[info.key] = not info.default
        elif info.kind == "choice" and info.choices:
            choice = rng.choice(info.choices)
            out[info.key] = getattr(choice, "value", choice)
        elif isinstance(info.default, int):
            out[info.key] = max(0, info.default + rng.choice([-1, 1, 2, 5]))
    return out


# --- answers -----------------------------------------------------------------------------------------


def _error(exc: Exception) -> dict[str, Any]:
    return {"error": type(exc).__name__, "message": str(exc)}


def _plain(value: Any) -> Any:
    return json.loads(json.dumps(value, ensure_ascii=False, default=str))


def answer(r: Ruleset, hand: str, context: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    """What the engine says of one input: the result object, and the completions or a settlement again."""
    try:
        request = build_request(hand, [r.id], context, {r.id: options} if options else None)
        scores = score(request)
        out: dict[str, Any] = {"result": _plain(result_object(request, scores))}
    except Exception as exc:  # noqa: BLE001 -- a crash is an answer too, kept to be compared
        return {"result": _error(exc)}
    (s,) = scores
    if request.hand.winning_tile is None:
        try:
            found = completions(r, request.hand, request.options[r.id])
            out["completions"] = [[str(t), _plain(c.as_dict()) if c is not None else None] for t, c in found]
        except Exception as exc:  # noqa: BLE001 -- a crash is an answer too, kept to be compared
            out["completions"] = _error(exc)
    elif s.valid:
        out["settled_again"] = [_settled(s, request.hand, change) for change in _changes(r, request.hand)]
    return out


def _changes(r: Ruleset, hand: Any) -> list[dict[str, Any]]:
    """Other tables to settle a win at: another discarder, another dealer."""
    ctx = hand.context
    others = [s for s in seats(r.players) if s is not ctx.seat]
    out: list[dict[str, Any]] = []
    if not ctx.self_drawn and len(others) > 1:
        out.append({"from_seat": others[-1].value if ctx.discarder(r.players) is not others[-1] else others[0].value})
    if any(f.key == "dealer" for f in r.context):
        out.append({"dealer": others[0].value})
    return out


def _settled(s: Any, hand: Any, change: dict[str, Any]) -> dict[str, Any]:
    try:
        again = settle(s, hand, change)
    except Exception as exc:  # noqa: BLE001 -- a crash is an answer too, kept to be compared
        return {"change": change, **_error(exc)}
    return {"change": change, "payouts": _plain(again.as_dict()), "payments": [_plain(p.as_dict())
                                                                              for p in again.payments]}


def catalogue(r: Ruleset) -> dict[str, Any]:
    """The system as ``/api/v1/rules`` and the fan pages show it; the sources apart."""
    fans = [{"id": f.id, "zh": f.zh, "en": f.en, "value": f.value, "excludes": [[e.fan, e.count] for e in f.excludes],
             "definition": [f.definition_zh, f.definition_en], "example": f.example, "category": f.category}
            for f in r.fans]
    options = [{"key": o.key, "kind": o.kind, "default": getattr(o.default, "value", o.default), "zh": o.zh,
                "en": o.en, "choices": [getattr(c, "value", c) for c in o.choices] if o.choices else None}
               for o in r.option_infos()]
    declared = [{k: v for k, v in f.as_dict().items() if k != "source"} for f in r.context]
    return _plain({
        "id": r.id, "zh": r.zh, "en": r.en, "unit": r.unit, "players": r.players, "hand_size": r.hand_size,
        "aliases": list(r.aliases), "provisional": r.provisional, "fans": fans, "options": options,
        "presets": {k: {kk: getattr(vv, "value", vv) for kk, vv in v.items()} for k, v in r.presets.items()},
        "preset_info": {k: list(v) for k, v in r.preset_info.items()}, "shared": sorted(r.context_fields),
        "declared": declared, "description": [r.description_zh, r.description_en],
        "cannot_occur": {k: list(v) for k, v in r.cannot_occur.items()},
        "sources": {"fans": {f.id: str(f.source) for f in r.fans}, "options": {o.key: str(o.source)
                                                                                for o in r.option_infos()},
                    "context": {f.key: str(f.source) for f in r.context}},
    })


def cases(r: Ruleset, winning: int = WINNING, waiting: int = WAITING) -> Iterator[tuple[str, dict[str, Any]]]:
    """The inputs of one system: (name, {hand, context, options}), the same on every run."""
    rng = random.Random(zlib.crc32(r.id.encode()))
    made = 0
    while made < winning + waiting:
        hand = hand_string(rng, r.hand_size)
        if hand is None:
            continue
        if made >= winning:
            hand = hand[:-2]  # the winning tile is the last standing tile: without it the hand waits
        kind = "win" if made < winning else "wait"
        yield f"{r.id}/{kind}/{made}", {"hand": hand, "context": context_for(rng, r, hand),
                                        "options": options_for(rng, r)}
        made += 1


def snapshot(systems: set[str] | None, scale: float = 1.0) -> Iterator[dict[str, Any]]:
    for r in all_rulesets():
        if systems and r.id not in systems:
            continue
        yield {"key": f"{r.id}/catalogue", "system": r.id, "answer": catalogue(r)}
        for key, given in cases(r, round(WINNING * scale), round(WAITING * scale)):
            yield {"key": key, "system": r.id, "input": given,
                   "answer": answer(r, given["hand"], given["context"], given["options"])}


# --- comparing ----------------------------------------------------------------------------------------


def differences(before: Any, after: Any, path: str = "") -> Iterator[str]:
    """Every place two JSON values differ, as ``path: before → after``."""
    if isinstance(before, dict) and isinstance(after, dict):
        for k in sorted(set(before) | set(after), key=str):
            if k not in after:
                yield f"{path}.{k}: {_short(before[k])} → (missing)"
            elif k not in before:
                yield f"{path}.{k}: (missing) → {_short(after[k])}"
            else:
                yield from differences(before[k], after[k], f"{path}.{k}")
    elif isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        for i, (b, a) in enumerate(zip(before, after, strict=True)):
            yield from differences(b, a, f"{path}[{i}]")
    elif before != after:
        yield f"{path}: {_short(before)} → {_short(after)}"


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 300 else text[:297] + "..."


def read(path: Path) -> dict[str, dict[str, Any]]:
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return {row["key"]: row for row in map(json.loads, f)}


def compare(path: Path, systems: set[str] | None) -> int:
    """Print every difference between the kept answers and today's; the number of inputs that differ."""
    kept = read(path)
    wanted = {row["system"] for row in kept.values() if row["system"]} if not systems else systems
    scale = next((row.get("scale", 1.0) for row in kept.values() if "scale" in row), 1.0)
    differ: Counter[str] = Counter()
    sources: Counter[str] = Counter()
    seen: Counter[str] = Counter()
    for row in snapshot(wanted, scale):
        if row["key"] == "meta":
            continue
        old = kept.get(row["key"])
        seen[row["system"]] += 1
        if old is None:
            print(f"{row['key']}: new input (not in {path.name})")
            differ[row["system"]] += 1
            continue
        found = list(differences(old.get("answer"), row["answer"]))
        cited = [d for d in found if d.startswith(".sources") or re.match(r"\.preset_info\.[^.\[]+\[2\]", d)]
        for d in cited:
            print(f"{row['key']} (source) {d}")
        sources[row["system"]] += len(cited)
        found = [d for d in found if d not in cited]
        if found:
            differ[row["system"]] += 1
            print(f"{row['key']}  input {json.dumps(row.get('input'), ensure_ascii=False)}")
            for d in found:
                print(f"    {d}")
    for system in sorted(wanted):
        print(f"{system}: {seen[system]} inputs, {differ[system]} differ, {sources[system]} source lines changed")
    return sum(differ.values())


def write(path: Path, systems: set[str] | None, scale: float) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    counts: Counter[str] = Counter()
    with gzip.open(path, "wt", encoding="utf-8") as f:
        f.write(json.dumps({"key": "meta", "system": "", "scale": scale}) + "\n")
        for row in snapshot(systems, scale):
            counts[row["system"]] += 1
            f.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")
    print(", ".join(f"{k} {v}" for k, v in counts.items()), f"inputs → {path}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("mode", choices=["write", "compare"])
    parser.add_argument("file", type=Path)
    parser.add_argument("--systems", default="", help="comma-separated system ids (default: every system)")
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the number of hands (write only)")
    args = parser.parse_args()
    systems = {s for s in args.systems.split(",") if s} or None
    if args.mode == "write":
        write(args.file, systems, args.scale)
        return 0
    return 1 if compare(args.file, systems) else 0


if __name__ == "__main__":
    sys.exit(main())
