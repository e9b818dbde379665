"""Small builders shared by the Sichuan tests."""

from rulesets.engine import context_from_mapping
from rulesets.notation import parse_hand
from rulesets.registry import get_ruleset


def hand(text, **context):
    """A hand from a hand string, with API-style context fields (seat="S", win="self_drawn", …)."""
    parsed = parse_hand(text)
    return parsed.with_context(context_from_mapping(context, parsed.context)) if context else parsed


def score(text, rules="sichuan", options=None, **context):
    ruleset = get_ruleset(rules)
    return ruleset.score(hand(text, **context), ruleset.parse_options(options))


def options(rules="sichuan", **values):
    return get_ruleset(rules).parse_options(values)


def fan_ids(result):
    return [i.fan.id for i in result.items]
