# The grundy image: one image for every service of docker-compose.yml (nodes and bot workers).
#
#   docker build -t grundy .
#   docker run --rm -p 8765:8765 grundy serve --host 0.0.0.0      # one node on its own (SQLite in the container)
#
# The first stage compiles the package with its optional native engine (C, for gomoku and the
# m,n,k games); the image that runs keeps only the installed result, without a compiler.

FROM python:3.11-slim AS build
RUN apt-get update \
    && apt-get install -y --no-install-recommends build-essential \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN pip install --no-cache-dir --prefix=/install . \
    && PYTHONPATH=/install/lib/python3.11/site-packages python -c "import _grundy_native"

FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
COPY --from=build /install /usr/local
RUN useradd --create-home --uid 10001 grundy
USER grundy
WORKDIR /home/grundy
EXPOSE 8765
ENTRYPOINT ["grundy"]
CMD ["serve", "--host", "0.0.0.0"]
