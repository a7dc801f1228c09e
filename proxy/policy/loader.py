"""Load a policy directory: validate ``policy.yaml`` (file:line errors), compile every rule once,
and version the set by the hash of its files' contents."""

from __future__ import annotations

import dataclasses
import hashlib
from pathlib import Path

from ..catalog import Catalog, Tool, load_catalog
from ..errors import ConfigError
from ..yamlfile import load_yaml, validate_doc
from .engine import CompiledRule, PolicySet
from .model import PolicyFile, RegoRule
from .rules import compile_rule

POLICY_FILE = "policy.yaml"


def policy_files(directory: Path) -> list[Path]:
    """The files whose content makes the policy's version."""
    return sorted(p for p in directory.iterdir() if p.suffix in (".yaml", ".yml", ".rego")
                  and not p.name.startswith("tests"))


def version_of(directory: Path) -> str:
    digest = hashlib.sha256()
    for path in policy_files(directory):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def load_policy_file(directory: Path) -> tuple[PolicyFile, Catalog]:
    path = directory / POLICY_FILE
    if not path.is_file():
        raise ConfigError(f"{directory}: no {POLICY_FILE} here; a policy directory needs one")
    doc = load_yaml(path)
    spec = validate_doc(PolicyFile, doc)
    catalog = Catalog(load_catalog((directory / spec.catalog).resolve()))
    if spec.domain not in catalog.domains():
        # (its rules would apply to no tool: a policy that checks nothing)
        raise ConfigError(f"{doc.where(('domain',))}: domain {spec.domain!r} has no tools in "
                          f"the catalog {spec.catalog} (its domains: "
                          f"{', '.join(sorted(catalog.domains())) or 'none'})")
    for source in spec.identity:
        if catalog.get(source.tool) is None:
            raise ConfigError(f"{doc.where(('identity',))}: unknown identity tool {source.tool!r}")
    seen: set[str] = set()
    for i, rule in enumerate(spec.rules):
        if rule.id in seen:
            raise ConfigError(f"{doc.where(('rules', i, 'id'))}: rule id {rule.id!r} is used "
                              "twice; ids must be unique")
        seen.add(rule.id)
    for i, name in enumerate(spec.fetch):
        tool = catalog.get(name)
        if tool is None or tool.kind.value != "read":
            raise ConfigError(f"{doc.where(('fetch', i))}: {name!r} is not a read tool of the "
                              "catalog; the proxy fetches facts only through reads")
    for i, r in enumerate(spec.refresh):
        for name in (r.fact, *r.by):
            if catalog.get(name) is None:
                raise ConfigError(f"{doc.where(('refresh', i))}: unknown tool {name!r}")
    return spec, catalog


def load_policy(directory: Path, opa: object | None = None) -> PolicySet:
    """Compile a policy directory into a ``PolicySet``; any problem is a ``ConfigError``."""
    directory = directory.resolve()
    spec, catalog = load_policy_file(directory)
    doc = load_yaml(directory / POLICY_FILE)
    compiled: list[CompiledRule] = []
    for i, rule in enumerate(spec.rules):
        where = doc.where(("rules", i))
        shadow = spec.shadow or rule.shadow
        if isinstance(rule, RegoRule):
            from .opa import compile_rego

            rego = compile_rego(rule, catalog, spec, directory, opa, where)
            compiled.append(dataclasses.replace(rego, shadow=shadow))
            continue
        identity = tuple((s.tool, s.argument) for s in spec.identity)
        compiled.append(dataclasses.replace(_scoped(
            compile_rule(rule, catalog, identity, where, spec.refresh, spec.clock,
                         frozenset(spec.fetch)), spec.domain), shadow=shadow))
    policy = PolicySet(compiled, version_of(directory), str(directory), catalog)
    if spec.identity:
        policy.identities = {spec.domain: tuple((s.tool, s.argument) for s in spec.identity)}
    if any(isinstance(r, RegoRule) for r in spec.rules):
        from .opa import rego_modules

        policy.modules = rego_modules(spec, directory)
    return policy


def _scoped(rule: CompiledRule, domain: str) -> CompiledRule:
    """A rule applies only to its own domain's tools, whatever its selector says."""
    inner = rule.applies

    def applies(tool: Tool) -> bool:
        return tool.domain == domain and inner(tool)

    return dataclasses.replace(rule, applies=applies)


def load_policies(directories: list[Path], opa: object | None = None) -> PolicySet:
    return PolicySet.merge([load_policy(d, opa) for d in directories])
