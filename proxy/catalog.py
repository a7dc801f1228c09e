"""The tool catalog: what each tool is (read or write), its argument schema, and its upstream binding.

A catalog file (YAML) names a domain, the upstream its tools are bound to, and per tool:

    tools:
      cancel_pending_order:
        kind: write                       # read | write
        schema: cancel_pending_order.json # JSON Schema, relative to the catalog file
        method: POST                      # GET | POST | PUT | PATCH | DELETE
        path: /orders/{order_id}/cancel   # {name} takes an argument, percent-encoded
        query: []                         # arguments sent as query parameters
        # every other argument goes in the JSON body (for GET and DELETE: the query)

Everything is checked when the file loads: the schema must be valid, and every argument named in
``path`` or ``query`` must be a property of the schema, required when it is in the path.
"""

from __future__ import annotations

import enum
import functools
import re
import string
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal
from urllib.parse import quote

import jsonschema
import orjson
import pydantic

from .errors import ConfigError, InvalidArguments
from .parse import loads as json_loads
from .validate import ArgumentValidator
from .yamlfile import load_yaml, validate_doc

DISCOVER = "x-callgate-discover"  # marks a schema to be replaced by the upstream's own


class ToolKind(enum.StrEnum):
    READ = "read"  # establishes facts; changes nothing upstream
    WRITE = "write"  # changes state upstream; every write is decided by policy


# The members compared on the path of every call, bound once: Python 3.11 reaches a member
# such as `ToolKind.WRITE` through EnumType.__getattr__'s slot, some 900 machine instructions
# each time (bench/instructions.py; Python 3.12 keeps members as plain class attributes).
TOOL_READ, TOOL_WRITE = ToolKind.READ, ToolKind.WRITE


class _Frozen(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(frozen=True, extra="forbid")


class PaymentSpec(_Frozen):
    """A tool that is a payment operation: which arguments carry what, and which read tells the
    payment's state (for rehearsals). Sandbox sessions run it on the sandbox provider."""

    operation: Literal["get", "charge", "authorise", "capture", "void", "refund", "adjust"]
    payment_id: str = "payment_id"
    amount: str = "amount"
    currency: str = "currency"
    state_from: str | None = None  # the read tool whose result is the payment's state


class ToolSpec(_Frozen):
    kind: ToolKind
    payment: PaymentSpec | None = None
    # none: the schema comes from the upstream (an MCP server's tools/list, at start-up)
    schema_file: str | None = pydantic.Field(None, alias="schema")
    method: Literal["GET", "POST", "PUT", "PATCH", "DELETE"] = "POST"
    path: str = "/"
    query: tuple[str, ...] = ()
    description: str = ""


class CatalogFile(_Frozen):
    domain: str = pydantic.Field(pattern=r"^[a-z][a-z0-9_-]*$")
    upstream: str
    # the domain's money (ISO 4217), for amounts that carry no currency of their own: reviewers
    # see "1,500.00 USD", not "1500"
    currency: str | None = pydantic.Field(None, pattern=r"^[A-Z]{3}$")
    tools: dict[str, ToolSpec]


def anchored(schema: Any) -> Any:
    """The schema with every ``pattern`` matched in full: JSON Schema patterns search, and ``$``
    also matches before a trailing newline, so ``^#W[0-9]+$`` would let ``"#W1\\n"`` through to
    the upstream. A catalog pattern is rewritten to ``\\A(?:...)\\Z``."""
    if isinstance(schema, dict):
        out = {k: anchored(v) for k, v in schema.items()}
        pattern = schema.get("pattern")
        if isinstance(pattern, str):
            body = pattern[1:] if pattern.startswith("^") else pattern
            if body.endswith("$") and not body.endswith("\\$"):
                body = body[:-1]
            out["pattern"] = f"\\A(?:{body})\\Z"
        return out
    if isinstance(schema, list):
        return [anchored(v) for v in schema]
    return schema


@dataclass(frozen=True, slots=True)
class Binding:
    """How a call becomes an HTTP request to the upstream."""

    method: str
    path: str
    path_args: tuple[str, ...]
    query_args: tuple[str, ...]

    @property
    def body_allowed(self) -> bool:
        return self.method not in ("GET", "DELETE")

    def check(self, arguments: dict[str, Any]) -> None:
        """Refuse path argument values that would change which resource the path names: empty,
        ``.`` or ``..`` (dot segments), separators, control characters."""
        for name in self.path_args:
            value = str(arguments.get(name, ""))
            if value in ("", ".", "..") or _UNSAFE_SEGMENT.search(value):
                raise InvalidArguments(
                    f"argument {name!r} is {value!r}, which cannot stand in a URL path segment",
                    details=[{"code": "path_segment", "pointer": f"/{name}",
                              "message": f"/{name} must not be empty, '.' or '..', nor contain "
                                         "'/', '\\' or control characters"}])

    def build(self, arguments: dict[str, Any]) -> tuple[str, list[tuple[str, str]], Any]:
        """Return (path, query pairs, JSON body or None) for validated ``arguments``."""
        path = self.path
        for name in self.path_args:
            path = path.replace("{" + name + "}", _segment(str(arguments[name])))
        query: list[tuple[str, str]] = []
        body: dict[str, Any] = {}
        for name, value in arguments.items():
            if name in self.path_args:
                continue
            if name in self.query_args or not self.body_allowed:
                query.extend(_query_pairs(name, value))
            else:
                body[name] = value
        return path, query, (body if self.body_allowed else None)


def _segment(value: str) -> str:
    """``value`` percent-encoded for a path segment. Ids come back call after call (an order
    read, then changed): short ones are remembered, and quote's work is done once each."""
    return _short_segment(value) if len(value) <= 64 else quote(value, safe="")


@functools.lru_cache(maxsize=4096)
def _short_segment(value: str) -> str:
    return quote(value, safe="")


_UNSAFE_SEGMENT = re.compile(r"[/\\\x00-\x1f\x7f]")  # "?" and "#" are percent-encoded


def _query_pairs(name: str, value: Any) -> Iterable[tuple[str, str]]:
    values = value if isinstance(value, list) else [value]
    for v in values:
        if isinstance(v, bool):
            yield name, "true" if v else "false"
        elif isinstance(v, str | int | float):
            yield name, str(v)
        else:  # objects in a query: sent as JSON text, the only faithful flat form
            yield name, orjson.dumps(v).decode()


@dataclass(frozen=True, slots=True)
class Tool:
    name: str
    domain: str
    kind: ToolKind
    upstream: str
    schema: dict[str, Any]
    validator: ArgumentValidator
    binding: Binding
    description: str
    payment: PaymentSpec | None = None
    currency: str | None = None  # the domain's currency (catalog ``currency``), if declared


class Catalog:
    """All tools the proxy knows. A name is unique within its domain; the same name in two
    domains (``get_user_details`` in retail and airline) is told apart by the session's domain
    tag. Unknown tools are refused by the pipeline."""

    def __init__(self, tools: Iterable[Tool]) -> None:
        self.by_domain: dict[str, dict[str, Tool]] = {}
        self._by_name: dict[str, list[Tool]] = {}
        for tool in tools:
            domain = self.by_domain.setdefault(tool.domain, {})
            if tool.name in domain:
                raise ConfigError(
                    f"tool {tool.name!r} is declared twice in domain {tool.domain!r}; "
                    "tool names must be unique within a domain"
                )
            domain[tool.name] = tool
            self._by_name.setdefault(tool.name, []).append(tool)

    def get(self, name: str, domain: str | None = None) -> Tool | None:
        """The tool ``name`` in ``domain``; without a domain, only a name that is unique."""
        if domain is not None and domain in self.by_domain:
            return self.by_domain[domain].get(name)
        found = self._by_name.get(name)
        return found[0] if found and len(found) == 1 else None

    def ambiguous(self, name: str) -> list[str]:
        """The domains that share ``name``, when there are several."""
        found = self._by_name.get(name, [])
        return sorted(t.domain for t in found) if len(found) > 1 else []

    def all(self) -> list[Tool]:
        return [t for domain in sorted(self.by_domain) for t in
                sorted(self.by_domain[domain].values(), key=lambda t: t.name)]

    def names(self) -> list[str]:
        return sorted(self._by_name)

    def has(self, name: str) -> bool:
        """Whether any domain has a tool called ``name``."""
        return name in self._by_name

    def domains(self) -> set[str]:
        return set(self.by_domain)

    def __len__(self) -> int:
        return sum(len(d) for d in self.by_domain.values())


def _template_names(path: str, where: str) -> tuple[str, ...]:
    try:
        parsed = list(string.Formatter().parse(path))
    except ValueError as e:
        raise ConfigError(f"{where}: path {path!r} is not a valid template: {e}") from e
    names = []
    for _, field, spec, conv in parsed:
        if field is None:
            continue
        if not field.isidentifier() or spec or conv:
            raise ConfigError(f"{where}: path placeholder {{{field}}} must be a plain argument name")
        names.append(field)
    return tuple(names)


def load_catalog(path: Path) -> list[Tool]:
    """Load one catalog file and the schemas it names; any problem is a ``ConfigError``."""
    doc = load_yaml(path)
    spec = validate_doc(CatalogFile, doc)
    tools = []
    for name, tool in spec.tools.items():
        where = doc.where(("tools", name))
        if tool.schema_file is None:  # discovered later (an MCP upstream); any object till then
            open_schema = {"type": "object", DISCOVER: True}
            tools.append(Tool(name, spec.domain, tool.kind, spec.upstream, open_schema,
                              ArgumentValidator.compile(name, open_schema),
                              Binding(tool.method, tool.path, (), ()), tool.description,
                              currency=spec.currency))
            continue
        schema_path = (path.parent / tool.schema_file).resolve()
        try:
            schema = json_loads(schema_path.read_bytes())
        except OSError as e:
            raise ConfigError(f"{where}: cannot read schema {schema_path}: {e.strerror}") from e
        except orjson.JSONDecodeError as e:
            raise ConfigError(f"{schema_path}: not valid JSON: {e}") from e
        if not isinstance(schema, dict) or schema.get("type") != "object":
            raise ConfigError(f"{schema_path}: a tool's schema must be an object schema")
        schema = anchored(schema)
        try:
            validator = ArgumentValidator.compile(name, schema)
        except jsonschema.SchemaError as e:
            raise ConfigError(f"{schema_path}: not a valid JSON Schema: {e.message}") from e
        props = set(schema.get("properties", {}))
        required = set(schema.get("required", []))
        path_args = _template_names(tool.path, where)
        for arg in path_args:
            if arg not in required:
                raise ConfigError(
                    f"{where}: path argument {arg!r} must be a required property of {schema_path}"
                )
        for arg in tool.query:
            if arg not in props:
                raise ConfigError(f"{where}: query argument {arg!r} is not in {schema_path}")
        # the template percent-encoded once (a space or a letter outside ASCII in it is sent
        # encoded; "{name}" placeholders and escapes already there stay)
        binding = Binding(tool.method, quote(tool.path, safe="/{}%:@!$&'()*+,;=~"), path_args,
                          tool.query)
        description = tool.description or str(schema.get("description", ""))
        tools.append(
            Tool(name, spec.domain, tool.kind, spec.upstream, schema, validator, binding, description,
                 tool.payment, spec.currency)
        )
    return tools
