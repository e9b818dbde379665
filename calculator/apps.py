from django.apps import AppConfig


class CalculatorConfig(AppConfig):
    name = "calculator"
    verbose_name = "Mahjong scoring calculator"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from serving import checks  # noqa: F401 - registers the project's system checks

        from . import lang  # noqa: F401 - gives the engine's messages their 繁體 (rulesets.messages.SCRIPTS)
