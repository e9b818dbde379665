"""The ledger's routes: pages under /t/ and /g/, the JSON API under /api/v1/tables and /api/v1/groups
(calculator/urls.py includes this)."""

from django.urls import path

from . import api, group_api, group_views, round_views, settle_views, views

urlpatterns = [
    path("t/new", views.new_table, name="ledger-new"),
    path("t/add", views.add_hand, name="ledger-add"),
    path("t/<str:token>/", views.edit_page, name="ledger-edit"),
    path("t/<str:token>/change", views.change, name="ledger-change"),
    path("t/<str:token>/sheet", views.edit_sheet, name="ledger-edit-sheet"),
    path("t/<str:token>/e/<int:n>/", views.edit_entry, name="ledger-entry"),
    path("t/<str:token>/round", round_views.round_draft_view, name="ledger-round"),
    path("t/<str:token>/round/check", round_views.check_row, name="ledger-round-check"),
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
    # groups of tables across evenings (ledger/groups.py)
    path("g/new", group_views.new_group, name="ledger-group-new"),
    path("g/<str:token>/", group_views.group_page, name="ledger-group"),
    path("g/<str:token>/change", group_views.change, name="ledger-group-change"),
    path("g/r/<str:token>/", group_views.read_page, name="ledger-group-read"),
    path("g/r/<str:token>/chart.svg", group_views.chart_svg, name="ledger-group-chart"),
    path("t/<str:token>/group", group_views.from_table, name="ledger-table-group"),
    path("api/v1/groups", group_api.create, name="api-groups"),
    path("api/v1/groups/<str:token>", group_api.group, name="api-group"),
    path("api/v1/groups/<str:token>/tables", group_api.tables, name="api-group-tables"),
    path("api/v1/groups/<str:token>/tables/<str:table>", group_api.table, name="api-group-table"),
    path("api/v1/groups/<str:token>/rename", group_api.rename, name="api-group-rename"),
    path("t/<str:token>/settle", settle_views.settle_edit, name="ledger-settle-edit"),
    path("t/r/<str:token>/settle", settle_views.settle_read, name="ledger-settle"),
    path("t/r/<str:token>/settle.png", settle_views.settle_png, name="ledger-settle-png"),
    path("api/v1/tables/<str:token>/settle", settle_views.api_settle, name="api-table-settle"),
]
