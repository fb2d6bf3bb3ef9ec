"""The "card editors" group with the review permission: staff add players to it to review."""

from django.db import migrations


def create_group(apps, schema_editor):
    ContentType = apps.get_model("contenttypes", "ContentType")
    Permission = apps.get_model("auth", "Permission")
    Group = apps.get_model("auth", "Group")
    # Permissions are made after all migrations (post_migrate); this one is needed now.
    content_type, _ = ContentType.objects.get_or_create(app_label="community", model="proposal")
    permission, _ = Permission.objects.get_or_create(
        codename="review_proposal",
        content_type=content_type,
        defaults={"name": "Can review card proposals and revert card revisions"},
    )
    group, _ = Group.objects.get_or_create(name="card editors")
    group.permissions.add(permission)


def remove_group(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name="card editors").delete()


class Migration(migrations.Migration):
    dependencies = [
        ("community", "0001_revisions_and_proposals"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(create_group, remove_group)]
