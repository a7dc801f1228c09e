"""Argument validation against a tool's JSON Schema, with errors a model can act on.

Validators are compiled once when the catalog loads, by two engines: jsonschema-rs (compiled
Rust) answers the fast path, one ``is_valid`` call; only a failing call pays for collecting the
errors, which jsonschema words (its errors carry the schema, the keyword and the instance). The
catalog anchors every pattern as ``\\A(?:...)\\Z`` (catalog.anchored), Python's spelling of
"the whole string"; jsonschema-rs gets ``^(?:...)$``, the same in ECMA-262's. The engines agree
on every catalog schema (tests/test_validate_engines.py); should they ever not, a call only
jsonschema-rs refuses is refused (fail closed), worded from jsonschema-rs's own error.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import jsonschema
import jsonschema_rs
from jsonschema.exceptions import ValidationError

from .errors import InvalidArguments


def _pointer(path: Any) -> str:
    parts = [str(p).replace("~", "~0").replace("/", "~1") for p in path]
    return "/" + "/".join(parts) if parts else ""


def _word(err: ValidationError) -> tuple[str, str]:
    """(pointer, message) for one schema error, worded for a model rather than a parser."""
    pointer = _pointer(err.absolute_path)
    where = pointer or "the arguments"
    v = err.validator
    if v == "required":
        missing = err.message.split("'")[1] if "'" in err.message else err.message
        return f"{pointer}/{missing}", f"missing required argument {missing!r}"
    if v == "additionalProperties":
        return pointer or "/", f"{err.message}; remove it (no such argument)"
    if v == "enum":
        return pointer, f"{where} must be one of {err.validator_value!r}, got {err.instance!r}"
    hint = err.schema.get("description") if isinstance(err.schema, dict) else None
    hint = f" ({hint})" if hint else ""
    if v == "type":
        return pointer, (
            f"{where} must be of type {err.validator_value!r}, got "
            f"{type(err.instance).__name__} {err.instance!r}{hint}"
        )
    if v == "pattern":
        return pointer, f"{where} is {err.instance!r}, which does not have the expected form{hint}"
    return pointer, f"{where}: {err.message}{hint}"


_PYTHON_ANCHORED = re.compile(r"\\A\(\?:(.*)\)\\Z", re.DOTALL)


def ecma(schema: Any) -> Any:
    """The schema with each ``\\A(?:...)\\Z`` pattern spelt ``^(?:...)$`` (ECMA-262, which
    jsonschema-rs speaks: there ``$`` matches only at the very end)."""
    if isinstance(schema, dict):
        out = {k: ecma(v) for k, v in schema.items()}
        pattern = schema.get("pattern")
        if isinstance(pattern, str) and (m := _PYTHON_ANCHORED.fullmatch(pattern)):
            out["pattern"] = f"^(?:{m.group(1)})$"
        return out
    if isinstance(schema, list):
        return [ecma(v) for v in schema]
    return schema


@dataclass(frozen=True, slots=True)
class ArgumentValidator:
    """A precompiled validator for one tool's arguments."""

    tool: str
    validator: Any  # jsonschema: the reference, and the words of every error
    fast: Any = None  # jsonschema-rs: the verdict of every call

    @classmethod
    def compile(cls, tool: str, schema: dict[str, Any]) -> ArgumentValidator:
        """Check the schema itself and compile it; raises ``SchemaError`` if it is not valid."""
        cls_ = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
        cls_.check_schema(schema)
        draft = {jsonschema.Draft4Validator: jsonschema_rs.Draft4Validator,
                 jsonschema.Draft6Validator: jsonschema_rs.Draft6Validator,
                 jsonschema.Draft7Validator: jsonschema_rs.Draft7Validator,
                 jsonschema.Draft201909Validator: jsonschema_rs.Draft201909Validator,
                 }.get(cls_, jsonschema_rs.Draft202012Validator)
        # formats are annotations, as in jsonschema's default: the two engines read them alike
        return cls(tool, cls_(schema), draft(ecma(schema), validate_formats=False))

    def errors(self, arguments: dict[str, Any]) -> list[dict[str, str]]:
        """The problems with ``arguments`` as ``{pointer, message}``, empty when valid."""
        if self.fast.is_valid(arguments):
            return []
        found = sorted(self.validator.iter_errors(arguments), key=lambda e: list(e.absolute_path))
        if not found:  # only jsonschema-rs objects (see the module's docstring): refused
            return [{"pointer": _pointer(e.instance_path),
                     "message": f"{_pointer(e.instance_path) or 'the arguments'} is "
                                f"{e.instance!r}, which does not have the expected form "
                                f"({e.message})"}
                    for e in list(self.fast.iter_errors(arguments))[:20]]
        out = []
        for err in found[:20]:
            pointer, message = _word(err)
            out.append({"pointer": pointer, "message": message})
        return out


def validate_args(validator: ArgumentValidator, arguments: dict[str, Any]) -> None:
    """Raise ``InvalidArguments`` listing every problem with ``arguments``."""
    problems = validator.errors(arguments)
    if problems:
        summary = "; ".join(p["message"] for p in problems)
        raise InvalidArguments(
            f"arguments for {validator.tool!r} are invalid: {summary}",
            details=[{"code": "schema", **p} for p in problems],
        )
