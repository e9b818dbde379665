"""``manage.py check_links``: every registered link still opens; ``--prune`` applies the retention rule."""

import io
from datetime import timedelta

import pytest
from django.core.management import CommandError, call_command
from django.test import override_settings
from django.utils import timezone

from calculator.models import IssuedLink

GOOD = "v1.456p78s22z-9s.A1111m.P555z2.15f.ES.s~guobiao"
OTHERS = ["v1.678p56s33z-7s.C123m.C345m", "v1.123456789m1235p-5p", "v1.456789m3455p-5p.C123m"]


def run(*args):
    out = io.StringIO()
    call_command("check_links", *args, stdout=out)
    return out.getvalue()


@pytest.mark.django_db
def test_every_registered_link_that_opens_passes():
    IssuedLink.record(GOOD)
    assert "checked 1 link(s): 0 do not open" in run()


@pytest.mark.django_db
def test_a_link_that_no_longer_opens_is_named_and_fails_the_command():
    IssuedLink.record(GOOD)
    IssuedLink.record("v1.zzz")
    with pytest.raises(CommandError, match="1 registered link"):
        run()


@pytest.mark.django_db
@override_settings(LINK_RETENTION_DAYS=30, LINK_MAX_ROWS=2)
def test_prune_drops_rows_not_seen_within_the_retention_and_keeps_the_most_recent_rows():
    now = timezone.now()
    codes = [GOOD, *OTHERS]
    for code, age in zip(codes, [40, 10, 5, 1], strict=True):  # days since last seen
        IssuedLink.objects.create(code=code, last_seen=now - timedelta(days=age))
    text = run("--prune")
    assert "pruned 2 row(s)" in text and "0 do not open" in text
    assert set(IssuedLink.objects.values_list("code", flat=True)) == set(codes[2:])
