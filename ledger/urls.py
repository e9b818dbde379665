"""The ledger's routes: pages under /t/ and the JSON API under /api/v1/tables (calculator/urls.py includes this)."""

from django.urls import path

from . import api, settle_views, views

urlpatterns = [
    path("t/new", views.new_table, name="ledger-new"),
    path("t/add", views.add_hand, name="ledger-add"),
    path("t/<str:token>/", views.edit_page, name="ledger-edit"),
    path("t/<str:token>/change", views.change, name="ledger-change"),
    path("t/<str:token>/sheet", views.edit_sheet, name="ledger-edit-sheet"),
    path("t/<str:token>/e/<int:n>/", views.edit_entry, name="ledger-entry"),
    path("t/r/<str:token>/", views.read_page, name="ledger-read"),
    path("t/r/<str:token>/sheet", views.sheet_part, name="ledger-sheet"),
    path("t/r/<str:token>/chart.svg", views.chart_svg, name="ledger-chart"),
    path("t/r/<str:token>/export.csv", views.export_csv, name="ledger-csv"),
    path("t/r/<str:token>/export.json", views.export_json, name="ledger-json"),
    path("api/v1/tables", api.tables, name="api-tables"),
    path("api/v1/tables/<str:token>", api.table, name="api-table"),
    path("api/v1/tables/<str:token>/entries", api.entries, name="api-table-entries"),
    path("api/v1/tables/<str:token>/entries/<str:n>", api.entry, name="api-table-entry"),
    path("api/v1/tables/<str:token>/undo", api.undo, name="api-table-undo"),
    path("api/v1/tables/<str:token>/export.csv", api.export_csv, name="api-table-csv"),
    path("t/<str:token>/settle", settle_views.settle_edit, name="ledger-settle-edit"),
    path("t/r/<str:token>/settle", settle_views.settle_read, name="ledger-settle"),
    path("t/r/<str:token>/settle.png", settle_views.settle_png, name="ledger-settle-png"),
    path("api/v1/tables/<str:token>/settle", settle_views.api_settle, name="api-table-settle"),
]
