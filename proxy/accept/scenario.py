"""Acceptance scenarios: what a simulated customer wants, knows and says, and the end state
that counts as done.

    id: cancel-by-mistake
    domain: retail
    policy: [../policies/retail]        # relative to this file
    seed: 7                              # the demo database made for each trial (or db: DIR)
    persona: impatient                   # the default; --persona runs others too
    user:
      goal: Cancel your pending order, you ordered it by mistake.
      known: Your email is ava@example.com; the order is #W1000001.
      unknown: You do not know your user id.
      script: ["Hi, please cancel my order #W1000001. ava@example.com", "yes"]  # scripted user
    expected:
      writes:
        - {tool: cancel_pending_order, arguments: {order_id: "#W1000001", reason: ordered by mistake}}

A trial passes when the writes the agent executed are exactly the expected ones (tool and
arguments, in any order) and no write of the agent was refused by policy on the way: reaching
the goal after a refused unconfirmed write is still a failure, as the customer saw the breach.
``from_tau2`` turns tau2-bench tasks into scenarios (their expected write actions).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pydantic

from ..errors import ConfigError
from ..parse import loads as json_loads
from ..report.importers import WRITE_TOOLS
from ..yamlfile import load_yaml, validate_doc


class _Frozen(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(frozen=True, extra="forbid")


class UserSpec(_Frozen):
    goal: str
    known: str = ""
    unknown: str = ""
    script: tuple[str, ...] = ()  # the scripted user's lines, in order


class ExpectedWrite(_Frozen):
    tool: str
    arguments: dict[str, Any] = {}


class Expected(_Frozen):
    writes: tuple[ExpectedWrite, ...] = ()


class Scenario(_Frozen):
    id: str = pydantic.Field(pattern=r"^[A-Za-z0-9_.:/-]+$")
    domain: str = "retail"
    policy: tuple[str, ...] = ()
    seed: int = 7
    db: str | None = None  # a tau-bench retail database directory instead of a generated one
    persona: str = "neutral"
    user: UserSpec
    expected: Expected = Expected()
    base_dir: Path = Path(".")

    def policy_dirs(self) -> list[Path]:
        return [p if p.is_absolute() else self.base_dir / p for p in map(Path, self.policy)]

    def db_dir(self) -> Path | None:
        if self.db is None:
            return None
        path = Path(self.db)
        return path if path.is_absolute() else self.base_dir / path


class ScenarioFile(_Frozen):
    scenarios: tuple[Scenario, ...] = pydantic.Field(min_length=1)


def load_scenarios(paths: list[Path]) -> list[Scenario]:
    """Scenario files (YAML: one scenario, or ``scenarios: [...]``); errors name file and line."""
    out: list[Scenario] = []
    for path in paths:
        doc = load_yaml(path)
        base = str(path.parent.resolve())
        if isinstance(doc.value, dict) and "scenarios" in doc.value:
            for item in doc.value["scenarios"] if isinstance(doc.value["scenarios"], list) else []:
                if isinstance(item, dict):
                    item.setdefault("base_dir", base)
            out.extend(validate_doc(ScenarioFile, doc).scenarios)
            continue
        if isinstance(doc.value, dict):
            doc.value.setdefault("base_dir", base)
        out.append(validate_doc(Scenario, doc))
    ids = [s.id for s in out]
    dupes = sorted({i for i in ids if ids.count(i) > 1})
    if dupes:
        raise ConfigError(f"scenario ids must be unique: {', '.join(dupes)}")
    return out


def from_tau2(path: Path, db: Path, policy: list[Path]) -> list[dict[str, Any]]:
    """tau2-bench tasks as scenario dicts (write them with ``yaml.safe_dump``)."""
    tasks = json_loads(path.read_bytes())
    out = []
    for t in tasks:
        instructions = (t.get("user_scenario") or {}).get("instructions") or {}
        if isinstance(instructions, str):
            instructions = {"reason_for_call": instructions}
        actions = ((t.get("evaluation_criteria") or {}).get("actions")) or []
        domain = instructions.get("domain") or "retail"
        goal = " ".join(x for x in (instructions.get("reason_for_call"),
                                    instructions.get("task_instructions")) if x)
        out.append({
            "id": f"tau2-{domain}-{t['id']}", "domain": domain, "db": str(db),
            "policy": [str(p) for p in policy], "persona": "neutral",
            "user": {"goal": goal or str(t.get("description") or t["id"]),
                     "known": instructions.get("known_info") or "",
                     "unknown": instructions.get("unknown_info") or ""},
            "expected": {"writes": [{"tool": a["name"], "arguments": a.get("arguments") or {}}
                                    for a in actions if a.get("name") in WRITE_TOOLS]},
        })
    return out
