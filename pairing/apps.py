from django.apps import AppConfig


class PairingConfig(AppConfig):
    """The Django side of the pairing package: adapters, services and Celery tasks.

    The engines below pairing/engine/ know nothing of Django.
    """

    name = "pairing"
    verbose_name = "Pairing"
