"""The Celery application: time-driven work (turn clocks, bots, clean-up) through the services."""

import os

from celery import Celery

import cardroom.broker  # noqa: F401  (the embedded broker's scheme, cardroomfs://)

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardroom.settings")

app = Celery("cardroom")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
