"""The Redis broker transport the worker uses: kombu's, except that a message it cannot put
back, or acknowledge, because its connection to the broker is gone does not end the worker.

When Redis goes away while a job runs, Celery's consumer closes the broken connection and
kombu puts the unacknowledged messages back in the queue first; with Redis unreachable its
connection parameters are already gone and the worker exited with "AttributeError:
'NoneType' object has no attribute 'hostname'" instead of reconnecting; a job that ended
after the worker had reconnected failed the same way acknowledging its message on the old
connection's channel. Such a message is
still in Redis' unacked set (when Redis kept its data), and Redis gives it back after the
visibility timeout; a job it no longer has is ended as lost by tourney.tasks.reap_lost_jobs.
"""

from __future__ import annotations

import logging

from kombu.transport import redis
from redis.exceptions import ConnectionError as RedisConnectionError

logger = logging.getLogger(__name__)


class QoS(redis.QoS):
    def restore_unacked(self, client: object = None) -> None:
        try:
            super().restore_unacked(client)
        except (AttributeError, RedisConnectionError, OSError) as error:
            logger.warning(
                "the broker is unreachable: %d unacknowledged message(s) stay in its unacked set (%r)",
                len(self._delivered),
                error,
            )
            self._delivered.clear()

    def ack(self, delivery_tag: object) -> None:
        if self.channel.connection is None:
            # A job that ends after its connection was lost and replaced: its message stays
            # in the old connection's unacked set, and a redelivery finds the job ended.
            logger.warning("the connection that delivered message %s is gone: not acknowledged", delivery_tag)
            return
        super().ack(delivery_tag)

    def reject(self, delivery_tag: object, requeue: bool = False) -> None:
        if self.channel.connection is None:
            logger.warning("the connection that delivered message %s is gone: not rejected", delivery_tag)
            return
        super().reject(delivery_tag, requeue=requeue)


class Channel(redis.Channel):
    QoS = QoS


class Transport(redis.Transport):
    Channel = Channel
