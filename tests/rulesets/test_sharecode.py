"""The share code: canonical, URL-safe, readable, versioned; golden v1 codes; every bad code explained."""

import dataclasses
import enum
import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulesets import registry
from rulesets.engine import context_from_mapping
from rulesets.errors import ContextError, HandError, NotationError, RulesError
from rulesets.hand import Hand, KongEvent, KongKind, Meld, MeldKind, Relative, Seat, WinContext, WinMethod
from rulesets.notation import canonical_hand, format_hand, parse_hand, tile_runs
from rulesets.scoring import Ruleset
from rulesets.sharecode import SharedHand, canonical_share_code, parse_share_code, share_code
from rulesets.tiles import tile, tiles
from tests.rulesets.notation_support import fuzz, random_hand, read_or_clean_error

GOLDEN = json.loads((Path(__file__).parents[1] / "golden" / "sharecodes.json").read_text(encoding="utf-8"))
URL_SAFE = re.compile(r"[A-Za-z0-9._~-]+")


# --- two stand-in systems, so the rules part is tested without depending on any real system ----------


class Payout(enum.Enum):
    FLAT = "flat"
    DOUBLE_ALL = "double_all"


def meta(en: str) -> dict[str, str]:
    return {"zh": en, "en": en, "source": "test stand-in"}


@dataclasses.dataclass(frozen=True)
class DemoOptions:
    min_fan: int = dataclasses.field(default=8, metadata=meta("minimum"))
    self_drawn_bonus: bool = dataclasses.field(default=False, metadata=meta("bonus"))
    payout: Payout = dataclasses.field(default=Payout.FLAT, metadata=meta("payout"))
    cap: int = dataclasses.field(default=0, metadata=meta("cap"))


@dataclasses.dataclass(frozen=True)
class OtherOptions:
    flowers: bool = dataclasses.field(default=True, metadata=meta("flowers"))
    ratio: float = dataclasses.field(default=1.0, metadata=meta("ratio"))
    name: str = dataclasses.field(default="plain", metadata={**meta("name"), "choices": ("plain", "a b", "fancy")})


def stand_in(rules_id: str, options_type: type, aliases: tuple[str, ...]) -> Ruleset:
    return Ruleset(
        id=rules_id, zh=rules_id, en=rules_id, unit="番", players=4, fans=(), options_type=options_type,
        score=lambda hand, options: None, aliases=aliases,  # type: ignore[arg-type, return-value]
    )


STAND_INS = (
    stand_in("demo", DemoOptions, ("dm",)),
    stand_in("other", OtherOptions, ("ot",)),
    stand_in("demo-6p", DemoOptions, ("six",)),
)


@pytest.fixture
def systems(monkeypatch):
    known = {name: r for r in STAND_INS for name in (r.id, *r.aliases)}

    def get_ruleset(name: str) -> Ruleset:
        try:
            return known[name.strip().casefold()]
        except KeyError:
            raise RulesError(f"unknown rules {name!r}") from None

    monkeypatch.setattr(registry, "get_ruleset", get_ruleset)


# --- golden codes: v1 can never silently change --------------------------------------------------------


def golden_hand(case: dict) -> Hand:
    h = parse_hand(case["hand"])
    return h.with_context(context_from_mapping(case.get("context"), h.context))


@pytest.mark.parametrize("case", GOLDEN["cases"], ids=[c["id"] for c in GOLDEN["cases"]])
def test_a_golden_hand_gets_its_pinned_share_code(case, systems):
    assert share_code(golden_hand(case), case.get("rules"), case.get("options")) == case["code"]


@pytest.mark.parametrize("case", GOLDEN["cases"], ids=[c["id"] for c in GOLDEN["cases"]])
def test_a_golden_share_code_reads_back_as_its_hand_rules_and_options(case):
    expected = SharedHand(canonical_hand(golden_hand(case)), tuple(case.get("rules", ())), case.get("options", {}))
    assert parse_share_code(case["code"]) == expected


# --- canonical, URL-safe, readable ------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(200))
def test_a_random_hand_survives_its_share_code_in_canonical_form(seed):
    h = random_hand(random.Random(seed))
    code = share_code(h)
    assert parse_share_code(code) == SharedHand(canonical_hand(h))
    assert share_code(parse_share_code(code).hand) == code
    assert canonical_share_code(code) == code


@pytest.mark.parametrize("seed", range(200))
def test_a_share_code_is_url_safe_and_never_ends_in_punctuation_a_linkifier_drops(seed):
    code = share_code(random_hand(random.Random(seed)))
    assert URL_SAFE.fullmatch(code), code
    assert code[-1] not in "._~-", code


@pytest.mark.parametrize("seed", range(50))
def test_a_share_code_shows_the_sorted_tiles_and_the_winning_tile_up_front(seed):
    h = random_hand(random.Random(seed))
    tiles_field = tile_runs(sorted(h.standing), letters=False) + (f"-{h.winning_tile}" if h.winning_tile else "")
    assert share_code(h).split(".")[1] == tiles_field


@pytest.mark.parametrize("seed", range(100))
def test_shuffled_tiles_melds_flowers_and_kongs_give_the_same_code(seed):
    rng = random.Random(seed)
    h = random_hand(rng)
    ctx = h.context
    shuffled = Hand(
        standing=tuple(rng.sample(h.standing, len(h.standing))),
        melds=tuple(rng.sample(h.melds, len(h.melds))),
        winning_tile=h.winning_tile,
        context=dataclasses.replace(
            ctx,
            flowers=tuple(rng.sample(ctx.flowers, len(ctx.flowers))),
            kongs=tuple(rng.sample(ctx.kongs, len(ctx.kongs))),
        ),
    )
    assert share_code(shuffled) == share_code(h)


@pytest.mark.parametrize(
    "spelling",
    [
        "[CCC,2][1111m]456p78sSS9s|ES1000|ae",
        "[CCC2][1111m]456p78sSS9s|ES1000|ea",
        "[1111m][555z2]SS87s654p9s|ES1000|ea",
        "[555z,2][1111m]456p78s22z9s|ES1000|ae",
        "【CCC，2】【1111m】４５６p78sＳＳ9s｜ES1000｜ae",
        "15f[555z2][1111m]456p78s22z9s|ES1000",
        "v1.456p78s22z-9s.A1111m.P555z2.15f.ES.s",
        "v1.78s654p22z-9s.P555z2.A1111m.ES.15f.s",
    ],
)
def test_every_spelling_of_one_hand_gives_one_share_code(spelling):
    assert share_code(parse_hand(spelling)) == "v1.456p78s22z-9s.A1111m.P555z2.15f.ES.s"


@pytest.mark.parametrize(
    ("code", "canonical"),
    [
        ("v1.3214m-4m", "v1.1234m-4m"),
        ("v1.1m2m3m4m-4m", "v1.1234m-4m"),
        ("v1.1m-1z.EE", "v1.1m-1z"),
        ("v1.1m-1z.d", "v1.1m-1z"),
        ("v1.1m-1z.P555z1", "v1.1m-1z.P555z"),
        ("v1.1m-1z.C123m1.M7777s1.K9999p1", "v1.1m-1z.C123m.K9999p.M7777s"),
        ("v1.1m-1z.sh.SE", "v1.1m-1z.SE.sh"),
        ("v1.1m-1z.slk.A2222m", "v1.1m-1z.A2222m.skl"),
        ("v1.1m-1z.oWS.SE.dN", "v1.1m-1z.SE.dN.oSW"),
        ("v1.1m-1z.kWk.kSmN.kSa", "v1.1m-1z.kSmN.kSa.kWk"),
        ("v1.1m-1z.51f", "v1.1m-1z.15f"),
        ("  https://example.org/h/v1.1m-1z/og.png  ", "v1.1m-1z"),
    ],
)
def test_other_spellings_of_a_code_canonicalise_to_one(code, canonical):
    assert canonical_share_code(code) == canonical


# --- rules and house rules -----------------------------------------------------------------------------


def test_rules_are_written_as_ids_sorted_once_each(systems):
    h = parse_hand("1m")
    assert share_code(h, ["ot", "demo", "dm"]) == "v1.1m~demo~other"
    assert share_code(h, "other,demo") == "v1.1m~demo~other"
    assert share_code(h, []) == share_code(h, None) == "v1.1m"
    assert share_code(h, ["six", "dm"], {"six": {"min_fan": 1}}) == "v1.1m~demo~demo-6p.min_fan-1"


def test_only_house_rules_that_differ_from_the_defaults_are_written(systems):
    h = parse_hand("1m")
    assert share_code(h, ["demo"], {"demo": DemoOptions()}) == "v1.1m~demo"
    options = DemoOptions(min_fan=6, payout=Payout.DOUBLE_ALL, cap=-5)
    assert share_code(h, ["demo"], {"demo": options}) == "v1.1m~demo.cap--5.min_fan-6.payout-double_all"


def test_house_rules_given_as_text_are_read_by_the_system_and_written_the_same(systems):
    h = parse_hand("1m")
    text = {"dm": {"self_drawn_bonus": "true", "min_fan": "8", "payout": "double_all"}}
    assert share_code(h, ["demo"], text) == "v1.1m~demo.payout-double_all.self_drawn_bonus-true"
    typed = DemoOptions(self_drawn_bonus=True, payout=Payout.DOUBLE_ALL)
    assert share_code(h, ["demo"], text) == share_code(h, ["demo"], {"demo": typed})


def test_a_codes_house_rules_read_back_as_plain_json_values(systems):
    code = "v1.1m~demo.cap--5.min_fan-6.payout-double_all.self_drawn_bonus-true~other.flowers-false"
    shared = parse_share_code(code)
    assert shared.rules == ("demo", "other")
    assert shared.options == {
        "demo": {"cap": -5, "min_fan": 6, "payout": "double_all", "self_drawn_bonus": True},
        "other": {"flowers": False},
    }
    assert share_code(shared.hand, list(shared.rules), shared.options) == code


def test_canonical_codes_name_rules_by_id_and_drop_default_house_rules(systems):
    assert canonical_share_code("v1.1m~ot.flowers-true~dm.payout-flat.min_fan-7") == "v1.1m~demo.min_fan-7~other"


@pytest.mark.parametrize(
    ("rules", "options", "message"),
    [
        (["nosuch"], None, "unknown rules 'nosuch'"),
        (["demo"], {"other": {}}, "not among the chosen rules"),
        (None, {"demo": {"min_fan": 6}}, "not among the chosen rules"),
        (["demo"], {"demo": {"nosuch": 1}}, "unknown option 'nosuch'"),
        (["demo"], {"demo": {"min_fan": "many"}}, "not a whole number"),
        (["other"], {"other": OtherOptions(ratio=1.5)}, "other.ratio = 1.5 cannot be written"),
        (["other"], {"other": OtherOptions(name="a b")}, "other.name = 'a b' cannot be written"),
        (["demo"], {"demo": 6}, "must be its options value"),
        (["demo"], ["demo"], "options must map"),
        ([6], None, "rules must be names"),
    ],
)
def test_unknown_rules_and_house_rules_a_code_cannot_spell_are_refused(systems, rules, options, message):
    with pytest.raises(RulesError, match=message):
        share_code(parse_hand("1m"), rules, options)


def test_the_systems_part_is_the_same_however_rules_and_options_are_given(systems):
    # the systems' sections are kept per rules and options that can be a key: every spelling writes them alike
    hand = parse_hand("1m")
    code = share_code(hand, ["dm", "other"], {"demo": DemoOptions(min_fan=6), "other": OtherOptions(flowers=False)})
    assert code == "v1.1m~demo.min_fan-6~other.flowers-false"
    for rules in (["demo", "other"], ("other", "demo"), "demo,other"):
        for options in ({"demo": DemoOptions(min_fan=6), "other": OtherOptions(flowers=False)},
                        {"demo": {"min_fan": 6}, "other": {"flowers": False}}):
            assert share_code(hand, rules, options) == code, (rules, options)
    # other values of the same options are never answered from the kept ones
    assert share_code(hand, ["demo"], {"demo": DemoOptions(min_fan=7)}) == "v1.1m~demo.min_fan-7"
    assert share_code(hand, ["demo"], {"demo": DemoOptions()}) == share_code(hand, ["demo"]) == "v1.1m~demo"


def test_the_kept_systems_part_follows_the_registry(monkeypatch):
    # a stand-in registry names other systems: what the real one wrote is not answered for them
    hand = parse_hand("1m")
    assert share_code(hand, ["guobiao"]) == "v1.1m~guobiao"
    def demo_only(name: str) -> Ruleset:
        if name != "demo":
            raise RulesError(f"unknown rules {name!r}")
        return STAND_INS[0]

    monkeypatch.setattr(registry, "get_ruleset", demo_only)
    with pytest.raises(RulesError, match="unknown rules 'guobiao'"):
        share_code(hand, ["guobiao"])
    assert share_code(hand, ["demo"]) == "v1.1m~demo"
    monkeypatch.undo()
    with pytest.raises(RulesError):
        share_code(hand, ["demo"])


# --- hands that cannot exist get no code ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "error", "message"),
    [
        (Hand(tiles("1111m"), winning_tile=tile("1m")), HandError, "5 copies of 1m"),
        (Hand(tiles("11m")), HandError, "wrong tile count"),
        (Hand(tiles("1m"), winning_tile=tile("1m"), context=WinContext(win=WinMethod.ROB_KONG)), ContextError, "抢杠"),
        (Hand(tiles("1m"), context=WinContext(win=WinMethod.SELF_DRAWN, from_seat=Seat.N)), ContextError, "discarder"),
        (Hand(tiles("1m"), melds=(Meld(MeldKind.CHOW, tile("1m"), source=Relative.RIGHT),)), HandError, "the left"),
    ],
)
def test_a_hand_that_cannot_exist_gets_no_share_code(hand, error, message):
    with pytest.raises(error, match=message):
        share_code(hand)


def test_every_context_field_has_a_place_in_the_code():
    ctx = WinContext(
        win=WinMethod.DISCARD, seat=Seat.X, round_wind=Seat.S, from_seat=Seat.Y, after_kong=True, last_tile=True,
        wildcard=tile("2f"), already_won=frozenset({Seat.N, Seat.E}),
        kongs=(KongEvent(Seat.W, KongKind.ADDED, Seat.N),),
    )
    h = Hand(standing=tiles("1m"), winning_tile=tile("9m"), context=ctx)
    assert share_code(h) == "v1.1m-9m.SX.dYal.w2f.oEN.kWkN"
    assert parse_share_code(share_code(h)).hand == h


# --- errors: what and where --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "error", "message", "position"),
    [
        ("v2.123m", NotationError, "unknown share code version 'v2'", 0),
        ("x1.123m", NotationError, "starts with v1", 0),
        ("v1", NotationError, "no tiles after v1", 1),
        ("v1.123m%20", NotationError, "unknown character '%'", 7),
        ("v1.12x3m", NotationError, "'x' is not a suit letter", 5),
        ("v1.m1", NotationError, "suffix 'm' has no digits", 3),
        ("v1.123", NotationError, "digits have no suit letter", 3),
        ("v1.8z", NotationError, "8z is not a tile", 3),
        ("v1.1m-2m-3m", NotationError, "only one '-'", 8),
        ("v1.1m-23m", NotationError, "exactly one winning tile", 6),
        ("v1.1m..A1111m", NotationError, "empty field", 5),
        ("v1.1m.", NotationError, "empty field", 5),
        ("v1.1m.Q", NotationError, "unknown field 'Q'", 6),
        ("v1.1m.C124m", NotationError, "C124m is not a 吃", 6),
        ("v1.1m.C891m", NotationError, "not a chow", 6),
        ("v1.1m.P556m", NotationError, "P556m is not a 碰", 6),
        ("v1.1m.P55m", NotationError, "P55m is not a 碰", 6),
        ("v1.1m.P555m4", NotationError, "digit 4 is out of range", 11),
        ("v1.1m.C123m0", NotationError, "digit 0 is out of range", 11),
        ("v1.1m.A1111m2", NotationError, "concealed kong .*: no digit", 12),
        ("v1.1m.Pm", NotationError, "bad meld 'Pm'", 6),
        ("v1.1m.15f.2f", NotationError, "a second flowers field", 10),
        ("v1.1m.19f", NotationError, "9f is not a tile", 7),
        ("v1.1m.11f", NotationError, "flower 1f .* twice", 7),
        ("v1.1m.ESW", NotationError, "bad winds field 'ESW'", 6),
        ("v1.1m.sq", NotationError, "unknown flag 'q'", 7),
        ("v1.1m.sdN", NotationError, "bad win field 'sdN'", 6),
        ("v1.1m.skk", NotationError, "flag 'k' is given twice", 8),
        ("v1.1m.d.s", NotationError, "a second win field", 8),
        ("v1.1m.w8z", NotationError, "8z is not a tile", 7),
        ("v1.1m.wE", NotationError, "bad wildcard field", 6),
        ("v1.1m.oSS", NotationError, "a seat is listed twice", 6),
        ("v1.1m.kNN", NotationError, "bad kong field 'kNN'", 6),
        ("v1.1m.kNmN", ContextError, "cannot feed their own kong", 6),
        ("v1.11111m", HandError, "a 5th copy of 1m", 7),
        ("v1.1m-1m.A1111m", HandError, "a 5th copy of 1m", 9),
        ("v1.11m", HandError, "wrong tile count", 3),
        ("v1.1m-1m.sN", ContextError, "a self-drawn win has no discarder", 9),
        ("v1.1m-1m.ES.rc", ContextError, "抢杠和 and 和绝张", 9),
        ("v1.1m-2m.dh", ContextError, "天和", 9),
        ("v1.1m~", NotationError, "bad ruleset id ''", 5),
        ("v1.1m~gb~gb", NotationError, "'gb' is given twice", 9),
        ("v1.1m~g--b", NotationError, "bad ruleset id 'g--b'", 6),
        ("v1.1m~-gb", NotationError, "bad ruleset id '-gb'", 6),
        ("v1.1m~gb.min_fan", NotationError, "bad option 'min_fan'", 8),
        ("v1.1m~gb.min_fan-", NotationError, "bad value ''", 16),
        ("v1.1m~gb.min_fan-8.min_fan-9", NotationError, "'min_fan' of gb is given twice", 19),
        ("v1.1m~gb.x-a-b", NotationError, "bad value 'a-b'", 10),
        ("   ", NotationError, "empty share code", None),
        ("v1." + "1m" * 600, NotationError, "too long", 1000),
    ],
)
def test_each_bad_code_gets_an_error_that_names_the_problem_and_where(code, error, message, position):
    with pytest.raises(error, match=message) as info:
        parse_share_code(code)
    assert info.value.position == position
    if position is not None:
        assert f"at position {position}" in str(info.value)


def test_a_share_code_must_be_text():
    with pytest.raises(NotationError, match="must be text"):
        parse_share_code(b"v1.1m")  # type: ignore[arg-type]


def test_a_shared_hand_is_a_frozen_value():
    shared = parse_share_code("v1.1m")
    with pytest.raises(dataclasses.FrozenInstanceError):
        shared.rules = ("demo",)  # type: ignore[misc]


# --- no input crashes the reader -----------------------------------------------------------------------

CODE_ALPHABET = "v1.-~_0123456789mpszfCPMAKESWNXYsdrwokacehlt%/"


@fuzz(300)
@given(st.text(max_size=60))
def test_any_text_gives_a_shared_hand_or_a_mahjong_error(text):
    read_or_clean_error(parse_share_code, text)


@fuzz(800)
@given(st.text(alphabet=CODE_ALPHABET, max_size=40).map(lambda s: "v1." + s))
def test_near_miss_codes_give_an_error_or_a_hand_whose_canonical_code_is_a_fixed_point(text):
    shared = read_or_clean_error(parse_share_code, text)
    if shared is None:
        return
    code = share_code(shared.hand)
    assert parse_share_code(code).hand == shared.hand
    assert share_code(parse_share_code(code).hand) == code


@fuzz(200)
@given(st.integers(min_value=0, max_value=10**6))
def test_a_code_written_from_any_hand_reads_back_in_any_hand_string_format(seed):
    h = random_hand(random.Random(seed), full_context=False, six_seats=False)
    assert share_code(parse_hand(format_hand(h, "gb"))) == share_code(h)


# --- the real systems: every house rule they offer can travel in a link ---------------------------------


def house_rule_cases() -> list[tuple[str, str, object]]:
    from rulesets.scoring import option_infos

    cases = []
    for ruleset in registry.all_rulesets():
        for info in option_infos(ruleset.options_type):
            others = [c for c in (info.choices or (info.default + 1,)) if c != info.default]
            cases.extend((ruleset.id, info.key, value) for value in others)
    return cases


@pytest.mark.parametrize(("rules_id", "key", "value"), house_rule_cases(), ids=str)
def test_every_house_rule_of_every_system_survives_a_share_code(rules_id, key, value):
    ruleset = registry.get_ruleset(rules_id)
    options = ruleset.parse_options({})
    options = dataclasses.replace(options, **{key: value})
    code = share_code(parse_hand("1m"), [rules_id], {rules_id: options})
    assert URL_SAFE.fullmatch(code), code
    shared = parse_share_code(code)
    assert ruleset.parse_options(shared.options[rules_id]) == options
    assert canonical_share_code(code) == code


@pytest.mark.parametrize("seed", range(300))
def test_a_requests_hand_gets_the_same_code_when_share_code_trusts_its_canonical_form_and_checks(seed):
    """The calculator and the API pass ``canonical=True`` and ``checked=request.checked`` for a request's hand:
    over hands read from text (checked) and hands entered with a context (not), the code is the one made in full."""
    from rulesets.engine import build_request

    rng = random.Random(seed)
    h = random_hand(rng, full_context=False, six_seats=False)
    systems = rng.choice([None, ["guobiao"], ["sichuan", "guobiao"], ["wuhan"], ["hongkong", "taiwan"]])
    for entered in (format_hand(h, rng.choice(["gb", "helper", "mpsz"])), h):
        try:
            request = build_request(entered, systems)
        except (ContextError, HandError, NotationError, RulesError):
            continue
        assert request.checked is isinstance(entered, str)
        rules = [r.id for r in request.rulesets] if systems else None
        options = dict(request.options) if systems else None
        try:
            full = share_code(request.hand, rules, options)
        except (ContextError, HandError, RulesError) as exc:
            full = type(exc).__name__
        try:
            trusted = share_code(request.hand, rules, options, canonical=True, checked=request.checked)
        except (ContextError, HandError, RulesError) as exc:
            trusted = type(exc).__name__
        assert trusted == full
