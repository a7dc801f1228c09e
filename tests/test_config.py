"""Configuration and catalog files: errors name the file, the line and what to fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from proxy.catalog import load_catalog
from proxy.config import load_config, load_tools
from proxy.errors import ConfigError

from .conftest import ROOT


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


GOOD = f"""\
listen:
  port: 9000
upstreams:
  retail:
    base_url: http://127.0.0.1:8081
catalogs:
  - {ROOT}/schemas/retail/catalog.yaml
"""


def test_good_config_loads_with_defaults(tmp_path: Path) -> None:
    config = load_config(write(tmp_path, "c.yaml", GOOD))
    assert config.listen.port == 9000
    assert config.limits.max_body_bytes == 65536
    catalog = load_tools(config)
    assert catalog.get("cancel_pending_order") is not None
    assert config.resolve(config.store.path) == tmp_path / "callgate.db"


@pytest.mark.parametrize(
    ("text", "where", "words"),
    [
        (GOOD.replace("port: 9000", "port: ninety"), ":2:", "listen.port"),
        (GOOD.replace("port: 9000", "prot: 9000"), ":2:", "unknown field"),
        (GOOD.replace("http://127.0.0.1:8081", "127.0.0.1:8081"), ":5:", "base_url"),
        (GOOD + "listen: {}\n", ":8:", "duplicate key"),
        (GOOD.replace("  port: 9000", "  port: [9000"), ":", "YAML syntax error"),
        ("upstreams: {}\n", ":1:", "catalogs: required field is missing"),
    ],
)
def test_config_errors_name_file_and_line(
    tmp_path: Path, text: str, where: str, words: str
) -> None:
    path = write(tmp_path, "c.yaml", text)
    with pytest.raises(ConfigError) as e:
        load_config(path)
    message = str(e.value)
    assert f"{path}{where}" in message
    assert words in message


def test_catalog_upstream_must_be_declared(tmp_path: Path) -> None:
    text = GOOD.replace("  retail:\n", "  shop:\n")
    with pytest.raises(ConfigError, match="upstream 'retail' is not declared"):
        load_tools(load_config(write(tmp_path, "c.yaml", text)))


@pytest.mark.parametrize(
    ("tool", "schema", "words"),
    [
        ("kind: delete\n    schema: s.json\n    path: /x", '{"type": "object"}', "tools.t.kind"),
        ("kind: read\n    schema: s.json\n    path: /x/{id}", '{"type": "object"}',
         "path argument 'id' must be a required property"),
        ("kind: read\n    schema: s.json\n    path: /x\n    query: [q]", '{"type": "object"}',
         "query argument 'q'"),
        ("kind: read\n    schema: s.json\n    path: /x", '{"type": "object", "minProperties": -1}',
         "not a valid JSON Schema"),
        ("kind: read\n    schema: s.json\n    path: /x", "{nope", "not valid JSON"),
        ("kind: read\n    schema: missing.json\n    path: /x", "{}", "cannot read schema"),
    ],
)
def test_catalog_errors(tmp_path: Path, tool: str, schema: str, words: str) -> None:
    write(tmp_path, "s.json", schema)
    path = write(tmp_path, "cat.yaml", f"domain: d\nupstream: u\ntools:\n  t:\n    {tool}\n")
    with pytest.raises(ConfigError) as e:
        load_catalog(path)
    assert words in str(e.value)
    assert str(path) in str(e.value) or "s.json" in str(e.value)


def test_binding_builds_requests() -> None:
    tools = {t.name: t for t in load_catalog(ROOT / "schemas/retail/catalog.yaml")}
    path, query, body = tools["get_order_details"].binding.build({"order_id": "#W1/2"})
    assert path == "/orders/%23W1%2F2" and query == [] and body is None
    path, query, body = tools["find_user_id_by_name_zip"].binding.build(
        {"first_name": "A", "last_name": "B", "zip": "1"})
    assert path == "/users/by-name-zip" and ("zip", "1") in query and body is None
    path, query, body = tools["cancel_pending_order"].binding.build(
        {"order_id": "#W1", "reason": "no longer needed"})
    assert path == "/orders/%23W1/cancel" and body == {"reason": "no longer needed"}


def test_a_catalog_path_is_sent_percent_encoded(tmp_path: Path) -> None:
    """A space or a letter outside ASCII in a path template goes out encoded (the upstream
    client refuses a request line that is not ASCII); placeholders and escapes stay."""
    write(tmp_path, "s.json", '{"type": "object", "required": ["id"], '
                              '"properties": {"id": {"type": "string"}}}')
    path = write(tmp_path, "cat.yaml", "domain: d\nupstream: u\ntools:\n  t:\n    kind: read\n"
                                       "    schema: s.json\n    method: GET\n"
                                       "    path: /caf\u00e9 menu/%41/{id}\n")
    (tool,) = load_catalog(path)
    assert tool.binding.build({"id": "x y"})[0] == "/caf%C3%A9%20menu/%41/x%20y"
