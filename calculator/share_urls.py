"""Routes of this part of the site (see calculator/urls.py): share links, their preview image and QR
code, and the fan reference."""

from django.urls import path, re_path

from . import fan_views, share_views

# A share code (or any hand string, which redirects to its code) is one path segment: no "/".
_CODE = r"(?P<code>[^/]+)"

urlpatterns = [
    re_path(rf"^h/{_CODE}/og\.png$", share_views.preview_png, name="share-og"),
    re_path(rf"^h/{_CODE}/qr\.svg$", share_views.qr_svg, name="share-qr"),
    re_path(r"^h/(?P<code>[^/]+)\.json$", share_views.share_json, name="share-json"),
    re_path(rf"^h/{_CODE}$", share_views.share, name="share"),
    # Anything else under /h/ (a pasted text with "/", a trailing slash) gets the share view's answer:
    # a redirect to the canonical code, or the bilingual "not found" page.
    re_path(r"^h/(?P<code>.+)$", share_views.share, name="share-any"),
    path("fans/", fan_views.index, name="fan-index"),
    path("fans/<str:system>/", fan_views.fan_list, name="fan-list"),
    path("fans/<str:system>/<str:fan>/", fan_views.fan_detail, name="fan-detail"),
]
