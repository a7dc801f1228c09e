"""Decision cost: the retail pack on a write, as a session grows, next to the OPA backend.

    .venv/bin/python bench/decide.py

Builds sessions of 10 to 10,000 prior calls (reads, writes and messages, as a long conversation
would have), then times `decide` for a confirmed cancellation at the end, again and again (what
is read once per user turn or per yes is then read), and for the first check of each of 2,000
new yeses (a proposal and a "yes please" before each decision). Also times the same decision
through a `rego` rule against the OPA-compatible server (regorus over HTTP on loopback) and
regorus evaluating in-process, all in this one process. The garbage collector runs as `callgate
serve` sets it (`tune_gc`).
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from aiohttp import web

from proxy.cli import tune_gc
from proxy.demo.opa import build_opa_app
from proxy.policy import CallInput, decide
from proxy.policy.loader import load_policy
from proxy.policy.opa import OpaBackend, input_document
from proxy.session import CallRecord, Environment, Message, Outcome, Role, SessionState

ROOT = Path(__file__).resolve().parent.parent
USER = "ava_garcia_1000"


def order(i: int, status: str = "pending") -> dict[str, object]:
    return {"order_id": f"#W{1000000 + i}", "user_id": USER, "status": status,
            "items": [{"name": "Laptop", "item_id": f"{i:010d}", "price": 1200}],
            "payment_history": [{"transaction_type": "payment", "amount": 1200,
                                 "payment_method_id": "credit_card_1111111"}]}


def session_of(prior: int) -> SessionState:
    s = SessionState("s", Environment.LIVE, {}, {"domain": "retail"}, "t")
    seq = 0

    def add(tool: str, kind: str, args: dict[str, object], result: object) -> None:
        nonlocal seq
        seq += 1
        s.add_call(CallRecord(call_id=f"c{seq}", session_id="s", seq=seq, tool=tool, kind=kind,
                              arguments=args, decision_id="d", verdict="allow", rules=[],
                              policy_version="v", outcome=Outcome.EXECUTED, started_at="t",
                              result=result))

    add("find_user_id_by_email", "read", {"email": "ava@example.com"}, USER)
    add("get_user_details", "read", {"user_id": USER}, {"user_id": USER, "payment_methods": {
        "credit_card_1111111": {"source": "credit_card", "brand": "visa", "last_four": "4321",
                                "id": "credit_card_1111111"}}})
    for i in range(prior):
        if i % 3 == 0:
            seq += 1
            s.add_message(Message(seq, Role.USER if i % 2 else Role.ASSISTANT,
                                  f"message {i} about order #W{1000000 + i}", "t"))
        elif i % 3 == 1:
            add("get_order_details", "read", {"order_id": f"#W{1000000 + i}"}, order(i))
        else:
            add("modify_pending_order_address", "write",
                {"order_id": f"#W{1000000 + i - 1}", "address1": "1 Elm", "address2": "",
                 "city": "Austin", "state": "TX", "country": "USA", "zip": "78701"},
                order(i - 1))
    add("get_order_details", "read", {"order_id": "#W9999999"}, {**order(0),
                                                                  "order_id": "#W9999999"})
    seq += 1
    s.add_message(Message(seq, Role.ASSISTANT, "I can cancel order #W9999999 (reason: ordered by "
                          "mistake), refund to your Visa ending in 4321. Shall I?", "t"))
    seq += 1
    s.add_message(Message(seq, Role.USER, "yes please", "t"))
    return s


async def timed(fn: object, n: int) -> list[float]:
    out = []
    for _ in range(n):
        t = time.perf_counter()
        await fn()  # type: ignore[operator]
        out.append((time.perf_counter() - t) * 1e6)
    return out


def row(label: str, us: list[float]) -> None:
    q = statistics.quantiles(us, n=100)
    print(f"{label:44} p50 {statistics.median(us):9.1f} us   p99 {q[98]:9.1f} us")


REGO = """package callgate.retail

import rego.v1

deny contains msg if {
    input.tool.name == "cancel_pending_order"
    some order in input.facts.get_order_details
    order.arguments.order_id == input.arguments.order_id
    order.result.status != "pending"
    msg := "not pending"
}
"""


async def main() -> None:
    policy = load_policy(ROOT / "policies" / "retail")
    assert policy.catalog is not None
    tool = policy.catalog.get("cancel_pending_order")
    assert tool is not None
    args = {"order_id": "#W9999999", "reason": "ordered by mistake"}
    tune_gc()  # (as callgate serve runs: young collections every 50,000 allocations)
    print(f"retail pack: {len(policy.rules)} rules, "
          f"{len(policy.rules_for(tool))} apply to cancel_pending_order\n")
    for prior in (10, 100, 1_000, 10_000):
        session = session_of(prior)
        call = CallInput(tool, args, session)
        first = await decide(policy, call, "d")
        assert first.verdict.value == "allow", first.violations
        row(f"built-in rules, {prior:>6} prior events", await timed(
            lambda call=call: decide(policy, CallInput(tool, args, call.session), "d"), 2000))
    # The first check of each yes: a new proposal and yes before every decision, so nothing
    # read from that yes (the proposal's texts, what it leaves out) is kept from the last one.
    session = session_of(1_000)

    async def fresh_yes() -> None:
        n = session.seq
        session.add_message(Message(n + 1, Role.ASSISTANT, "I can cancel order #W9999999 "
                                    "(reason: ordered by mistake), refund to your Visa ending "
                                    "in 4321. Shall I?", "t"))
        session.add_message(Message(n + 2, Role.USER, "yes please", "t"))
        t = time.perf_counter()
        found = await decide(policy, CallInput(tool, args, session), "d")
        fresh.append((time.perf_counter() - t) * 1e6)
        assert found.verdict.value == "allow", found.violations

    fresh: list[float] = []
    await timed(fresh_yes, 2000)
    row("built-in rules, first check of a new yes", fresh)

    # The OPA backend: the same question as one rego rule, over HTTP to a regorus-backed server.
    runner = web.AppRunner(build_opa_app(), access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    with tempfile.TemporaryDirectory() as tmp:
        pack = Path(tmp)
        (pack / "orders.rego").write_text(REGO)
        (pack / "policy.yaml").write_text(
            f"domain: retail\ncatalog: {ROOT}/schemas/retail/catalog.yaml\nrules:\n"
            "  - id: opa\n    kind: rego\n    tools: [cancel_pending_order]\n"
            "    query: callgate/retail/deny\n    module: orders.rego\n"
            "    facts: [get_order_details]\n    timeout_s: 1\n")
        opa = OpaBackend(f"http://127.0.0.1:{port}", 2.0)
        rego_policy = load_policy(pack, opa)
        for name, module in rego_policy.modules:
            await opa.upload(name, module)
        for prior in (10, 1_000):
            call = CallInput(tool, args, session_of(prior))
            row(f"rego rule via OPA API, {prior:>6} prior events",
                await timed(lambda call=call: decide(rego_policy, call, "d"), 300))
        await opa.close()
    await runner.cleanup()

    import orjson
    import regorus

    engine = regorus.Engine()
    engine.add_policy("orders.rego", REGO)
    for prior in (10, 1_000):
        doc = input_document(CallInput(tool, args, session_of(prior)), (), ("get_order_details",))
        data = orjson.dumps(doc).decode()

        async def inproc(data: str = data) -> None:
            engine.set_input_json(data)
            engine.eval_rule("data.callgate.retail.deny")

        row(f"regorus in-process, {prior:>6} prior ({len(data) // 1024} KiB input)",
            await timed(inproc, 500))


if __name__ == "__main__":
    asyncio.run(main())
