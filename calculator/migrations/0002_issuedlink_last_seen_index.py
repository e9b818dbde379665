from django.db import migrations, models


class Migration(migrations.Migration):
    """An index on last_seen, for the retention rule (IssuedLink.prune)."""

    dependencies = [
        ("calculator", "0001_initial"),
    ]

    operations = [
        migrations.AddIndex(
            model_name="issuedlink",
            index=models.Index(fields=["last_seen"], name="issuedlink_last_seen"),
        ),
    ]
