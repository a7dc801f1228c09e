"""Argument validation against a tool's JSON Schema, with errors a model can act on.

Validators are compiled once when the catalog loads. The fast path is one ``is_valid`` call;
only a failing call pays for collecting and wording the errors.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import jsonschema
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


@dataclass(frozen=True, slots=True)
class ArgumentValidator:
    """A precompiled validator for one tool's arguments."""

    tool: str
    validator: Any

    @classmethod
    def compile(cls, tool: str, schema: dict[str, Any]) -> ArgumentValidator:
        """Check the schema itself and compile it; raises ``SchemaError`` if it is not valid."""
        cls_ = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
        cls_.check_schema(schema)
        return cls(tool, cls_(schema))

    def errors(self, arguments: dict[str, Any]) -> list[dict[str, str]]:
        """The problems with ``arguments`` as ``{pointer, message}``, empty when valid."""
        if self.validator.is_valid(arguments):
            return []
        found = sorted(self.validator.iter_errors(arguments), key=lambda e: list(e.absolute_path))
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
