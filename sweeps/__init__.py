"""When Celery beat's sweep last ran, where every web process can read it (``/healthz``)."""
