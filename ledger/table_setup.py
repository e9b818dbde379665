"""/t/new with the calculator's controls: which game (the calculator's chooser, calculator/tables.py), its
rule set by name and its house rules (calculator/house_rules.py), read back into a new table's options.

The page is two forms. The first (GET, ``/t/new``) says what the table plays: the game (mahjong or
Rummikub) and, for mahjong, one select of every system grouped by place, each system followed by its rule
sets by their names (``table=sichuan`` or ``table=sichuan.table-a``, the calculator's spelling; a hand
brought by "Add to table" chooses the system its share code names). Choosing
draws the page again for that choice (a button without JavaScript; static/ledger/new.js sends it on change,
carrying the names typed so far). The second (POST) creates the table: the players — as many fields as the
system seats — and the chosen system's house-rule controls as the calculator draws them
(``opt-<system>-<key>``), set to the chosen rule set's values. Rummikub draws neither the systems nor
their house rules, only its own options.

Reading back (:func:`options_from_post`): the rule set, then each control whose value differs from what
the rule set gives; controls drawn for another rule set than the one sent (``applied-<system>``) are
ignored, as the calculator does. The old ``options`` box (``key=value`` a line) is still read after them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.conf import settings

from calculator import house_rules
from calculator.forms import option_field_name, plain
from calculator.lang import pick
from calculator.tables import chooser, preset_label
from rulesets.errors import MahjongError
from rulesets.registry import get_ruleset
from rulesets.sharecode import parse_share_code

from .table_words import hu_of


def default_system() -> str:
    """The system a new table plays when the request names none or an unknown one (the site's setting)."""
    return str(settings.DEFAULT_SYSTEM)


def chosen(values: Mapping[str, Any]) -> tuple[str, str]:
    """The system and rule set a request names: ``table=<system>[.<preset>]`` (the chooser), else the
    separate ``system`` and ``preset`` fields (the form's hidden fields, older links); unknown ones fall back
    to the default system with no rule set."""
    table = str(values.get("table") or "")
    system, _dot, preset = table.partition(".") if table else (str(values.get("system") or ""), "",
                                                               str(values.get("preset") or ""))
    if not system and values.get("hand"):  # "Add to table" from a scored hand: the system its code names
        system = _system_of_code(str(values["hand"]))
    try:
        ruleset = get_ruleset(system or default_system())
    except MahjongError:
        ruleset = get_ruleset(default_system())
        preset = ""
    return ruleset.id, preset if preset in ruleset.presets else ""


def _system_of_code(code: str) -> str:
    try:
        rules = parse_share_code(code.strip()).rules
    except MahjongError:
        return ""
    return rules[0] if rules else ""


def systems() -> list[dict[str, Any]]:
    """The chooser's groups as one select's optgroups: each system, then its rule sets by name."""
    out = []
    for group in chooser():
        options = []
        for e in group["entries"]:
            options.append({"value": e["id"], "label": f"{e['name']} · {e['facts']}"})
            options += [{"value": p["value"], "label": p["label"], "preset": True}
                        for p in e["presets"]]
        out.append({"name": group["name"], "options": options})
    return out


def _values(ruleset: Any, preset: str, post: Mapping[str, Any] | None) -> Any:
    """The house rules to draw: the rule set's, with the controls sent for it (a form sent back)."""
    wanted: dict[str, Any] = {"preset": preset} if preset else {}
    if post is not None:
        wanted.update(_changed(ruleset, preset, post))
    try:
        return ruleset.parse_options(wanted)
    except (MahjongError, TypeError, ValueError):
        return house_rules.preset_options(ruleset, preset)


def _changed(ruleset: Any, preset: str, post: Mapping[str, Any]) -> dict[str, str]:
    """The controls sent for ``ruleset`` whose value differs from what ``preset`` gives (as sent: the engine
    checks them). None when the controls were drawn for another rule set."""
    if f"applied-{ruleset.id}" not in post or (post.get(f"applied-{ruleset.id}") or "") != preset:
        return {}
    baseline = house_rules.options_as_dict(house_rules.preset_options(ruleset, preset))
    out: dict[str, str] = {}
    for info in ruleset.option_infos():
        name = option_field_name(ruleset, info.key)
        if info.kind == "bool":
            value = "1" if post.get(name) else "0"
        else:
            value = str(post.get(name) or "").strip()
            if not value:
                continue
        if value != plain(baseline[info.key]):
            out[info.key] = value
    return out


def options_from_post(post: Mapping[str, Any], system: str) -> dict[str, Any]:
    """A new table's house rules from the form: ``{"preset": …, key: value …}`` (the engine checks them)."""
    try:
        ruleset = get_ruleset(system or default_system())
    except MahjongError:
        return {"preset": post["preset"]} if post.get("preset") else {}
    preset = str(post.get("preset") or "")
    out: dict[str, Any] = {"preset": preset} if preset else {}
    if preset in ruleset.presets or not preset:
        out.update(_changed(ruleset, preset, post))
    return out


def context(values: Mapping[str, Any], posted: bool) -> dict[str, Any]:
    """What /t/new draws for ``values`` (the query, or the form sent back): the choice, the chooser, the
    players' fields, the chosen system's house-rule controls."""
    kind = "rummikub" if values.get("kind") == "rummikub" else "mahjong"
    system, preset = chosen(values)
    ruleset = get_ruleset(system)
    seats = 4 if kind == "rummikub" else ruleset.players
    rules = house_rules._house_rules_view(  # the calculator's controls, built once per language and values
        _language(), house_rules.Keyed(ruleset), preset, _values(ruleset, preset, values if posted else None))
    return dict(  # keywords: ``house`` and ``sichuan`` are the templates' names, not systems
        {"kind": kind, "system": system, "preset": preset, "table_choice": f"{system}.{preset}" if preset else system,
         "chooser_groups": systems(), "rule_set": preset_label(ruleset, preset) if preset else "",
         "system_label": pick(ruleset.zh, ruleset.en),
         "seats": [{"i": i, "n": i + 1, "value": values.get(f"player{i}", "")} for i in range(seats)],
         "min_seats": 2 if kind == "rummikub" else seats,
         "hu": hu_of({"kind": kind, "system": system})},
        house=rules, sichuan=kind == "mahjong" and _plays_to_the_wall(system))


def _plays_to_the_wall(system: str) -> bool:
    from .rounds import plays_to_the_wall

    return plays_to_the_wall(system)


def _language() -> str:
    from django.utils.translation import get_language

    return get_language() or ""
