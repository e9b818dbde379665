from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('ledger', '0001_initial'),
    ]

    operations = [
        migrations.AddField(
            model_name='table',
            name='tail',
            field=models.JSONField(blank=True, default=None, null=True),
        ),
    ]
