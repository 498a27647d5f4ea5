"""The deployment files: docker-compose.yml, the Dockerfile, deploy/haproxy.cfg, deploy/prometheus.yml and
the Grafana dashboard in deploy/grafana/, read without Docker.

Docker does not run on the build machines, so the compose file is read with a YAML parser and
checked for what the deployment relies on; every grundy command in it is parsed by grundy's
own command-line parser (a flag that does not exist fails here, not in production), and every
query of the dashboard names metrics a cluster node really exports.  The same topology runs
for real, as plain processes, in tests/cluster/test_topology.py.
"""

from __future__ import annotations

import argparse
import json
import re
import shlex
from pathlib import Path
from typing import Any

import pytest
import yaml

from grundy.cli.main import build_parser

ROOT = Path(__file__).resolve().parents[1]
PORT = 8765
SENTINELS = ("sentinel1", "sentinel2", "sentinel3")
REPLICAS = ("redis-replica", "redis-replica2")
SENTINEL_PORT = 26379
MASTER = "grundy"  # the name the Sentinels monitor the primary by


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    doc = yaml.safe_load((ROOT / "docker-compose.yml").read_text(encoding="utf-8"))
    assert isinstance(doc, dict) and isinstance(doc.get("services"), dict)
    return doc


@pytest.fixture(scope="module")
def services(compose: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return compose["services"]


def _argv(service: dict[str, Any]) -> list[str]:
    command = service["command"]
    return shlex.split(command) if isinstance(command, str) else [str(a) for a in command]


def _grundy(service: dict[str, Any]) -> argparse.Namespace:
    """The service's command as the image runs it (entrypoint `grundy`), parsed by grundy's own parser."""
    argv = _argv(service)
    try:
        return build_parser().parse_args(argv)
    except SystemExit as e:  # argparse exits on an unknown command or flag
        raise AssertionError(f"`grundy {' '.join(argv)}` does not parse (exit {e.code})") from None


def _nodes(services: dict[str, dict[str, Any]]) -> dict[str, argparse.Namespace]:
    return {name: _grundy(s) for name, s in services.items() if "build" in s and _argv(s)[:1] == ["serve"]}


def test_the_services_of_the_topology_are_there(services):
    assert set(services) == {
        "redis", *REPLICAS, "redis-bus", *SENTINELS, "node1", "node2", "bots", "lb", "prometheus", "grafana"
    }
    for name in ("node1", "node2", "bots"):
        assert services[name]["build"] == ".", f"{name} runs the image built from the Dockerfile"
    for name in ("redis", *REPLICAS, "redis-bus", *SENTINELS):
        assert str(services[name]["image"]).split(":")[0] == "redis" and services[name]["image"].endswith(":7")
    assert "haproxy" in services["lb"]["image"]


def _through_the_sentinels(args: argparse.Namespace, name: str) -> None:
    """The command finds Redis through every Sentinel of the compose file, by the name they monitor."""
    assert args.redis is None, f"{name}: through the Sentinels, not one fixed Redis"
    assert args.redis_sentinel.split(",") == [f"{s}:{SENTINEL_PORT}" for s in SENTINELS], name
    assert args.redis_master == MASTER, name


def test_the_nodes_run_in_cluster_mode_on_the_compose_redis_with_hosted_bots_from_redis(services):
    nodes = _nodes(services)
    assert set(nodes) == {"node1", "node2"}
    for name, args in nodes.items():
        assert args.command == "serve"
        _through_the_sentinels(args, name)
        assert args.redis_replicas in (None, 1), f"{name}: a move is acknowledged once the replica holds it"
        assert args.host == "0.0.0.0" and args.port == PORT, name
        assert args.bots == "redis", name
        assert args.db is None, f"{name}: a cluster node keeps everything in Redis"
        assert args.redis_bus == "redis://redis-bus:6379/0", f"{name}: publish/subscribe on the bus's Redis"
        assert services[name]["depends_on"]["redis-bus"] == {"condition": "service_healthy"}, name
    ids = [args.node_id for args in nodes.values()]
    assert all(ids) and len(set(ids)) == len(ids), f"each node has its own --node-id: {ids}"


def test_the_bot_workers_take_jobs_from_the_compose_redis(services):
    args = _grundy(services["bots"])
    assert args.command == "bots"
    _through_the_sentinels(args, "bots")
    assert args.workers == 2
    assert "ports" not in services["bots"], "`--scale bots=N` needs a service without published ports"


def test_redis_keeps_an_append_only_file_synced_on_every_write_on_a_volume(compose, services):
    redis = services["redis"]
    argv = _argv(redis)
    assert argv[0] == "redis-server"
    flags = dict(zip(argv[1::2], argv[2::2], strict=False))
    assert flags.get("--appendonly") == "yes"
    assert flags.get("--appendfsync") == "always", "the safe default: no acknowledged move lost (docs/STORE.md)"
    (volume,) = redis["volumes"]
    name, target = volume.split(":")[:2]
    assert target == "/data" and name in (compose.get("volumes") or {})


def test_the_bus_redis_keeps_nothing(services):
    """Publish/subscribe holds nothing durable: no append-only file, no snapshots, no volume (docs/STORE.md)."""
    bus = services["redis-bus"]
    argv = _argv(bus)
    assert argv[0] == "redis-server"
    flags = dict(zip(argv[1::2], argv[2::2], strict=False))
    assert flags.get("--appendonly") == "no" and flags.get("--save") == ""
    assert "volumes" not in bus
    assert "redis-bus" not in services["bots"]["depends_on"], "bot workers use the store's stream, not the bus"


@pytest.mark.parametrize("name", REPLICAS)
def test_each_replica_follows_the_primary_with_the_same_append_only_file_on_its_own_volume(compose, services, name):
    replica = services[name]
    argv = _argv(replica)
    assert argv[0] == "redis-server"
    flags = dict(zip(argv[1::2], argv[2::2], strict=False))
    assert flags.get("--appendonly") == "yes" and flags.get("--appendfsync") == "always"
    at = argv.index("--replicaof")
    assert argv[at + 1 : at + 3] == ["redis", "6379"]
    at = argv.index("--replica-announce-ip")
    assert argv[at + 1] == name  # (the Sentinels name it by its service)
    assert _argv(services["redis"])[-2:] == ["--replica-announce-ip", "redis"]  # (once it is a replica itself)
    (volume,) = replica["volumes"]
    vol, target = volume.split(":")[:2]
    assert target == "/data" and vol in (compose.get("volumes") or {}) and vol != "redis-data"
    assert replica["depends_on"] == {"redis": {"condition": "service_healthy"}}
    others = [services[r]["volumes"][0].split(":")[0] for r in REPLICAS if r != name]
    assert vol not in others, "each replica keeps its own copy"


def test_a_failover_leaves_the_new_primary_the_replicas_a_move_waits_for(services):
    """The recommended topology (docs/OPERATIONS.md): the replicas a move waits for, plus one, so that the primary's
    host may be lost and the promoted replica still has as many replicas of its own; and a quorum of a majority of
    the Sentinels, so that one Sentinel's host may be lost as well."""
    waits_for = {args.redis_replicas or 1 for args in _nodes(services).values()}  # (1: the default with Sentinel)
    assert waits_for == {1}
    assert len(REPLICAS) >= max(waits_for) + 1, "after a failover the new primary must still have its replicas"
    for name in SENTINELS:
        quorum = int(re.search(rf"sentinel monitor {MASTER} redis 6379 (\d+)", _sentinel_script(services[name]))[1])
        assert quorum == len(SENTINELS) // 2 + 1, "a majority: a partitioned minority never fails over"
        assert len(SENTINELS) - quorum >= 1, "one Sentinel may be lost with the primary's host"


def _sentinel_script(service: dict[str, Any]) -> str:
    argv = _argv(service)
    assert argv[:2] == ["sh", "-c"], "a Sentinel writes its configuration on its first start, then runs"
    return argv[2]


def test_three_sentinels_monitor_the_primary_with_a_quorum_of_two_each_on_its_own_volume(compose, services):
    volumes = set()
    for name in SENTINELS:
        sentinel = services[name]
        script = _sentinel_script(sentinel)
        assert f"port {SENTINEL_PORT}" in script
        assert f"sentinel monitor {MASTER} redis 6379 2" in script  # (2 of 3: one Sentinel down still fails over)
        assert "sentinel announce-ip $$SENTINEL_NAME" in script and sentinel["environment"] == {"SENTINEL_NAME": name}
        assert script.startswith("[ -f /data/sentinel.conf ] ||"), "what a Sentinel learnt survives its restart"
        assert "exec redis-server /data/sentinel.conf --sentinel" in script
        (volume,) = sentinel["volumes"]
        vol, target = volume.split(":")[:2]
        assert target == "/data" and vol in (compose.get("volumes") or {})
        volumes.add(vol)
        assert sentinel["depends_on"] == {
            "redis": {"condition": "service_healthy"},
            **{r: {"condition": "service_healthy"} for r in REPLICAS},
        }
        assert f"{SENTINEL_PORT}" in " ".join(sentinel["healthcheck"]["test"])
    assert len(volumes) == len(SENTINELS)


def test_the_sentinel_configuration_runs_in_a_real_sentinel(services, tmp_path):
    """The compose file's Sentinel script, with the hostnames and ports of a loopback test, run for real."""
    import os
    import shutil
    import subprocess
    import time

    if shutil.which("redis-server") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("redis-server is needed in CI (.ci/run installs it)")
        pytest.skip("redis-server is not installed: the compose file's Sentinel script is not run here")
    from tests.cluster.redisproc import RedisServer, command, free_port

    primary = RedisServer(tmp_path).start()
    port = free_port()
    script = (
        _sentinel_script(services["sentinel1"])
        .replace("$$", "$")  # (compose's escape of a $ for the shell)
        .replace("/data", str(tmp_path))
        .replace(f"port {SENTINEL_PORT}", f"port {port}")
        .replace(f"{MASTER} redis 6379", f"{MASTER} 127.0.0.1 {primary.port}")
    )
    env = {**os.environ, "SENTINEL_NAME": "127.0.0.1"}
    proc = subprocess.Popen(["sh", "-c", script], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                reply = command(port, "SENTINEL", "get-master-addr-by-name", MASTER, timeout=0.5)
                break
            except OSError:
                assert proc.poll() is None, "the Sentinel did not start on the compose file's configuration"
                assert time.monotonic() < deadline, "the Sentinel did not answer"
                time.sleep(0.05)
        assert reply == [b"127.0.0.1", str(primary.port).encode()]
        conf = (tmp_path / "sentinel.conf").read_text()
        assert "down-after-milliseconds grundy 5000" in conf
    finally:
        proc.terminate()
        proc.wait(10)
        primary.stop()


def test_only_the_load_balancer_publishes_a_port_to_the_world_the_game_port(services):
    published = {name: s["ports"] for name, s in services.items() if s.get("ports")}
    assert published == {
        "lb": [f"{PORT}:{PORT}"],
        "prometheus": ["127.0.0.1:9090:9090"],  # (the operator's, on the machine itself)
        "grafana": ["127.0.0.1:3000:3000"],
    }


def test_healthchecks_and_start_order(services):
    node_check = " ".join(services["node1"]["healthcheck"]["test"])
    assert f"127.0.0.1:{PORT}/health" in node_check
    for name in ("redis", *REPLICAS, "redis-bus", *SENTINELS, "node1", "node2", "lb", "prometheus", "grafana"):
        check = services[name]["healthcheck"]
        assert check["test"][0] in ("CMD", "CMD-SHELL") and check["interval"], name
    assert "/health" in " ".join(services["lb"]["healthcheck"]["test"])
    assert "ping" in services["redis"]["healthcheck"]["test"]
    on_sentinels = {s: {"condition": "service_healthy"} for s in SENTINELS}
    for name in ("node1", "node2"):  # (they find the primary through the Sentinels, and use the bus's Redis)
        assert services[name]["depends_on"] == {**on_sentinels, "redis-bus": {"condition": "service_healthy"}}, name
    assert services["bots"]["depends_on"] == on_sentinels
    assert services["lb"]["depends_on"] == {
        "node1": {"condition": "service_healthy"},
        "node2": {"condition": "service_healthy"},
    }
    assert services["grafana"]["depends_on"] == {"prometheus": {"condition": "service_healthy"}}


# ---------------------------------------------------------------------------- HAProxy


def _haproxy(path: Path) -> dict[str, list[list[str]]]:
    """The config's sections ("frontend game", "backend nodes", ...), each a list of its lines' words."""
    sections: dict[str, list[list[str]]] = {}
    current: list[list[str]] | None = None
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].rstrip()
        if not line.strip():
            continue
        if not line[0].isspace():
            current = sections.setdefault(" ".join(line.split()), [])
        else:
            assert current is not None, f"a setting outside any section: {raw!r}"
            current.append(line.split())
    return sections


def _seconds(value: str) -> float:
    m = re.fullmatch(r"(\d+)(us|ms|s|m|h|d)?", value)
    assert m, value
    return int(m.group(1)) * {"us": 1e-6, "ms": 1e-3, "s": 1, "m": 60, "h": 3600, "d": 86400, None: 1e-3}[m.group(2)]


@pytest.fixture(scope="module")
def haproxy(services) -> dict[str, list[list[str]]]:
    (mount,) = services["lb"]["volumes"]
    source, target = mount.split(":")[:2]
    assert target == "/usr/local/etc/haproxy/haproxy.cfg", "where the official image reads its config"
    return _haproxy(ROOT / source)


def test_haproxy_listens_on_the_game_port_in_http_mode(haproxy):
    (frontend,) = [s for s in haproxy if s.startswith("frontend ")]
    binds = [words[1] for words in haproxy[frontend] if words[0] == "bind"]
    assert binds == [f":{PORT}"]
    assert ["mode", "http"] in haproxy["defaults"], "HTTP mode: upgrades pass, and health checks are HTTP"


def test_haproxy_balances_round_robin_over_every_node_with_health_checks(haproxy, services):
    backend = haproxy["backend nodes"]
    assert ["balance", "roundrobin"] in backend
    assert ["option", "httpchk"] in backend
    (send,) = [w for w in backend if w[:2] == ["http-check", "send"]]
    assert send[send.index("meth") + 1] == "GET" and send[send.index("uri") + 1] == "/health"
    assert ["http-check", "expect", "status", "200"] in backend
    (defaults,) = [w for w in backend if w[0] == "default-server"]
    assert "check" in defaults
    assert ["option", "redispatch"] in haproxy["defaults"], "a dead node's refusal is retried on another node"
    servers = {w[1]: w[2] for w in backend if w[0] == "server"}
    nodes = _nodes(services)
    assert servers == {name: f"{name}:{args.port}" for name, args in nodes.items()}


def test_haproxy_keeps_the_nodes_metrics_and_administration_inside(haproxy):
    (frontend,) = [s for s in haproxy if s.startswith("frontend ")]
    denied = [w for w in haproxy[frontend] if w[:2] == ["http-request", "deny"]]
    assert any("/metrics" in w and "beg" in w for w in denied), "GET /metrics is for Prometheus, not for players"
    assert any("/admin" in w and "beg" in w for w in denied), "POST /admin/... is for grundy admin, not for players"


def test_the_nodes_admin_secret_comes_from_the_environment_never_the_command_line(services):
    for name in _nodes(services):
        env = services[name]["environment"]
        assert env["GRUNDY_ADMIN_SECRET"].startswith("${GRUNDY_ADMIN_SECRET"), name
        assert not any("secret" in a.lower() for a in _argv(services[name])), name


def test_haproxy_keeps_websockets_open_for_a_whole_game(haproxy):
    timeouts = {w[1]: w[2] for w in haproxy["defaults"] if w[0] == "timeout"}
    assert _seconds(timeouts["tunnel"]) >= 3600, "an upgraded connection lives under `timeout tunnel`"
    assert _seconds(timeouts["client"]) >= 30 and _seconds(timeouts["server"]) >= 30
    assert "option http-server-close" not in {" ".join(w) for w in haproxy["defaults"]}


# ---------------------------------------------------------------------------- the image


def test_the_dockerfile_builds_the_package_and_runs_grundy_as_a_user():
    lines = [
        line.strip()
        for line in (ROOT / "Dockerfile").read_text(encoding="utf-8").replace("\\\n", " ").splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]
    froms = [line.split()[1] for line in lines if line.startswith("FROM ")]
    assert froms and all(f == "python:3.11-slim" for f in froms)
    text = "\n".join(lines)
    assert "build-essential" in text, "the native engine is compiled in the image"
    assert re.search(r"pip install [^\n]*\s\.(\s|$)", text), "the image installs the package with `pip install .`"
    users = [line.split()[1] for line in lines if line.startswith("USER ")]
    assert users and users[-1] not in ("root", "0")
    entry = [line for line in lines if line.startswith("ENTRYPOINT ")]
    assert entry == ['ENTRYPOINT ["grundy"]']
    assert f"EXPOSE {PORT}" in lines
    ignored = (ROOT / ".dockerignore").read_text(encoding="utf-8").split()
    assert ".git" in ignored and ".venv" in ignored


# ---------------------------------------------------------------------------- Prometheus and Grafana


def _mounts(service: dict[str, Any]) -> dict[str, str]:
    """A service's bind mounts of this repository's files: target -> source (relative to the repository)."""
    out = {}
    for volume in service.get("volumes", []):
        source, target = volume.split(":")[:2]
        if source.startswith("./"):
            out[target] = source[2:]
    return out


def test_prometheus_scrapes_get_metrics_on_every_node(services):
    prometheus = services["prometheus"]
    assert str(prometheus["image"]).startswith("prom/prometheus:")
    argv = _argv(prometheus)
    assert "--config.file=/etc/prometheus/prometheus.yml" in argv
    assert "--storage.tsdb.path=/prometheus" in argv
    config = yaml.safe_load((ROOT / _mounts(prometheus)["/etc/prometheus/prometheus.yml"]).read_text(encoding="utf-8"))
    assert any(v.split(":")[1] == "/prometheus" for v in prometheus["volumes"]), "its data on a volume"
    (job,) = config["scrape_configs"]
    assert job["job_name"] == "grundy" and job.get("metrics_path", "/metrics") == "/metrics"
    targets = [t for group in job["static_configs"] for t in group["targets"]]
    nodes = _nodes(services)
    assert sorted(targets) == sorted(f"{name}:{args.port}" for name, args in nodes.items())


@pytest.fixture(scope="module")
def grafana(services) -> dict[str, Any]:
    """Grafana's provisioned data source, dashboard provider and dashboards, as the container reads them."""
    service = services["grafana"]
    assert str(service["image"]).startswith("grafana/grafana:")
    mounts = _mounts(service)
    provisioning = ROOT / mounts["/etc/grafana/provisioning"]
    (datasources,) = (provisioning / "datasources").glob("*.yml")
    (providers,) = (provisioning / "dashboards").glob("*.yml")
    (provider,) = yaml.safe_load(providers.read_text(encoding="utf-8"))["providers"]
    folder = provider["options"]["path"]
    dashboards = sorted((ROOT / mounts[folder]).glob("*.json"))
    assert dashboards, f"no dashboard in {mounts[folder]}"
    return {
        "service": service,
        "datasources": yaml.safe_load(datasources.read_text(encoding="utf-8"))["datasources"],
        "dashboards": [json.loads(d.read_text(encoding="utf-8")) for d in dashboards],
    }


def test_grafana_reads_the_compose_prometheus_and_keeps_its_admin_password_out_of_the_file(grafana, services):
    (source,) = grafana["datasources"]
    assert source["type"] == "prometheus" and source["url"] == "http://prometheus:9090" and source["isDefault"]
    env = grafana["service"]["environment"]
    assert env["GF_SECURITY_ADMIN_PASSWORD"].startswith("${GRAFANA_ADMIN_PASSWORD"), "set from the environment"
    assert env["GF_USERS_ALLOW_SIGN_UP"] == "false" and env["GF_AUTH_ANONYMOUS_ENABLED"] == "false"
    home = env["GF_DASHBOARDS_DEFAULT_HOME_DASHBOARD_PATH"]
    folder, _, name = home.rpartition("/")
    assert (ROOT / _mounts(grafana["service"])[folder] / name).is_file()


def _exported() -> set[str]:
    """Every series name a cluster node exports (as docker-compose runs them: Redis, bots from Redis).

    The node is built, not started (no Redis is reached): its registry holds every family already.
    """
    from grundy.server.cluster.compose import cluster_node
    from grundy.server.node import NodeConfig

    node = cluster_node(NodeConfig(), redis_url="redis://127.0.0.1:1/0")
    names: set[str] = set()
    for family in node.metrics.registry.collect():
        suffixes = {"histogram": ("_bucket", "_count", "_sum"), "counter": ("_total",)}.get(family.type, ("",))
        names.update(family.name + s for s in suffixes)
    return names


def _queries(dashboard: dict[str, Any]) -> list[tuple[str, str]]:
    found = []
    for panel in dashboard["panels"]:
        for target in panel.get("targets", []):
            found.append((panel["title"], target["expr"]))
    for variable in dashboard.get("templating", {}).get("list", []):
        query = variable.get("query")
        found.append((variable["name"], query["query"] if isinstance(query, dict) else str(query)))
    return found


def test_every_query_of_the_dashboard_names_metrics_the_nodes_export(grafana):
    exported = _exported()
    for wanted in ("grundy_moves_accepted_total", "grundy_request_seconds_bucket", "grundy_leases_held"):
        assert wanted in exported  # (the check below would pass vacuously on an empty registry)
    (source,) = grafana["datasources"]
    covered: set[str] = set()
    for dashboard in grafana["dashboards"]:
        assert dashboard["uid"] and dashboard["title"]
        queries = _queries(dashboard)
        assert queries
        for title, expr in queries:
            names = set(re.findall(r"\b((?:grundy|process)_[a-z_]+)\b", expr))
            assert names, f"{title}: {expr!r} names no metric of ours"
            assert names <= exported, f"{title}: {sorted(names - exported)} are not exported by a node"
            covered |= names
        for panel in dashboard["panels"]:
            if panel["type"] != "row":
                assert panel["datasource"]["uid"] == source["uid"], panel["title"]
    # The dashboard shows what an operator is promised (docs/OPERATIONS.md).
    for metric in (
        "grundy_connections",
        "grundy_sessions_connected",
        "grundy_rooms",
        "grundy_moves_accepted_total",
        "grundy_request_seconds_bucket",
        "grundy_errors_total",
        "grundy_store_write_seconds_bucket",
        "grundy_bot_jobs_waiting",
        "grundy_bot_job_seconds_bucket",
        "grundy_leases_held",
        "grundy_takeovers_total",
        "grundy_forwarded_requests_total",
    ):
        assert metric in covered, f"the dashboard has no panel for {metric}"
