"""What the site keeps: the share links it has issued, so a release can re-check that every one still opens.

Share codes carry the whole hand, so no link depends on this table; it is a register for the
``check_links`` command and for knowing which hands people share.
"""

from __future__ import annotations

from django.db import models
from django.db.models import F
from django.utils import timezone


class IssuedLink(models.Model):
    code = models.CharField(max_length=512, unique=True)
    first_seen = models.DateTimeField(default=timezone.now)
    last_seen = models.DateTimeField(default=timezone.now)
    views = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["-last_seen"]

    def __str__(self) -> str:
        return self.code

    @classmethod
    def record(cls, code: str, using: str = "default") -> None:
        """Count one view of ``code`` (creating the row on first sight). Safe under concurrency."""
        now = timezone.now()
        link, created = cls.objects.using(using).get_or_create(code=code, defaults={"views": 1})
        if not created:
            cls.objects.using(using).filter(pk=link.pk).update(views=F("views") + 1, last_seen=now)
