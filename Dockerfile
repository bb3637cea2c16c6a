# Production image for the web (gunicorn) and worker (celery) services of docker-compose.yml.
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app
RUN useradd --create-home --uid 1000 tourney
COPY requirements.txt .
RUN pip install -r requirements.txt
COPY manage.py setup.py ./
COPY tourney ./tourney
COPY pairing ./pairing
COPY locale ./locale
# The compiled matching solver and the Italian messages (locale/*.po to .mo, which git does
# not keep); the compiler and gettext leave the image afterwards.
RUN apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev gettext \
    && python setup.py -q build_ext --inplace && rm -rf build \
    && python manage.py compilemessages -v0 \
    && apt-get purge -y gcc libc6-dev gettext && apt-get autoremove -y && rm -rf /var/lib/apt/lists/*
COPY templates ./templates
COPY static ./static
# collectstatic needs settings that import cleanly; the real secret comes at run time.
RUN DEBUG=0 SECRET_KEY=collectstatic-only-placeholder-key-not-used-at-run-time-000000 \
    STATIC_ROOT=/app/staticfiles python manage.py collectstatic --noinput
# Uploaded FIDE rating lists wait here for the worker (a volume shared with it: docker-compose.yml).
RUN mkdir -p /app/var/rating-lists && chown tourney /app/var/rating-lists
USER tourney
EXPOSE 8000
CMD ["gunicorn", "tourney.wsgi:application", "--bind", "0.0.0.0:8000", "--workers", "3", "--access-logfile", "-"]
