"""System checks of this project, run by ``manage.py check`` (the deploy-tagged ones only with ``--deploy``)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core import checks

EPHEMERAL_SECRET_MESSAGE = (
    "SECRET_KEY is not set: this process made a random key of its own, which no other process shares "
    "and which changes on every start."
)
EPHEMERAL_SECRET_HINT = (
    "Set SECRET_KEY to 50 random characters, the same on every app server: "
    "python3 -c 'import secrets; print(secrets.token_urlsafe(50))'"
)


@checks.register(checks.Tags.security, deploy=True)
def secret_key_is_real(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    """A production server needs a real, shared secret: the ephemeral fallback is for commands only."""
    if getattr(settings, "SECRET_KEY_IS_EPHEMERAL", False):
        return [checks.Error(EPHEMERAL_SECRET_MESSAGE, hint=EPHEMERAL_SECRET_HINT, id="calculator.E001")]
    return []
