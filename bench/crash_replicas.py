"""Crash test of the human gate across replicas: two callgate processes on one PostgreSQL schema
behind HAProxy (deploy/haproxy/run.sh); a random replica is killed with SIGKILL while
approvals and their deliveries are in flight, and restarted while the other one serves.

    .venv/bin/python -m bench.crash_replicas [--kills 200] [--tickets 4] [--replicas 2] [--seed 1]

Every request goes through the balancer. Each round holds a few writes as tickets (one of them
sent twice: the second must join the first ticket, whichever replica takes it), approves them
over the operator API, kills a random live replica after a random delay (0-100 ms; the
upstream takes 20 ms per write) and starts it again in the background. A replica killed
mid-delivery leaves its outbox row leased; the survivor takes it over when the lease runs out
(``gate.outbox_lease_s``, 2 s here) and sends it again with the same Idempotency-Key. The demo
upstream (never killed) logs every write it executes by key. At the end:

- approved writes lost: tickets approved (per the audit log) that never executed upstream;
- executed twice: Idempotency-Keys the upstream executed more than once;
- executed without approval: upstream writes whose ticket has no approval in the audit log;
- executed but not recorded: executed upstream, but the ticket does not say executed;
- duplicate holds split: a call sent twice that opened two tickets;
- the audit chain, checked by ``callgate audit verify`` on the PostgreSQL store.

Exit 1 if any count is not 0 or the chain is broken. Needs PostgreSQL on 127.0.0.1:5432 and
HAProxy (Debian's package).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import secrets
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import aiohttp
import asyncpg
import orjson
import pyotp

from bench.crash_gate import (
    CALLGATE,
    PASSWORD,
    POLICY,
    ROOT,
    Proxy,
    approve,
    free_port,
    ready,
    start_upstream,
)

DSN = os.environ.get("CALLGATE_TEST_DSN", "postgresql://postgres@127.0.0.1:5432/postgres")


class Balancer:
    """deploy/haproxy/run.sh in front of the replicas, as a user would run it."""

    def __init__(self, port: int, replicas: list[int]) -> None:
        self.port = port
        self.proc = subprocess.Popen(
            ["/bin/bash", str(ROOT / "deploy" / "haproxy" / "run.sh"), str(port),
             *(f"127.0.0.1:{p}" for p in replicas)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)

    async def ready(self) -> None:
        await ready(self.port, self.proc, "the balancer (is haproxy installed?)")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, 9)


async def run(kills: int, per_round: int, replicas: int, seed: int, quiet: bool
              ) -> dict[str, Any]:
    rng = random.Random(seed)
    tmp = Path(tempfile.mkdtemp(prefix="callgate-replicas-"))
    (tmp / "policy").mkdir()
    (tmp / "policy" / "policy.yaml").write_text(POLICY.format(root=ROOT))
    schema = "crash_" + secrets.token_hex(5)
    up_port, lb_port = free_port(), free_port()
    ports = [free_port() for _ in range(replicas)]
    configs = []
    for i, port in enumerate(ports):
        config = tmp / f"replica-{i}.yaml"
        config.write_text(
            f"listen: {{port: {port}}}\n"
            f"store: {{backend: postgres, dsn: '{DSN}', schema: {schema}}}\n"
            f"trace: {{path: {tmp / f'traces-{i}.jsonl'}}}\n"
            f"upstreams: {{retail: {{base_url: 'http://127.0.0.1:{up_port}', "
            "idempotent: true}}\n"
            "timeouts: {upstream_total_s: 1.5}\n"
            "gate: {outbox_lease_s: 2.0, sweep_s: 0.2}\n"
            f"catalogs: ['{ROOT / 'schemas/retail/catalog.yaml'}']\n"
            f"policy: {{dirs: ['{tmp / 'policy'}'], reload_s: 0}}\n")
        configs.append(config)
    env, upstream, secret = start_upstream(configs[0], up_port)  # the operator: in PostgreSQL
    procs = [Proxy(c, p, env) for c, p in zip(configs, ports, strict=True)]
    restarts: dict[int, asyncio.Task[None]] = {}
    lb: Balancer | None = None
    base = f"http://127.0.0.1:{lb_port}"
    done_kills = approve_ok = approve_cut = held = holds_split = rounds = 0
    try:
        await asyncio.gather(*(p.start() for p in procs))
        lb = Balancer(lb_port, ports)
        await lb.ready()
        async with aiohttp.ClientSession() as http:
            async with http.post(f"{base}/v1/operator/login", json={
                    "username": "ada", "password": PASSWORD,
                    "totp": pyotp.TOTP(secret).now()}) as r:
                assert r.status == 200, await r.text()
                token = (await r.json())["token"]  # in the store: valid on every replica
            headers = {"Authorization": f"Bearer {token}"}
            from proxy.demo.data import generate

            users = list(generate(7).users)

            async def post(path: str, body: Any, hdrs: dict[str, str] | None = None
                           ) -> tuple[int, Any]:
                for _ in range(20):  # a replica that died under the balancer: try again
                    try:
                        async with http.post(base + path, json=body, headers=hdrs) as r:
                            if r.status in (502, 503):
                                await asyncio.sleep(0.05)
                                continue
                            return r.status, await r.json()
                    except aiohttp.ClientError:
                        await asyncio.sleep(0.05)
                raise RuntimeError(f"{path}: no replica answered")

            while done_kills < kills:
                rounds += 1
                status, body = await post("/v1/sessions", {"tags": {"round": rounds}})
                assert status == 201, body
                sid = body["session_id"]
                tickets = []
                for i in range(per_round):
                    args = {"user_id": rng.choice(users),
                            "address1": f"{rounds} Crash Lane {i} {secrets.token_hex(3)}",
                            "address2": "", "city": "Austin", "state": "TX", "country": "USA",
                            "zip": "78701"}
                    status, body = await post(f"/v1/sessions/{sid}/calls", {
                        "tool": "modify_user_address", "arguments": args})
                    assert status == 202, body
                    tickets.append(body["ticket"]["ticket_id"])
                    held += 1
                    if i == 0:  # the same call again: it joins the open ticket
                        status, again = await post(f"/v1/sessions/{sid}/calls", {
                            "tool": "modify_user_address", "arguments": args})
                        assert status == 202, again
                        holds_split += again["ticket"]["ticket_id"] != tickets[0]

                jobs = [asyncio.ensure_future(approve(http, base, headers, t)) for t in tickets]
                await asyncio.sleep(rng.uniform(0, 0.1))
                live = [i for i in range(replicas) if i not in restarts]
                if live:
                    victim = rng.choice(live)
                    procs[victim].kill()
                    done_kills += 1
                    restarts[victim] = asyncio.ensure_future(procs[victim].start())
                results = await asyncio.gather(*jobs)
                approve_ok += sum(results)
                approve_cut += len(results) - sum(results)
                for i, task in list(restarts.items()):
                    if task.done():
                        task.result()
                        del restarts[i]
                if len(restarts) == replicas:  # all down at once: wait for one to come back
                    await asyncio.wait(list(restarts.values()),
                                       return_when=asyncio.FIRST_COMPLETED)
                if not quiet and rounds % 20 == 0:
                    print(f"  round {rounds}: {done_kills} kills, {held} held, {approve_ok} "
                          "approvals answered", flush=True)
            await asyncio.gather(*restarts.values())
            restarts.clear()
            conn = await asyncpg.connect(DSN, server_settings={"search_path": schema})
            try:  # the survivors settle what the dead left: wait for the outbox to drain
                deadline = time.monotonic() + 60
                while time.monotonic() < deadline and await conn.fetchval(  # noqa: ASYNC110 - another process's rows
                        "SELECT COUNT(*) FROM outbox WHERE state IN ('pending', 'sending')"):
                    await asyncio.sleep(0.2)
                approved = {r[0] for r in await conn.fetch(
                    "SELECT subject, body FROM audit WHERE action = 'ticket_approve'")
                    if orjson.loads(r[1]).get("status") == "approved"}
                status_of = dict(await conn.fetch("SELECT ticket_id, status FROM tickets"))
                resent = await conn.fetchval("SELECT COUNT(*) FROM outbox WHERE attempts > 1")
                left = await conn.fetchval(
                    "SELECT COUNT(*) FROM outbox WHERE state IN ('pending', 'sending')")
                by_replica = await conn.fetchval("SELECT COUNT(DISTINCT owner) FROM outbox")
            finally:
                await conn.close()
            async with http.get(f"http://127.0.0.1:{up_port}/_admin/writes") as r:
                writes = await r.json()
        for p in procs:
            p.stop()
    finally:
        for p in procs:
            p.kill()
        if lb is not None:
            lb.stop()
        upstream.terminate()
        upstream.wait(10)
    verified = subprocess.run([*CALLGATE, "audit", "verify", "--config", str(configs[0])],
                              env=env, capture_output=True, text=True)
    conn = await asyncpg.connect(DSN)
    try:
        await conn.execute(f'DROP SCHEMA "{schema}" CASCADE')
    finally:
        await conn.close()
    executed = Counter(w["idempotency_key"] for w in writes)
    lost = sorted(t for t in approved if executed[t] == 0
                  and status_of.get(t) != "outcome_unknown")
    twice = sorted(k for k, n in executed.items() if n > 1)
    unapproved = sorted(k for k in executed if k not in approved)
    wrong = sorted(t for t in approved if executed[t] == 1 and status_of.get(t) != "executed")
    return {
        "replicas": replicas, "rounds": rounds, "kills": done_kills, "tickets_held": held,
        "approved": len(approved), "approve_requests_answered": approve_ok,
        "approve_requests_cut_by_a_kill": approve_cut, "upstream_writes": len(writes),
        "outcome_unknown": sum(s == "outcome_unknown" for s in status_of.values()),
        "resent_after_a_crash_same_key": resent, "lease_owners_seen": by_replica,
        "outbox_left_unsent": left, "approved_writes_lost": len(lost),
        "executed_twice": len(twice), "executed_without_approval": len(unapproved),
        "executed_but_not_recorded": len(wrong), "duplicate_holds_split": holds_split,
        "audit_verify": verified.stdout.strip() or verified.stderr.strip(),
        "audit_intact": verified.returncode == 0,
        "examples": {"lost": lost[:5], "twice": twice[:5], "unapproved": unapproved[:5],
                     "not_recorded": wrong[:5]},
    }


BAD = ("approved_writes_lost", "executed_twice", "executed_without_approval",
       "executed_but_not_recorded", "outbox_left_unsent", "duplicate_holds_split")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=200)
    parser.add_argument("--tickets", type=int, default=4, help="tickets approved per round")
    parser.add_argument("--replicas", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    started = time.monotonic()
    result = asyncio.run(run(args.kills, args.tickets, args.replicas, args.seed, quiet=False))
    print(f"\n{result['replicas']} replicas, {result['rounds']} rounds, {result['kills']} "
          f"kill -9s, {time.monotonic() - started:.0f} s")
    for key, value in result.items():
        if key not in ("replicas", "rounds", "kills", "examples"):
            print(f"  {key:34} {value}")
    if any(result[k] for k in BAD) or not result["audit_intact"]:
        print(f"FAILED: {result['examples']}")
        sys.exit(1)
    print("OK: 0 approved writes lost, 0 executed twice, 0 executed without approval, "
          "one ticket per duplicate, audit chain intact")


if __name__ == "__main__":
    main()
