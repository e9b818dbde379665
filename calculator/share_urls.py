"""Routes of this part of the site (see calculator/urls.py)."""

urlpatterns: list = []
