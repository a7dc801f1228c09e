"""The policy modules bind each top-level name once: a pattern added under an older one's name
replaces it silently and changes what the older checks read."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import pytest

MODULES = sorted((Path(__file__).resolve().parents[2] / "proxy" / "policy").glob("*.py"))


@pytest.mark.parametrize("path", MODULES, ids=[p.name for p in MODULES])
def test_each_top_level_name_bound_once(path: Path) -> None:
    names: Counter[str] = Counter()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names[node.target.id] += 1
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names[node.name] += 1
    assert [n for n, k in names.items() if k > 1] == []
