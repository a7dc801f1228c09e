"""YAML files read with their line numbers, so every error in a user's file names file and line.

A file is composed into nodes (safe loader, no tags beyond the standard ones), duplicate keys are
refused, and each value's location is kept by its path (``("tools", "cancel", "kind")``). A
pydantic validation error is then reported at the line of the field it is about.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypeVar

import pydantic
import yaml

from .errors import ConfigError

M = TypeVar("M", bound=pydantic.BaseModel)
Loc = tuple[str | int, ...]


class YamlDoc:
    """A loaded YAML document: its plain value and the line (1-based) of every path in it."""

    def __init__(self, path: Path, value: Any, lines: dict[Loc, int]) -> None:
        self.path = path
        self.value = value
        self.lines = lines

    def line_of(self, loc: Sequence[str | int]) -> int:
        """The line of the deepest part of ``loc`` that the file itself holds."""
        parts = tuple(loc)
        while parts:
            if parts in self.lines:
                return self.lines[parts]
            parts = parts[:-1]
        return self.lines.get((), 1)

    def where(self, loc: Sequence[str | int]) -> str:
        return f"{self.path}:{self.line_of(loc)}"


def _construct(node: yaml.Node, loc: Loc, lines: dict[Loc, int], path: Path) -> Any:
    lines[loc] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = _SCALARS.construct_object(key_node)
            if not isinstance(key, str | int):
                raise ConfigError(
                    f"{path}:{key_node.start_mark.line + 1}: a key must be a string, "
                    f"not {type(key).__name__}"
                )
            if key in out:
                raise ConfigError(
                    f"{path}:{key_node.start_mark.line + 1}: duplicate key {key!r}; "
                    "each key may appear once in a mapping"
                )
            out[key] = _construct(value_node, (*loc, key), lines, path)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_construct(v, (*loc, i), lines, path) for i, v in enumerate(node.value)]
    return _SCALARS.construct_object(node)


# A constructor without a stream, used for scalar nodes only; structure is built above.
_SCALARS = yaml.constructor.SafeConstructor()


def load_yaml(path: Path) -> YamlDoc:
    """Read and compose one YAML file; a syntax error becomes a ``ConfigError`` with its line."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise ConfigError(f"{path}: cannot read the file: {e.strerror}") from e
    except UnicodeDecodeError as e:
        raise ConfigError(f"{path}: the file is not UTF-8 text") from e
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as e:
        line = e.problem_mark.line + 1 if e.problem_mark else 1
        raise ConfigError(f"{path}:{line}: YAML syntax error: {e.problem}") from e
    except yaml.YAMLError as e:
        raise ConfigError(f"{path}: YAML error: {e}") from e
    if node is None:
        return YamlDoc(path, None, {(): 1})
    lines: dict[Loc, int] = {}
    value = _construct(node, (), lines, path)
    return YamlDoc(path, value, lines)


def format_validation_error(doc: YamlDoc, err: pydantic.ValidationError) -> str:
    """One line per problem: ``file:line: field.path: message``."""
    out = []
    problems = err.errors()
    for problem in problems:
        loc = tuple(p for p in problem["loc"] if isinstance(p, str | int))
        if problem["type"] == "too_short" and any(
                len(other["loc"]) > len(problem["loc"])
                and tuple(other["loc"][:len(problem["loc"])]) == tuple(problem["loc"])
                for other in problems):
            continue  # (the list is short only because a member of it failed: said above)
        field = ".".join(str(p) for p in loc) or "(top level)"
        msg = problem["msg"]
        if problem["type"] == "extra_forbidden":
            msg = "unknown field; check its spelling against the reference in the docs"
        elif problem["type"] == "missing":
            msg = "required field is missing"
        out.append(f"{doc.where(loc)}: {field}: {msg}")
    return "\n".join(out)


def validate_doc(model: type[M], doc: YamlDoc, context: dict[str, Any] | None = None) -> M:
    """Validate a loaded document into ``model``, reporting errors at file and line."""
    try:
        return model.model_validate(doc.value if doc.value is not None else {}, context=context)
    except pydantic.ValidationError as e:
        raise ConfigError(format_validation_error(doc, e)) from e
