"""``callgate policy eval``: how a policy's verdicts agree with careful human labels of writes.

A label file is JSON lines, one labelled write each:

    {"file": "tau2-gpt-4.1-retail-1trial.json", "session": "12:0", "write": 2,
     "call_id": "call_abc", "tool": "return_delivered_order_items", "label": "confirmed", ...}

``file`` is the trace or trajectory file's name, ``session`` the recorded session (task id and
trial for imported runs: the part of the session id after the file's stem), ``write`` the write's
position among the session's writes (1-based), ``call_id`` a check that the right call is
matched. Either finds the write alone: a line with ``call_id`` and no ``write`` is matched by the
agent's call id. A line with ``"debatable": true`` (careful readers could reasonably disagree) is
reported, not scored. Labels (see shared/labels/GUIDE.md in the steering material): ``confirmed`` and ``plan``
should be allowed by the confirmation rules; ``unconfirmed`` and ``repeat`` should be refused (by
any rule); ``other`` is reported, not scored.

Scores: a confirmed or plan write is a **false refusal** when a confirmation-kind rule fired on it
(whatever else fired: other rules are not this measure's business); an unconfirmed or repeat
write is a **miss** when the policy allowed it. Agreement is the share of scored writes with
neither.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from .catalog import Catalog
from .parse import loads as json_loads
from .policy import PolicySet
from .replay import ReplayedCall, replay_session, sessions_in
from .trace import TraceRecord

UNKNOWN_TOOL = "unknown_tool"  # (the rule a replayed call names when no catalog has its tool)
ALLOW_LABELS = frozenset({"confirmed", "plan"})
REFUSE_LABELS = frozenset({"unconfirmed", "repeat"})
LABELS = ALLOW_LABELS | REFUSE_LABELS | {"other"}


class LabelError(ValueError):
    """A label file that cannot be read: the line and what is wrong."""


@dataclass(frozen=True, slots=True)
class Label:
    file: str
    session: str
    write: int | None  # (None: found by call_id)
    call_id: str
    tool: str
    label: str
    words: str = ""
    why: str = ""
    debatable: bool = False

    @property
    def where(self) -> str:
        at = f"write {self.write}" if self.write is not None else "call"
        return f"{self.file} {self.session} {at} ({self.call_id})"


def load_labels(path: Path) -> list[Label]:
    out: list[Label] = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json_loads(line)
            if not isinstance(row, dict):
                raise TypeError("not an object")
            write = row.get("write")
            label = Label(str(row["file"]), str(row["session"]),
                          None if write is None else int(write),
                          str(row.get("call_id") or ""), str(row.get("tool", "")),
                          str(row["label"]), str(row.get("words", "")), str(row.get("why", "")),
                          _flag(row.get("debatable", False)))
        except (orjson.JSONDecodeError, KeyError, TypeError, ValueError) as e:
            raise LabelError(f"{path}:{n}: not a label line ({e}); each line is a JSON object "
                             "with file, session, write or call_id, and label") from e
        if label.write is None and not label.call_id:
            raise LabelError(f"{path}:{n}: a label needs the write's position (write) or the "
                             "agent's call id (call_id)")
        if label.label not in LABELS:
            raise LabelError(f"{path}:{n}: label {label.label!r} is not one of {sorted(LABELS)}")
        out.append(label)
    return out


def _flag(value: object) -> bool:
    if isinstance(value, bool):
        return value
    raise TypeError(f"debatable is {value!r}, not true or false")


@dataclass
class Judged:
    label: Label
    call: ReplayedCall
    context: list[str]  # the last messages before the call, for a reader
    write: int = 0  # the call's position among the session's writes (1-based)
    call_id: str = ""  # the agent's id of the call

    @property
    def confirmation_fired(self) -> bool:
        return "confirmation" in self.call.kinds

    @property
    def outcome(self) -> str:
        """agree, false_refusal, miss, unscored (an ``other`` or debatable label), or undecided
        (the policy's catalog does not know the call's tool: the policy never judged it)."""
        if UNKNOWN_TOOL in self.call.rules:
            return "undecided"
        if self.label.debatable:
            return "unscored"
        if self.label.label in ALLOW_LABELS:
            return "false_refusal" if self.confirmation_fired else "agree"
        if self.label.label in REFUSE_LABELS:
            return "agree" if self.call.verdict != "allow" else "miss"
        return "unscored"

    def as_json(self) -> dict[str, Any]:
        return {"file": self.label.file, "session": self.label.session,
                "write": self.write, "call_id": self.label.call_id or self.call_id,
                "debatable": self.label.debatable,
                "tool": self.call.tool, "label": self.label.label, "outcome": self.outcome,
                "verdict": self.call.verdict, "rules": self.call.rules,
                "confirmation": [d for d, k in zip(self.call.details, self.call.kinds,
                                                   strict=True) if k == "confirmation"],
                "label_words": self.label.words, "label_why": self.label.why}


@dataclass
class Evaluation:
    judged: list[Judged] = field(default_factory=list)
    unmatched: list[str] = field(default_factory=list)  # labels no replayed write matched

    def counts(self) -> dict[str, dict[str, int]]:
        out: dict[str, Counter[str]] = {}
        for j in self.judged:
            out.setdefault(j.label.label, Counter())[j.outcome] += 1
        return {k: dict(v) for k, v in sorted(out.items())}

    def summary(self) -> dict[str, Any]:
        scored = [j for j in self.judged if j.outcome not in ("unscored", "undecided")]
        agree = sum(j.outcome == "agree" for j in scored)
        allow = [j for j in scored if j.label.label in ALLOW_LABELS]
        refuse = [j for j in scored if j.label.label in REFUSE_LABELS]
        by_label = {name: [j for j in allow if j.label.label == name] for name in ALLOW_LABELS}
        return {
            "labelled": len(self.judged), "scored": len(scored),
            "agreement": round(agree / len(scored), 4) if scored else None,
            "false_refusal_rate": {
                name: round(sum(j.outcome == "false_refusal" for j in js) / len(js), 4)
                for name, js in sorted(by_label.items()) if js},
            "false_refusals": sum(j.outcome == "false_refusal" for j in allow),
            "refused_of_should_refuse": f"{sum(j.outcome == 'agree' for j in refuse)} of "
                                        f"{len(refuse)}",
            "misses": sum(j.outcome == "miss" for j in refuse),
            "per_label": self.counts(),
            "debatable": sum(j.label.debatable for j in self.judged),
            "unmatched_labels": len(self.unmatched),
            "undecided": sum(j.outcome == "undecided" for j in self.judged),
        }

    def undecided_tools(self) -> list[str]:
        """The tools of labelled writes the policy's catalog does not know."""
        return sorted({j.call.tool for j in self.judged if j.outcome == "undecided"})


def _context(records: list[TraceRecord], before: int, limit: int = 4) -> list[str]:
    """The last ``limit`` of the ``before`` messages that preceded a call, as "role: text"."""
    messages = [r for r in records if r.event == "message" and r.role in ("user", "assistant")]
    lines = []
    for r in messages[:before][-limit:]:
        text = " ".join((r.content or "").split())
        lines.append(f"{r.role}: {text[:400]}{'…' if len(text) > 400 else ''}")
    return lines


async def evaluate(traces: Iterable[Path], labels: list[Label], policy: PolicySet,
                   catalog: Catalog) -> Evaluation:
    """Replay every labelled session through ``policy`` and judge each labelled write."""
    wanted: dict[tuple[str, str], list[Label]] = {}
    for lab in labels:
        wanted.setdefault((Path(lab.file).stem, lab.session), []).append(lab)
    result = Evaluation()
    matched: set[int] = set()  # (the ids of the labels that found their write)
    for path in traces:
        stem = path.stem
        for records in sessions_in([path]):
            sid = records[0].session_id if records else ""
            local = sid[len(stem) + 1:] if sid.startswith(stem + ":") else sid
            here = wanted.get((stem, local))
            if not here:
                continue
            calls = await replay_session(records, policy, catalog)
            agent_ids = [r.call_id for r in records if r.event == "call" and r.origin != "proxy"]
            writes = [c for c in calls if c.kind == "write"]
            for n, call in enumerate(writes, 1):
                call_id = agent_ids[call.index] if call.index < len(agent_ids) else ""
                for lab in here:
                    if id(lab) in matched:
                        continue
                    if lab.write is not None and lab.write != n:
                        continue
                    if lab.call_id and lab.call_id != call_id:
                        continue
                    matched.add(id(lab))
                    result.judged.append(Judged(lab, call, _context(records, call.messages_before),
                                                n, call_id or ""))
                    break
    result.unmatched = [lab.where for lab in labels if id(lab) not in matched]
    return result
