"""The register of issued share links, on SQLite and (when reachable) PostgreSQL."""

import pytest
from django.conf import settings

from calculator.models import IssuedLink

ALIASES = ["default"] + (["postgres"] if getattr(settings, "POSTGRES_REACHABLE", False) else [])


@pytest.mark.django_db(databases=ALIASES)
@pytest.mark.parametrize("alias", ALIASES)
def test_recording_a_link_creates_it_once_and_counts_views(alias):
    IssuedLink.record("v1.example", using=alias)
    IssuedLink.record("v1.example", using=alias)
    IssuedLink.record("v1.other", using=alias)
    link = IssuedLink.objects.using(alias).get(code="v1.example")
    assert link.views == 2
    assert link.last_seen >= link.first_seen
    assert IssuedLink.objects.using(alias).count() == 2


def test_the_suite_says_which_databases_it_uses():
    # The database tests above run on PostgreSQL whenever test_settings found it reachable.
    assert ALIASES[0] == "default"
    assert ("postgres" in ALIASES) == settings.POSTGRES_REACHABLE
