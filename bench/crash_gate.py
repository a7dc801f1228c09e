"""Crash test of the human gate: kill -9 the proxy at random moments while approvals execute.

    .venv/bin/python bench/crash_gate.py [--rounds 200] [--tickets 4] [--seed 1]

Each round holds a few writes as tickets (an agent session, `modify_user_address` calls the
policy routes to review), approves them over the operator API, and kills the proxy process with
SIGKILL after a random delay (0-100 ms; the upstream takes 20 ms per write) while the approvals
and their deliveries are in flight;
then restarts it (recovery runs at start-up). The demo upstream, a separate process that is never
killed, logs every write it executes with its Idempotency-Key. At the end the script checks:

- approved writes lost: approved tickets (per the audit log) that never executed upstream;
- executed twice: Idempotency-Keys the upstream executed more than once;
- executed without approval: upstream writes whose ticket has no approval in the audit log;

and prints what it did. Exit 1 if any count is not 0.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import aiohttp
import pyotp

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.ports import free_port

PASSWORD = "a long crash-test password"  # noqa: S105 - a throwaway operator of the test run
CALLGATE = [sys.executable, "-m", "proxy"]
POLICY = """domain: retail
catalog: {root}/schemas/retail/catalog.yaml
rules:
  - id: review-address-changes
    kind: facts
    route: ticket
    tools: [modify_user_address]
    require:
      - {{left: args.zip, op: eq, right: "never"}}
    message: Address changes are reviewed.
"""


async def ready(port: int, proc: subprocess.Popen[bytes], what: str, within_s: float = 20.0
                ) -> None:
    """Wait until ``GET /readyz`` on ``port`` answers 200, or fail saying what did not come up."""
    deadline = time.monotonic() + within_s
    async with aiohttp.ClientSession() as http:
        while time.monotonic() < deadline:
            try:
                async with http.get(f"http://127.0.0.1:{port}/readyz") as r:
                    if r.status == 200:
                        return
            except aiohttp.ClientError:
                pass
            if proc.poll() is not None:
                raise RuntimeError(f"{what} exited with status {proc.returncode}")
            await asyncio.sleep(0.05)
    raise RuntimeError(f"{what} did not come up")


class Proxy:
    def __init__(self, config: Path, port: int, env: dict[str, str]) -> None:
        self.config, self.port, self.env = config, port, env
        self.proc: subprocess.Popen[bytes] | None = None

    async def start(self) -> None:
        self.proc = subprocess.Popen(
            [*CALLGATE, "serve", "--config", str(self.config), "--log-level", "error"],
            env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        await ready(self.port, self.proc, "the proxy")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(15)


def start_upstream(config: Path, up_port: int
                   ) -> tuple[dict[str, str], subprocess.Popen[bytes], str]:
    """The demo upstream (writes take 20 ms, so kills often land while a delivery is on the
    wire) and the first operator, made with the CLI as a user would: (env, upstream, TOTP
    secret). The environment carries a key for this run's sealed TOTP secrets."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.setdefault("CALLGATE_SECRETS_KEY", base64.urlsafe_b64encode(os.urandom(32)).decode())
    upstream = subprocess.Popen(
        [*CALLGATE, "demo-upstream", "--port", str(up_port), "--write-latency-ms", "20"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    made = subprocess.run(
        [*CALLGATE, "operator", "create", "--config", str(config), "--username", "ada",
         "--role", "approver", "--password", PASSWORD],
        env=env, capture_output=True, text=True, check=True)
    secret = next(line.split(": ")[1] for line in made.stdout.splitlines()
                  if line.startswith("TOTP secret"))
    return env, upstream, secret


async def approve(http: aiohttp.ClientSession, base: str, headers: dict[str, str], tid: str
                  ) -> bool:
    """Approve one ticket; False when the answer never came (the process was killed)."""
    try:
        async with http.post(f"{base}/v1/operator/tickets/{tid}/approve", headers=headers) as r:
            return r.status == 200
    except aiohttp.ClientError:
        return False


async def run(rounds: int, per_round: int, seed: int, quiet: bool) -> dict[str, Any]:
    rng = random.Random(seed)
    tmp = Path(tempfile.mkdtemp(prefix="callgate-crash-"))
    (tmp / "policy").mkdir()
    (tmp / "policy" / "policy.yaml").write_text(POLICY.format(root=ROOT))
    up_port, port = free_port(), free_port()
    config = tmp / "callgate.yaml"
    config.write_text(
        f"listen: {{port: {port}}}\nstore: {{path: {tmp / 'gate.db'}}}\n"
        f"trace: {{path: {tmp / 'traces.jsonl'}}}\n"
        f"upstreams: {{retail: {{base_url: 'http://127.0.0.1:{up_port}', idempotent: true}}}}\n"
        f"catalogs: ['{ROOT / 'schemas/retail/catalog.yaml'}']\n"
        f"policy: {{dirs: ['{tmp / 'policy'}'], reload_s: 0}}\n")
    env, upstream, secret = start_upstream(config, up_port)
    proxy = Proxy(config, port, env)
    base = f"http://127.0.0.1:{port}"
    users: list[str] = []
    kills = approve_ok = approve_lost_in_flight = held = 0
    try:
        await proxy.start()
        async with aiohttp.ClientSession() as http:
            async with http.get(f"http://127.0.0.1:{up_port}/products") as r:
                assert r.status == 200
            async with http.post(f"{base}/v1/operator/login", json={
                    "username": "ada", "password": PASSWORD,
                    "totp": pyotp.TOTP(secret).now()}) as r:
                token = (await r.json())["token"]  # sessions live in the store: kept across kills
            headers = {"Authorization": f"Bearer {token}"}
            from proxy.demo.data import generate

            users = list(generate(7).users)
            for n in range(rounds):
                async with http.post(f"{base}/v1/sessions", json={"tags": {"round": n}}) as r:
                    sid = (await r.json())["session_id"]
                tickets = []
                for i in range(per_round):
                    args = {"user_id": rng.choice(users), "address1": f"{n} Crash Lane {i}",
                            "address2": "", "city": "Austin", "state": "TX", "country": "USA",
                            "zip": "78701"}
                    async with http.post(f"{base}/v1/sessions/{sid}/calls", json={
                            "tool": "modify_user_address", "arguments": args}) as r:
                        body = await r.json()
                        assert r.status == 202, body
                        tickets.append(body["ticket"]["ticket_id"])
                        held += 1

                jobs = [asyncio.ensure_future(approve(http, base, headers, t)) for t in tickets]
                await asyncio.sleep(rng.uniform(0, 0.1))
                proxy.kill()
                kills += 1
                results = await asyncio.gather(*jobs)
                approve_ok += sum(results)
                approve_lost_in_flight += len(results) - sum(results)
                await proxy.start()  # recovery delivers or settles what was interrupted
                if not quiet and (n + 1) % 20 == 0:
                    print(f"  round {n + 1}/{rounds}: {held} held, {approve_ok} approvals "
                          "answered", flush=True)
            await asyncio.sleep(1.0)  # let the last deliveries finish
            async with http.get(f"http://127.0.0.1:{up_port}/_admin/writes") as r:
                writes = await r.json()
        proxy.stop()
    finally:
        proxy.kill()
        upstream.terminate()
        upstream.wait(10)

    db = sqlite3.connect(tmp / "gate.db")
    approved = {row[0] for row in db.execute(
        "SELECT subject FROM audit WHERE action = 'ticket_approve' AND "
        "CAST(body AS TEXT) LIKE '%\"status\":\"approved\"%'")}
    status = dict(db.execute("SELECT ticket_id, status FROM tickets").fetchall())
    executed_keys = Counter(w["idempotency_key"] for w in writes)
    lost = sorted(t for t in approved if executed_keys[t] == 0
                  and status.get(t) != "outcome_unknown")
    twice = sorted(k for k, n in executed_keys.items() if n > 1)
    unapproved = sorted(k for k in executed_keys if k not in approved)
    unknown = sorted(t for t, s in status.items() if s == "outcome_unknown")
    resent = db.execute("SELECT COUNT(*) FROM outbox WHERE attempts > 1").fetchone()[0]
    left_pending = db.execute("SELECT COUNT(*) FROM outbox WHERE state IN ('pending', "
                              "'sending')").fetchone()[0]
    recorded_wrong = sorted(t for t in approved if executed_keys[t] == 1
                            and status.get(t) != "executed")
    from proxy.store.audit import check_db as verify

    _, audit_problems = verify(db)
    return {
        "rounds": rounds, "kills": kills, "tickets_held": held, "approved": len(approved),
        "approve_requests_answered": approve_ok,
        "approve_requests_cut_by_the_kill": approve_lost_in_flight,
        "upstream_writes": len(writes), "outcome_unknown": len(unknown),
        "resent_after_a_crash_same_key": resent, "outbox_left_unsent": left_pending,
        "approved_writes_lost": len(lost), "executed_twice": len(twice),
        "executed_without_approval": len(unapproved),
        "executed_but_not_recorded": len(recorded_wrong),
        "audit_intact": not audit_problems,
        "examples": {"lost": lost[:5], "twice": twice[:5], "unapproved": unapproved[:5]},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--tickets", type=int, default=4, help="tickets approved per round")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    started = time.monotonic()
    result = asyncio.run(run(args.rounds, args.tickets, args.seed, quiet=False))
    print(f"\n{result['rounds']} rounds, {result['kills']} kill -9s, "
          f"{time.monotonic() - started:.0f} s")
    for key, value in result.items():
        if key not in ("rounds", "kills", "examples"):
            print(f"  {key:34} {value}")
    bad = (result["approved_writes_lost"] + result["executed_twice"] + result["outbox_left_unsent"]
           + result["executed_without_approval"] + result["executed_but_not_recorded"])
    if bad or not result["audit_intact"]:
        print(f"FAILED: {result['examples']}")
        sys.exit(1)
    print("OK: 0 approved writes lost, 0 executed twice, 0 executed without approval")


if __name__ == "__main__":
    main()
