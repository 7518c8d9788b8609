from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext_lazy as _


class User(AbstractUser):
    """A player. A guest is a real user who chose only a nickname; he becomes a full account by
    setting a password, keeping his history."""

    display_name = models.CharField(_("display name"), max_length=40)
    is_guest = models.BooleanField(_("guest"), default=False)

    def __str__(self) -> str:
        return self.display_name or self.username
