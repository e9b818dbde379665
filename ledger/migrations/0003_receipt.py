import django.db.models.deletion
import django.utils.timezone
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('ledger', '0002_table_tail'),
    ]

    operations = [
        migrations.CreateModel(
            name='Receipt',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('scope', models.CharField(max_length=40)),
                ('key', models.CharField(max_length=128)),
                ('request', models.CharField(max_length=64)),
                ('status', models.PositiveSmallIntegerField()),
                ('answer', models.BinaryField()),
                ('created', models.DateTimeField(default=django.utils.timezone.now)),
                ('table', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='receipts', to='ledger.table')),
            ],
            options={
                'indexes': [models.Index(fields=['scope', 'created'], name='ledger_receipt_age')],
                'constraints': [models.UniqueConstraint(fields=('scope', 'key'), name='ledger_receipt_key')],
            },
        ),
    ]
