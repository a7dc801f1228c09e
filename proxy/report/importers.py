"""Importers: tau-bench and tau2-bench trajectory files -> callgate trace records.

Each trajectory becomes one session: ``session_start`` (tags: domain, scenario = task id, trial,
persona; the task's expected actions), its messages and the agent's tool calls in order (a tool's
answer becomes the call's result; an error answer makes the call ``upstream_error``), and
``session_end`` with the reward. The format is detected from the file's shape:

- tau-bench: a JSON list of ``{task_id, trial, reward, info, traj}``, ``traj`` in OpenAI chat form;
- tau2-bench: ``{info, tasks, simulations: [{task_id, trial, reward_info, messages}]}``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import orjson
import pydantic

from ..parse import loads as json_loads
from ..trace import TraceRecord

# Tools that change state, per the tau material; everything else imported is a read.
WRITE_TOOLS = frozenset({
    "cancel_pending_order", "exchange_delivered_order_items", "modify_pending_order_address",
    "modify_pending_order_items", "modify_pending_order_payment", "modify_user_address",
    "return_delivered_order_items", "book_reservation", "cancel_reservation", "send_certificate",
    "update_reservation_baggages", "update_reservation_flights", "update_reservation_passengers",
    "suspend_line", "resume_line", "send_payment_request", "enable_roaming", "disable_roaming",
    "refuel_data",
})
DOMAIN_HINTS = {
    "retail": ("order", "find_user_id_by", "product"),
    "airline": ("reservation", "flight", "airport", "certificate"),
    "telecom": ("customer", "line", "roaming", "bill", "data"),
}


def _domain(tools: list[str], declared: str | None) -> str:
    if declared:
        return declared
    scores = {d: sum(any(h in t for h in hints) for t in tools) for d, hints in DOMAIN_HINTS.items()}
    best = max(scores, key=lambda d: scores[d])
    return best if scores[best] else "unknown"


def _result(content: Any) -> Any:
    if isinstance(content, str):
        text = content.strip()
        if text[:1] in "{[":
            try:
                return json_loads(text)
            except orjson.JSONDecodeError:
                return content
    return content


def _args(raw: Any) -> dict[str, Any]:
    if isinstance(raw, str):
        try:
            raw = json_loads(raw) if raw.strip() else {}
        except orjson.JSONDecodeError:
            return {"_unparsed": raw}
    return raw if isinstance(raw, dict) else {"_value": raw}


class _Session:
    """Builds one session's records in order."""

    def __init__(self, session_id: str, ts: str) -> None:
        self.session_id = session_id
        self.ts = ts
        self.seq = 0
        self.records: list[TraceRecord] = []
        self.tools: list[str] = []

    def message(self, role: str, content: Any) -> None:
        if not isinstance(content, str) or not content.strip():
            return
        self.seq += 1
        self.records.append(TraceRecord(ts=self.ts, event="message", session_id=self.session_id,
                                        seq=self.seq, role=role, content=content))

    def call(self, call_id: str, tool: str, arguments: dict[str, Any]) -> TraceRecord:
        self.seq += 1
        self.tools.append(tool)
        record = TraceRecord(
            ts=self.ts, event="call", session_id=self.session_id, seq=self.seq,
            call_id=call_id, tool=tool, kind="write" if tool in WRITE_TOOLS else "read",
            arguments=arguments, outcome="forwarding",
        )
        self.records.append(record)
        return record

    def answer(self, index: int, content: Any, error: bool) -> None:
        record = self.records[index]
        result = _result(content)
        failed = error or (isinstance(result, str) and result.lower().startswith("error"))
        self.records[index] = record.model_copy(update={
            "result": result, "outcome": "upstream_error" if failed else "executed",
            "error_code": "upstream_rejected" if failed else None,
        })

    def replay(self, messages: list[dict[str, Any]],
               read_call: Callable[[dict[str, Any]], tuple[str, str, Any]],
               answer_key: str) -> None:
        """Messages in order: text, the agent's tool calls, and the answers matched to them by
        id (answers to calls the agent did not make, e.g. the user's own device tools, are
        skipped)."""
        pending: dict[str, int] = {}
        for m in messages:
            role = m.get("role")
            if role in ("user", "assistant"):
                self.message(role, m.get("content"))
            if role == "assistant":
                for tc in m.get("tool_calls") or []:
                    call_id, name, raw = read_call(tc)
                    self.call(call_id, name, _args(raw))
                    pending[call_id] = len(self.records) - 1
            elif role == "tool":
                index = pending.pop(m.get(answer_key, ""), None)
                if index is not None:
                    self.answer(index, m.get("content"), bool(m.get("error")))

    def finish(self, tags: dict[str, Any], expected: list[dict[str, Any]] | None,
               reward: float | None, declared_domain: str | None) -> list[TraceRecord]:
        tags = {**tags, "domain": _domain(self.tools, declared_domain)}
        for i, r in enumerate(self.records):  # a call never answered: outcome unknown
            if r.event == "call" and r.outcome == "forwarding":
                self.records[i] = r.model_copy(update={"outcome": "upstream_error",
                                                       "error_code": "no_answer"})
        start = TraceRecord(ts=self.ts, event="session_start", session_id=self.session_id,
                            environment="live", tags=tags, expected=expected)
        end = TraceRecord(ts=self.ts, event="session_end", session_id=self.session_id,
                          tags=tags, reward=reward,
                          success=None if reward is None else reward >= 1.0 - 1e-9)
        return [start, *self.records, end]


def _openai_call(tc: dict[str, Any]) -> tuple[str, str, Any]:
    fn = tc.get("function", {})
    return tc.get("id", ""), fn.get("name", ""), fn.get("arguments")


def _tau2_call(tc: dict[str, Any]) -> tuple[str, str, Any]:
    return tc.get("id", ""), tc.get("name", ""), tc.get("arguments")


def _file_domain(tools: Iterable[str]) -> str:
    return _domain(list(tools), None)


def _tau_bench(records: list[Any], source: str) -> Iterator[list[TraceRecord]]:
    # tau-bench files do not name their domain: infer it once from every tool the file uses
    domain = _file_domain(
        tc.get("function", {}).get("name", "") for rec in records for m in rec.get("traj") or []
        for tc in (m.get("tool_calls") or []) if isinstance(tc, dict))
    for rec in records:
        task_id, trial = rec.get("task_id"), rec.get("trial", 0)
        session = _Session(f"{source}:{task_id}:{trial}", "1970-01-01T00:00:00Z")
        session.replay(rec.get("traj") or [], _openai_call, "tool_call_id")
        task = (rec.get("info") or {}).get("task") or {}
        expected = [{"name": a.get("name"), "arguments": a.get("kwargs", {})}
                    for a in task.get("actions") or []]
        tags = {"scenario": str(task_id), "trial": trial, "source": source,
                "benchmark": "tau-bench"}
        yield session.finish(tags, expected or None, rec.get("reward"), domain)


def _tau2(data: dict[str, Any], source: str) -> Iterator[list[TraceRecord]]:
    tasks = {str(t.get("id")): t for t in data.get("tasks") or []}
    env = (data.get("info") or {}).get("environment_info") or {}
    declared = env.get("domain_name") or _file_domain(
        tc.get("name", "") for sim in data.get("simulations") or []
        for m in sim.get("messages") or [] for tc in (m.get("tool_calls") or [])
        if isinstance(tc, dict))
    for sim in data.get("simulations") or []:
        task_id = str(sim.get("task_id"))
        trial = sim.get("trial", 0)
        session = _Session(f"{source}:{task_id}:{trial}", "1970-01-01T00:00:00Z")
        session.replay(sim.get("messages") or [], _tau2_call, "id")
        task = tasks.get(task_id, {})
        scenario = task.get("user_scenario") or {}
        criteria = task.get("evaluation_criteria") or {}
        expected = [{"name": a.get("name"), "arguments": a.get("arguments", {})}
                    for a in criteria.get("actions") or []
                    if a.get("requestor", "assistant") == "assistant"]
        tags: dict[str, Any] = {"scenario": task_id, "trial": trial, "source": source,
                                "benchmark": "tau2-bench"}
        if scenario.get("persona"):
            tags["persona"] = " ".join(str(scenario["persona"]).split())[:60]
        reward = (sim.get("reward_info") or {}).get("reward")
        yield session.finish(tags, expected or None, reward, declared)


# The shapes the importers read, checked before anything is built (any other field is left
# as it is): a file of another shape is named with its first fault, not met with a crash.
class _Shape(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(strict=True, extra="allow")


class _OpenAIFunction(_Shape):
    name: str = ""
    arguments: Any = None


class _OpenAICall(_Shape):
    id: str = ""
    function: _OpenAIFunction = _OpenAIFunction()


class _Tau2Call(_Shape):
    id: str = ""
    name: str = ""
    arguments: Any = None


class _Message(_Shape):
    role: str | None = None
    content: Any = None
    error: bool | None = None
    tool_call_id: str | None = None


class _OpenAIMessage(_Message):
    tool_calls: list[_OpenAICall] | None = None


class _Tau2Message(_Message):
    id: str | None = None
    tool_calls: list[_Tau2Call] | None = None


class _TaskInfo(_Shape):
    task: dict[str, Any] | None = None


class _TauBenchRun(_Shape):
    task_id: int | str | None = None
    trial: int = 0
    reward: float | int | None = None
    info: _TaskInfo | dict[str, Any] | None = None
    traj: list[_OpenAIMessage] | None = None


class _RewardInfo(_Shape):
    reward: float | int | None = None


class _Simulation(_Shape):
    task_id: int | str | None = None
    trial: int = 0
    reward_info: _RewardInfo | None = None
    messages: list[_Tau2Message] | None = None


class _Tau2File(_Shape):
    info: dict[str, Any] | None = None
    tasks: list[dict[str, Any]] | None = None
    simulations: list[_Simulation]


_TAU_BENCH = pydantic.TypeAdapter(list[_TauBenchRun])
_TAU2 = pydantic.TypeAdapter(_Tau2File)


def _check_shape(data: Any, kind: str) -> None:
    """Raises ``ValueError`` naming the first place ``data`` is not a ``kind`` file."""
    try:
        (_TAU_BENCH if kind == "tau-bench" else _TAU2).validate_python(data)
    except pydantic.ValidationError as e:
        first = e.errors()[0]
        # (the place by its fields and positions, not the union's member types tried there)
        where = ".".join(str(p) for p in first.get("loc", ())
                         if isinstance(p, int) or p not in _TYPE_NAMES)
        what = first["msg"].split(" or instance of ", 1)[0]
        raise ValueError(f"not a {kind} trajectory file: {where or 'the file'}: {what}") from None


_TYPE_NAMES = frozenset({"int", "float", "str", "bool", "none", "dict[str,any]",
                         "_TaskInfo", "_RewardInfo"})


def detect(data: Any) -> str:
    if isinstance(data, list) and (not data or (isinstance(data[0], dict) and "traj" in data[0])):
        return "tau-bench"
    if isinstance(data, dict) and "simulations" in data:
        return "tau2-bench"
    raise ValueError("not a tau-bench (list of {task_id, trial, reward, traj}) or tau2-bench "
                     "({simulations: [...]}) trajectory file")


def import_file(path: Path) -> Iterator[list[TraceRecord]]:
    """Sessions from one trajectory file, each a list of records in order."""
    try:
        data = json_loads(path.read_bytes())
        kind = detect(data)
        _check_shape(data, kind)
    except ValueError as e:  # (orjson's decode errors are ValueErrors)
        raise ValueError(f"{path}: {e}") from e
    source = path.stem
    if kind == "tau-bench":
        yield from _tau_bench(data, source)
    else:
        yield from _tau2(data, source)
