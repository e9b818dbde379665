from django.apps import AppConfig


class LedgerConfig(AppConfig):
    name = "ledger"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from calculator.openapi import Part, add_part

        from . import openapi

        add_part(self.name, Part(paths=openapi.paths, schemas=openapi.schemas, headers=openapi.HEADERS))
