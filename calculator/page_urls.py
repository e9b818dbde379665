"""Routes of this part of the site (see calculator/urls.py): the calculator and the language switch."""

from django.urls import include, path

from . import views

urlpatterns = [
    path("", views.calculator, name="calculator"),
    path("i18n/", include("django.conf.urls.i18n")),
]
