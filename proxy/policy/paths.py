"""Paths into JSON values, shared by the rules (``fact.items.*.price``) and the confirmation
check's key arguments (``flights.*.flight_number``): compiled once into a getter.

A number indexes a list, ``*`` maps the rest of the path over a list's (or object's) values,
``#`` is the length of what it follows. A path that does not lead anywhere gives ``MISSING``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

MISSING: Any = object()


def path(parts: list[str]) -> Callable[[Any], Any]:
    steps: list[str | int] = [int(p) if p.lstrip("-").isdigit() else p for p in parts]
    if len(steps) == 1 and isinstance(steps[0], str) and steps[0] not in ("#", "*"):
        name = steps[0]  # (an argument's own name: most paths)

        def named(value: Any) -> Any:
            return value.get(name, MISSING) if isinstance(value, dict) else MISSING
        return named
    star = steps.index("*") if "*" in steps else None
    rest = path([str(s) for s in steps[star + 1:]]) if star is not None else None

    def get(value: Any) -> Any:
        for step in steps[:star]:
            if step == "#":
                return len(value) if isinstance(value, list | dict | str) else MISSING
            if isinstance(step, int):
                if not (isinstance(value, list) and -len(value) <= step < len(value)):
                    return MISSING
            elif not (isinstance(value, dict) and step in value):
                return MISSING
            value = value[step]
        if rest is None:
            return value
        items = value.values() if isinstance(value, dict) else value
        if not isinstance(items, list) and not isinstance(value, dict):
            return MISSING
        return [v for v in (rest(i) for i in items) if v is not MISSING]

    return get


_DOTTED: dict[str, Callable[[Any], Any]] = {}


def at(value: Any, dotted: str) -> Any:
    """``value`` at a dotted path (compiled once per path)."""
    get = _DOTTED.get(dotted)
    if get is None:
        get = _DOTTED[dotted] = path(dotted.split("."))
    return get(value)
