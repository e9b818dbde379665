"""WSGI entry point (gunicorn serving.wsgi): the production server's door.

It refuses to start without a real SECRET_KEY (the settings' ephemeral fallback is for commands such
as ``manage.py score``), answers clients over their rate limit before Django sees the request
(:func:`serving.ratelimit.wsgi`), and reads chunked request bodies (:func:`serving.wsgi_body.dechunk`).
"""

import os

from django.core.exceptions import ImproperlyConfigured
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "calculator.settings")
_django = get_wsgi_application()

from django.conf import settings  # noqa: E402 - after the settings are configured

from . import ratelimit  # noqa: E402
from .checks import EPHEMERAL_SECRET_HINT, EPHEMERAL_SECRET_MESSAGE  # noqa: E402
from .wsgi_body import dechunk  # noqa: E402

if settings.SECRET_KEY_IS_EPHEMERAL and not settings.DEBUG:
    raise ImproperlyConfigured(f"{EPHEMERAL_SECRET_MESSAGE} A server refuses to start so. {EPHEMERAL_SECRET_HINT}")

application = ratelimit.wsgi(dechunk(_django, settings.DATA_UPLOAD_MAX_MEMORY_SIZE))
