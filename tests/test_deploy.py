"""The deploy kit holds together: Kubernetes manifests pass kubernetes-validate, the compose file
passes the Compose Specification's schema and its parts name each other correctly, the image
installs from the hashed lock as a non-root user, the dashboard asks only for metrics callgate
exports, and the documented way to make the first operator inside a container works."""

from __future__ import annotations

import asyncio
import json
import re
import secrets
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

import asyncpg
import jsonschema
import kubernetes_validate
import pytest
import yaml
from aiohttp.test_utils import TestServer
from click.testing import CliRunner
from packaging.requirements import Requirement
from prometheus_client.parser import text_string_to_metric_families

from proxy.cli import main
from proxy.config import Config

from .conftest import PG_DSN, ROOT, ProxyFactory, needs_postgres

DEPLOY = ROOT / "deploy"
SHARE = "/opt/callgate/share/callgate/"  # where the image's package keeps schemas/ and policies/


def k8s_documents() -> list[tuple[str, dict[str, Any]]]:
    docs = []
    for path in sorted((DEPLOY / "k8s").glob("*.yaml")):
        docs += [(f"{path.name}:{d['kind']}/{d['metadata']['name']}", d)
                 for d in yaml.safe_load_all(path.read_text()) if d]
    return docs


@pytest.mark.parametrize(("where", "doc"), k8s_documents(), ids=lambda x: x if isinstance(x, str) else "")
def test_kubernetes_manifests_validate_strictly(where: str, doc: dict[str, Any]) -> None:
    kubernetes_validate.validate(doc, kubernetes_validate.latest_version(), strict=True)


def test_the_deployment_is_hardened_and_probed_and_mounts_what_exists() -> None:
    docs = dict(k8s_documents())
    kinds = {where.split(":")[1].split("/")[0] for where in docs}
    assert {"Deployment", "Service", "ConfigMap", "PodDisruptionBudget",
            "HorizontalPodAutoscaler"} <= kinds
    deployment = docs["callgate.yaml:Deployment/callgate"]
    pod = deployment["spec"]["template"]["spec"]
    (container,) = pod["containers"]
    assert pod["securityContext"]["runAsNonRoot"] and container["securityContext"][
        "readOnlyRootFilesystem"]
    assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert container["livenessProbe"]["httpGet"]["path"] == "/healthz"
    assert container["resources"]["limits"] and container["resources"]["requests"]
    secrets_used = {e["valueFrom"]["secretKeyRef"]["name"] for e in container["env"]}
    assert secrets_used == {"callgate"}  # referenced, never inlined
    maps = {where.split("/")[1] for where in docs if ":ConfigMap/" in where}
    for volume in pod["volumes"]:
        if "configMap" in volume:
            assert volume["configMap"]["name"] in maps
    config = Config.model_validate(yaml.safe_load(
        docs["callgate.yaml:ConfigMap/callgate-config"]["data"]["callgate.yaml"]))
    mounted = {m["mountPath"] for m in container["volumeMounts"]}
    for path in [*config.catalogs, *config.policy.dirs]:
        assert any(str(path).startswith(m) for m in mounted), path


def test_the_pack_config_maps_are_up_to_date() -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("packs", DEPLOY / "k8s" / "packs.py")
    assert spec is not None and spec.loader is not None
    packs = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(packs)
    assert (DEPLOY / "k8s" / "packs.yaml").read_text() == packs.render(), \
        "run: python deploy/k8s/packs.py > deploy/k8s/packs.yaml"


def compose() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    return data


def test_compose_file_follows_the_compose_specification() -> None:
    schema = json.loads(resources.files("check_jsonschema.builtin_schemas.vendor")
                        .joinpath("compose-spec.json").read_text())
    jsonschema.Draft7Validator(schema).validate(compose())


def test_compose_parts_name_each_other() -> None:
    services = compose()["services"]
    replicas = sorted(name for name, s in services.items()
                      if s.get("command", [""])[0] == "serve")
    assert replicas == ["callgate-1", "callgate-2"]
    assert {"postgres", "opa", "balancer", "prometheus", "grafana"} <= set(services)
    for name, service in services.items():
        for dep in service.get("depends_on", []):
            assert dep in services, f"{name} depends on unknown {dep}"
        for volume in service.get("volumes", []):
            source = volume.split(":")[0]
            if source.startswith("."):
                assert (DEPLOY / source).exists(), f"{name} mounts missing {source}"
    haproxy = (DEPLOY / "haproxy" / "haproxy.cfg").read_text()
    assert sorted(re.findall(r"^\s*server (\S+) \1:8080 check", haproxy, re.M)) == replicas
    targets = yaml.safe_load((DEPLOY / "prometheus" / "prometheus.yml").read_text())[
        "scrape_configs"][0]["static_configs"][0]["targets"]
    assert sorted(t.split(":")[0] for t in targets) == replicas
    config = container_config()
    for path in [*config.catalogs, *config.policy.dirs]:  # inside the image's package
        assert str(path).startswith(SHARE) and (ROOT / str(path)[len(SHARE):]).exists(), path


def container_config() -> Config:
    return Config.model_validate(yaml.safe_load((DEPLOY / "container" / "callgate.yaml")
                                                .read_text()))


def test_the_image_installs_from_the_hashed_lock_and_runs_unprivileged() -> None:
    dockerfile = (DEPLOY / "Dockerfile").read_text()
    assert dockerfile.count("FROM ") >= 2  # a build stage and a runtime stage
    assert "--require-hashes" in dockerfile and "deploy/requirements.lock" in dockerfile
    users = re.findall(r"^USER (\S+)", dockerfile, re.M)
    assert users and users[-1].split(":")[0] not in ("root", "0")
    assert "HEALTHCHECK" in dockerfile and "/readyz" in dockerfile
    assert re.search(r'^VOLUME .*"/var/log/callgate"', dockerfile, re.M)


def test_the_lock_pins_every_dependency_the_image_needs() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = [*project["dependencies"], *project["optional-dependencies"]["fast"],
              *project["optional-dependencies"]["otel"], *project["optional-dependencies"]["mcp"]]
    lock = (DEPLOY / "requirements.lock").read_text()
    pinned = {m[0].lower(): m[1] for m in re.findall(r"^([A-Za-z0-9_.-]+)==(\S+)", lock, re.M)}
    for line in wanted:
        req = Requirement(line)
        name = req.name.lower().replace("_", "-")
        assert name in pinned, f"{name} is not in deploy/requirements.lock"
        assert req.specifier.contains(pinned[name], prereleases=True), (name, pinned[name])
    hashed = re.findall(r"^[A-Za-z0-9_.-]+==\S+ \\\n\s+--hash=sha256:", lock, re.M)
    assert len(hashed) == len(pinned)  # every pin carries its hashes


async def test_the_dashboard_asks_only_for_metrics_callgate_exports(
    upstream: TestServer, make_proxy: ProxyFactory,
) -> None:
    client, _ = await make_proxy(str(upstream.make_url("")))
    text = await (await client.get("/metrics")).text()
    suffixes = {"counter": ("_total",), "histogram": ("_bucket", "_sum", "_count"),
                "gauge": ("",), "info": ("_info",)}
    exported = set()
    for family in text_string_to_metric_families(text):  # families with no samples yet too
        exported |= {family.name + suffix for suffix in suffixes.get(family.type, ("",))}
    dashboard = json.loads((DEPLOY / "grafana" / "dashboards" / "callgate.json").read_text())
    exprs = [t["expr"] for p in dashboard["panels"] for t in p["targets"]]
    assert len(exprs) >= 8
    for expr in exprs:
        for name in re.findall(r"\b(callgate_[a-z_]+)", expr):
            assert name in exported, f"the dashboard asks for {name}, which is not exported"


@needs_postgres
def test_the_first_operator_inside_a_container_as_documented(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    """docs/deploy.md's command, run against the container's configuration (its paths mapped
    to this checkout, its DSN to the local PostgreSQL)."""
    doc = (ROOT / "docs" / "deploy.md").read_text()
    documented = re.search(r"exec callgate-1 (callgate operator create [^\n]+)", doc)
    assert documented is not None
    args = documented.group(1).split()[1:]
    assert args[args.index("--config") + 1] == "/etc/callgate/callgate.yaml"
    schema = "container_" + secrets.token_hex(5)
    text = (DEPLOY / "container" / "callgate.yaml").read_text().replace(SHARE, f"{ROOT}/")
    text = text.replace("schema: callgate", f"schema: {schema}")
    local = tmp_path / "callgate.yaml"
    local.write_text(text)
    args[args.index("--config") + 1] = str(local)
    monkeypatch.setenv("CALLGATE_DSN", PG_DSN)
    try:
        made = CliRunner().invoke(main, [*args, "--password", "a long enough password"])
        assert made.exit_code == 0, made.output
        assert "TOTP secret: " in made.output

        async def count() -> int:
            conn = await asyncpg.connect(PG_DSN, server_settings={"search_path": schema})
            try:
                return int(await conn.fetchval("SELECT COUNT(*) FROM operators"))
            finally:
                await conn.close()

        assert asyncio.run(count()) == 1
    finally:
        async def drop() -> None:
            conn = await asyncpg.connect(PG_DSN)
            try:
                await conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
            finally:
                await conn.close()

        asyncio.run(drop())
