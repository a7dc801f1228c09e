"""The gate: tickets for held calls, the outbox that executes approvals exactly once, webhooks.

Every change is one store transaction with its history event and its audit entry. Approval
writes the ticket's new status and an outbox row together; the outbox then delivers the call
with ``Idempotency-Key: <ticket id>``:

    pending ──claim (lease)──▶ sending ──2xx──▶ done (ticket executed)
                                 ├──4xx──▶ done (ticket failed)
                                 ├──connect refused (nothing sent)──▶ pending, tried again later
                                 └──timeout / dropped──▶ unknown (ticket outcome_unknown)

The gate speaks to the store only through its interface (``write``, ``fetch``, ``lock``), so it
runs the same on SQLite and on PostgreSQL with several replicas. A claim is a guarded update:
of all replicas, one wins. The claimant holds a lease (``gate.outbox_lease_s``); a replica that
dies mid-delivery stops renewing nothing and its lease runs out, and then any replica's sweep
takes the row over: it sends again with the same key when the upstream honours idempotency keys
(``upstreams.X.idempotent``), so the action executes once; otherwise the ticket becomes outcome
unknown for a human to check. Nothing is retried after a timeout. A ticket's life-cycle changes
hold a store lock (an advisory lock on PostgreSQL), so two replicas never interleave them.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import aiohttp
import orjson
import structlog

from ..catalog import Catalog
from ..errors import (
    RequestError,
    StoreConflict,
    UpstreamError,
    UpstreamNotSent,
    UpstreamRejected,
    UpstreamUnavailable,
)
from ..ids import new_id
from ..parse import loads as json_loads
from ..policy.decision import Decision
from ..session import CallRecord, Environment, Outcome, canonical_json
from ..store.statements import Statement, audit_entry
from ..trace import Tracer, TraceRecord, now_iso
from ..upstream import Upstreams
from .tickets import UNDECIDED, Action, State, Status, TicketConflict, step

if TYPE_CHECKING:
    from ..config import Config
    from ..store import Store
    from ..store.cache import SessionCache

log = structlog.get_logger("callgate.gate")
OUTCOME_POLL_S = 0.1  # how often outcome() asks the store about a delivery another replica makes


class UnknownTicket(RequestError):
    code = "unknown_ticket"
    status = 404
    agent_message = "There is no such ticket."


TICKET_COLUMNS = ("ticket_id", "session_id", "call_id", "tool", "domain", "environment",
                  "arguments", "args_hash", "decision", "policy_version", "status", "priority",
                  "owner", "requester", "four_eyes", "approvals", "created_at", "updated_at",
                  "expires_at", "result", "upstream_status", "rehearsal")
# rehearsal (the sandbox's run of the call) and result (the live execution) side by side
JSON_COLUMNS = {"arguments", "decision", "approvals", "result", "rehearsal"}
SELECT_TICKET = f"SELECT {', '.join(TICKET_COLUMNS)} FROM tickets WHERE ticket_id = ?"  # noqa: S608 - fixed column names


def _ticket(row: tuple[Any, ...]) -> dict[str, Any]:
    return {k: (json_loads(v) if k in JSON_COLUMNS and v is not None else v)
            for k, v in zip(TICKET_COLUMNS, row, strict=True)}


class Gate:
    def __init__(self, config: Config, store: Store, upstreams: Upstreams,
                 catalog: Catalog, sessions: SessionCache, webhook_secret: str | None) -> None:
        self.config = config
        self.store = store
        self.upstreams = upstreams
        self.catalog = catalog
        self.sessions = sessions
        self.webhook_secret = webhook_secret
        self._tasks: set[asyncio.Future[Any]] = set()
        self._deliveries: dict[str, asyncio.Future[Any]] = {}  # ticket id -> its delivery here
        self._http: aiohttp.ClientSession | None = None
        self.delivered = 0  # outbox deliveries this process made (for tests and metrics)
        self.clock: Callable[[], float] = time.time  # tests drive it (expiry, leases)
        self.replica = new_id("rp")  # this process, as the owner of the leases it takes
        self.lease_s = config.gate.outbox_lease_s or config.timeouts.upstream_total_s + 5.0
        self.stats: dict[str, Any] = {}  # ticket and outbox counts for /metrics (refresh_stats)
        self.tracer: Tracer | None = None  # ticket status changes as trace events, when set
        # per domain: the reads that tell who the customer is (the loaded policy's identity)
        self.identity_sources: Callable[[str], tuple[tuple[str, str | None], ...]] = \
            lambda domain: ()

    # ---- reading ----------------------------------------------------------------------------

    async def get(self, ticket_id: str) -> dict[str, Any]:
        row = await self.store.fetchone(SELECT_TICKET, (ticket_id,))
        if row is None:
            raise UnknownTicket(f"no ticket {ticket_id!r}")
        return _ticket(row)

    async def events(self, ticket_id: str, internal: bool) -> list[dict[str, Any]]:
        rows = await self.store.fetch(
            "SELECT seq, ts, actor, kind, body FROM ticket_events WHERE ticket_id = ? "
            "ORDER BY seq", (ticket_id,))
        out = [{"seq": r[0], "ts": r[1], "actor": r[2], "kind": r[3], **json_loads(r[4])}
               for r in rows]
        return out if internal else [e for e in out if e["kind"] != "note"]

    async def inbox(self, operator_id: str, status: str | None = None, mine: bool = False,
                    limit: int = 100, *, domain: str | None = None, owner: str | None = None,
                    priority: int | None = None, unread: bool = False, sort: str = "urgent"
                    ) -> list[dict[str, Any]]:
        """Tickets for one operator's inbox, with that operator's read state. ``status``: one,
        or "active" (open, assigned, approved, outcome unknown); ``owner``: an operator id, or
        "none" for unowned; ``sort``: "urgent" (priority, then oldest first) or
        "newest". Archived tickets are left out."""
        sql = (f"SELECT {', '.join('t.' + c for c in TICKET_COLUMNS)}, "  # noqa: S608 - fixed column names
               "COALESCE(r.state, 'unread') FROM tickets t LEFT JOIN ticket_reads r "
               "ON r.ticket_id = t.ticket_id AND r.operator_id = ? WHERE "
               "COALESCE(r.state, 'unread') != 'archived'")
        params: list[Any] = [operator_id]
        for column, value in (("status", status), ("domain", domain), ("priority", priority),
                              ("owner", operator_id if mine else owner)):
            if value is None or value == "":
                continue
            if column == "status" and value == "active":  # what still needs someone
                sql += " AND t.status IN ('open', 'assigned', 'approved', 'outcome_unknown')"
                continue
            if column == "owner" and value == "none":
                sql += " AND t.owner IS NULL"
                continue
            sql += f" AND t.{column} = ?"
            params.append(value)
        if unread:
            sql += " AND COALESCE(r.state, 'unread') = 'unread'"
        sql += (" ORDER BY t.created_at DESC" if sort == "newest"
                else " ORDER BY t.priority, t.created_at")
        sql += " LIMIT ?"
        params.append(limit)
        return [{**_ticket(r[:-1]), "read_state": r[-1]}
                for r in await self.store.fetch(sql, params)]

    async def counts(self) -> dict[str, int]:
        """How many tickets are in each status."""
        return {str(k): int(v) for k, v in await self.store.fetch(
            "SELECT status, COUNT(*) FROM tickets GROUP BY status")}

    async def transcript(self, t: dict[str, Any]) -> list[dict[str, Any]]:
        """The held call's session, its conversation and calls in order, up to and with the
        held call: what the agent had seen and done when it made it."""
        params = (t["session_id"], t["call_id"])
        # all of it when the held call was never recorded (its record failed after the hold)
        upto = "seq <= COALESCE((SELECT seq FROM calls WHERE call_id = ?), 9223372036854775807)"
        messages = await self.store.fetch(
            f"SELECT seq, role, content, ts FROM messages WHERE session_id = ? AND {upto} "  # noqa: S608 - fixed text
            "ORDER BY seq", params)
        calls = await self.store.fetch(
            "SELECT seq, call_id, tool, kind, arguments, verdict, outcome, result, error_code, "  # noqa: S608 - fixed text
            f"started_at FROM calls WHERE session_id = ? AND {upto} ORDER BY seq", params)
        out = [{"seq": m[0], "type": "message", "role": m[1], "content": m[2], "ts": m[3]}
               for m in messages]
        out += [{"seq": c[0], "type": "call", "call_id": c[1], "tool": c[2], "kind": c[3],
                 "arguments": json_loads(c[4]), "verdict": c[5], "outcome": c[6],
                 "result": None if c[7] is None else json_loads(c[7]), "error_code": c[8],
                 "ts": c[9]} for c in calls]
        return sorted(out, key=lambda e: e["seq"])

    async def pending_arguments(self, tools: list[str], domain: str) -> list[dict[str, Any]]:
        """The arguments of held calls of these tools not yet settled (open, assigned, approved
        or being delivered): what approvals already in the queue would do."""
        marks = ", ".join("?" for _ in tools)
        rows = await self.store.fetch(
            f"SELECT arguments FROM tickets WHERE domain = ? AND tool IN ({marks}) AND "  # noqa: S608 - placeholders only
            "status IN ('open', 'assigned', 'approved')", (domain, *tools))
        return [json_loads(r[0]) for r in rows]

    async def refresh_stats(self) -> None:
        """Counts for /metrics, read at scrape time (indexed, cheap)."""
        by_status = dict(await self.store.fetch(
            "SELECT status, COUNT(*) FROM tickets GROUP BY status"))
        oldest = await self.store.fetchone(
            "SELECT MIN(created_at) FROM tickets WHERE status IN ('open', 'assigned')")
        backlog = await self.store.fetchone(
            "SELECT COUNT(*) FROM outbox WHERE state IN ('pending', 'sending')")
        self.stats = {"by_status": by_status,
                      "oldest_open_s": 0.0 if oldest is None or oldest[0] is None
                      else max(0.0, self.clock() - oldest[0]),
                      "backlog": 0 if backlog is None else int(backlog[0])}

    # ---- writing ----------------------------------------------------------------------------

    def _event(self, ticket_id: str, actor: str, kind: str, body: dict[str, Any]) -> Statement:
        return ("INSERT INTO ticket_events (ticket_id, seq, ts, actor, kind, body) VALUES (?, "
                "(SELECT COALESCE(MAX(seq), 0) + 1 FROM ticket_events WHERE ticket_id = ?), ?, ?, "
                "?, ?)", (ticket_id, ticket_id, self.clock(), actor, kind, orjson.dumps(body)))

    def _unread(self, ticket_id: str) -> Statement:
        """A change makes the ticket unread again for every operator who had read it."""
        return ("UPDATE ticket_reads SET state = 'unread' WHERE ticket_id = ? AND state = 'read'",
                (ticket_id,))

    async def create(self, *, session_id: str, call_id: str, tool: str, domain: str,
                     environment: Environment, arguments: dict[str, Any], decision: Decision,
                     requester: str | None, rehearsal: dict[str, Any] | None = None,
                     customer: str | None = None) -> dict[str, Any]:
        """Hold a call: a ticket, its first history event and audit entry, in one transaction.

        Exactly once per action, not per ticket: an identical call (tool, domain, environment,
        canonical arguments) while a ticket for it is still open, assigned or approved joins
        that ticket (an event records the new call) instead of opening a second one, on every
        replica (the check and the insert hold one store lock per action)."""
        args = canonical_json(arguments)
        digest = hashlib.sha256(args).hexdigest()
        async with self.store.lock("create:" + digest):
            now = self.clock()
            row = await self.store.fetchone(
                "SELECT ticket_id FROM tickets WHERE args_hash = ? AND tool = ? AND domain = ? "
                "AND environment = ? AND status IN ('open', 'assigned', 'approved') AND "
                "expires_at > ? ORDER BY created_at LIMIT 1",
                (digest, tool, domain, environment.value, now))
            if row is not None:
                ticket_id = row[0]
                async with self.store.lock("ticket:" + ticket_id):
                    await self.store.write([
                        self._event(ticket_id, "agent", "joined", {
                            "session_id": session_id, "call_id": call_id,
                            "rules": decision.fired}),
                        audit_entry("agent", "ticket_joined", ticket_id, {
                            "session_id": session_id, "call_id": call_id,
                            "args_sha256": digest}),
                    ])
                return await self.get(ticket_id)
            ticket_id = new_id("tk")
            four_eyes = any(v.details.get("four_eyes") for v in decision.violations)
            body = {"verdict": decision.verdict.value, "rules": decision.fired,
                    "messages": [v.message for v in decision.violations],
                    # for the reviewer: each rule's words and the facts it weighed
                    "violations": [{"rule": v.rule, "kind": v.kind, "message": v.message,
                                    "details": v.details} for v in decision.violations],
                    "customer": customer}
            expires = now + self.config.gate.ticket_ttl_s
            await self.store.write([
                ("INSERT INTO tickets (ticket_id, session_id, call_id, tool, domain, environment, "
                 "arguments, args_hash, decision, policy_version, status, requester, four_eyes, "
                 "approvals, created_at, updated_at, expires_at, rehearsal) VALUES (?, ?, ?, ?, "
                 "?, ?, ?, ?, ?, ?, 'open', ?, ?, ?, ?, ?, ?, ?)",
                 (ticket_id, session_id, call_id, tool, domain, environment.value, args, digest,
                  orjson.dumps(body, default=str), decision.policy_version, requester,
                  int(four_eyes), b"[]",
                  now, now, expires,
                  None if rehearsal is None else orjson.dumps(rehearsal))),
                self._event(ticket_id, "agent", "status",
                            {"status": "open", "rules": decision.fired}),
                audit_entry("agent", "ticket_created", ticket_id, {
                    "session_id": session_id, "tool": tool, "args_sha256": digest,
                    "rules": decision.fired, "policy_version": decision.policy_version}),
            ])
            return await self.get(ticket_id)

    @staticmethod
    def _state(t: dict[str, Any]) -> State:
        return State(Status(t["status"]), t["expires_at"], bool(t["four_eyes"]), t["requester"],
                     t["owner"], t["priority"], tuple(t["approvals"]))

    async def act(self, ticket_id: str, action: Action, actor: str, *, owner: str | None = None,
                  priority: int | None = None, reason: str = "",
                  extra: list[Statement] | None = None,
                  arguments: dict[str, Any] | None = None) -> dict[str, Any]:
        """Apply one life-cycle action, with its event and audit entry, in one transaction."""
        if action is Action.ASSIGN:
            await self._assignable(owner or actor)
        async with self.store.lock("ticket:" + ticket_id):
            t = await self.get(ticket_id)
            before = self._state(t)
            now = self.clock()
            if action is not Action.EXPIRE and before.status in UNDECIDED \
                    and now >= before.expires_at and action is not Action.REJECT:
                await self._expire(t, now)
                t = await self.get(ticket_id)
            after = step(before, action, actor, now, owner=owner, priority=priority)
            edit_columns = ", arguments = ?, args_hash = ?" if arguments else ""
            statements: list[Statement] = [(
                f"UPDATE tickets SET status = ?, owner = ?, priority = ?, approvals = ?, "  # noqa: S608 - fixed column names
                f"updated_at = ?{edit_columns} WHERE ticket_id = ? AND status = ? AND "
                "updated_at = ?",  # the row as read: a change made elsewhere is never lost
                (after.status.value, after.owner, after.priority,
                 orjson.dumps(list(after.approvals)), now,
                 *((canonical_json(arguments),
                    hashlib.sha256(canonical_json(arguments)).hexdigest()) if arguments else ()),
                 ticket_id, before.status.value, t["updated_at"]), 1)]
            body: dict[str, Any] = {"action": action.value, "status": after.status.value}
            if reason:
                body["reason"] = reason
            if arguments:
                body["arguments"] = arguments
            if after.approvals != before.approvals:
                body["approvals"] = list(after.approvals)
            statements.append(self._event(ticket_id, actor, "status", body))
            statements.append(self._unread(ticket_id))
            statements.append(audit_entry(actor, f"ticket_{action.value}", ticket_id, body))
            if after.status is Status.APPROVED and before.status is not Status.APPROVED:
                statements.append(("INSERT INTO outbox (ticket_id, state, created_at) VALUES "
                                   "(?, 'pending', ?)", (ticket_id, now)))
            statements.extend(extra or [])
            await self.store.write(statements)
        t = await self.get(ticket_id)
        if after.status is not before.status:
            self.notify(t, f"ticket.{after.status.value}")
        if after.status is Status.APPROVED and before.status is not Status.APPROVED:
            delivery = self._deliveries[ticket_id] = self._spawn(self.deliver(ticket_id))
            delivery.add_done_callback(lambda _: self._deliveries.pop(ticket_id, None))
        return t

    async def _assignable(self, operator_id: str) -> None:
        """A ticket's owner is an enabled operator who may decide it (approver or admin)."""
        row = await self.store.fetchone(
            "SELECT role, disabled FROM operators WHERE operator_id = ?", (operator_id,))
        if row is None or row[1] or row[0] not in ("approver", "admin"):
            raise TicketConflict(f"{operator_id!r} is not an operator who can decide tickets "
                                 "(an enabled approver or admin)")

    async def _expire(self, t: dict[str, Any], now: float) -> None:
        await self.store.write([
            ("UPDATE tickets SET status = 'expired', updated_at = ? WHERE ticket_id = ? AND "
             "status IN ('open', 'assigned')", (now, t["ticket_id"]), 1),
            self._event(t["ticket_id"], "system", "status", {"action": "expire",
                                                             "status": "expired"}),
            audit_entry("system", "ticket_expire", t["ticket_id"], {"status": "expired"}),
        ])
        self.notify(await self.get(t["ticket_id"]), "ticket.expired")

    async def expire_due(self) -> int:
        now = self.clock()
        due = await self.store.fetch(
            "SELECT ticket_id FROM tickets WHERE status IN ('open', 'assigned') AND expires_at "
            "<= ?", (now,))
        for (ticket_id,) in due:
            async with self.store.lock("ticket:" + ticket_id):
                t = await self.get(ticket_id)
                if t["status"] in ("open", "assigned"):
                    await self._expire(t, now)
        return len(due)

    async def comment(self, ticket_id: str, actor: str, text: str, internal: bool
                      ) -> dict[str, Any]:
        """A reply (the customer side sees it, and is notified) or an internal note."""
        t = await self.get(ticket_id)
        kind = "note" if internal else "reply"
        async with self.store.lock("ticket:" + ticket_id):  # event numbers stay distinct
            await self.store.write([
                self._event(ticket_id, actor, kind, {"text": text}),
                self._unread(ticket_id),
                audit_entry(actor, f"ticket_{kind}", ticket_id,
                            {"sha256": hashlib.sha256(text.encode()).hexdigest()}),
            ])
        if not internal:
            self.notify(t, "ticket.reply", {"text": text})
        return await self.get(ticket_id)

    async def set_read(self, ticket_id: str, operator_id: str, state: str) -> None:
        await self.get(ticket_id)
        await self.store.write([
            ("INSERT INTO ticket_reads (ticket_id, operator_id, state) VALUES (?, ?, ?) "
             "ON CONFLICT (ticket_id, operator_id) DO UPDATE SET state = excluded.state",
             (ticket_id, operator_id, state)),
            audit_entry(operator_id, f"ticket_{state}", ticket_id, {"read_state": state})])

    # ---- the outbox -------------------------------------------------------------------------

    async def deliver(self, ticket_id: str) -> None:
        """Send one approved ticket's call, once. Safe to call twice, on any replica: the claim
        is a guarded update only one caller wins."""
        try:
            await self.store.write([(
                "UPDATE outbox SET state = 'sending', attempts = attempts + 1, owner = ?, "
                "lease_until = ? WHERE ticket_id = ? AND state = 'pending'",
                (self.replica, self.clock() + self.lease_s, ticket_id), 1)])
        except StoreConflict:
            return  # not pending: delivered, or being delivered by another caller
        await self._send(await self.get(ticket_id))

    async def _send(self, t: dict[str, Any]) -> None:
        ticket_id = t["ticket_id"]
        tool = self.catalog.get(t["tool"], t["domain"])
        if tool is None:
            await self._finish(t, Action.FAILED, "outbox", None, None, "tool no longer exists")
            return
        try:
            result = await self.upstreams.send(tool, t["arguments"], Environment(t["environment"]),
                                               ticket_id)
        except UpstreamRejected as e:
            await self._finish(t, Action.FAILED, "outbox", e.body, e.upstream_status, str(e))
        except UpstreamUnavailable as e:
            if isinstance(e, UpstreamNotSent):
                # Nothing reached the upstream: put it back; the next sweep tries again.
                with contextlib.suppress(StoreConflict):
                    await self.store.write([(
                        "UPDATE outbox SET state = 'pending', owner = NULL, lease_until = NULL "
                        "WHERE ticket_id = ? AND state = 'sending'", (ticket_id,), 1)])
                return
            await self._finish(t, Action.UNKNOWN, "outbox", None, None, str(e))
        except UpstreamError as e:  # a timeout: it may or may not have happened
            await self._finish(t, Action.UNKNOWN, "outbox", None, None, str(e))
        else:
            self.delivered += 1
            await self._finish(t, Action.EXECUTED, "outbox", result.body, result.status, "")

    async def _finish(self, t: dict[str, Any], action: Action, actor: str, result: Any,
                      status: int | None, error: str) -> None:
        outbox_state = "unknown" if action is Action.UNKNOWN else "done"
        before = self._state(t)
        after = step(before, action, actor, self.clock())
        body: dict[str, Any] = {"action": action.value, "status": after.status.value,
                                "upstream_status": status}
        if error:
            body["error"] = error
        try:
            async with self.store.lock("ticket:" + t["ticket_id"]):
                await self.store.write([
                    ("UPDATE tickets SET status = ?, result = ?, upstream_status = ?, updated_at = ? "
                     "WHERE ticket_id = ? AND status = 'approved'",
                     (after.status.value, None if result is None else orjson.dumps(result), status,
                      self.clock(), t["ticket_id"]), 1),
                    ("UPDATE outbox SET state = ? WHERE ticket_id = ? AND state = 'sending'",
                     (outbox_state, t["ticket_id"]), 1),
                    self._event(t["ticket_id"], actor, "status", body),
                    self._unread(t["ticket_id"]),
                    audit_entry(actor, f"ticket_{action.value}", t["ticket_id"], body),
                ])
        except StoreConflict:
            # another replica took this delivery over (our lease ran out) and settled it first;
            # with the same idempotency key the upstream executed it once either way
            log.warning("outbox_settled_elsewhere", ticket_id=t["ticket_id"])
            return
        if action is Action.EXECUTED:
            await self._record_in_session(t, result, status)
        self.notify(await self.get(t["ticket_id"]), f"ticket.{after.status.value}")

    async def _record_in_session(self, t: dict[str, Any], result: Any, status: int | None
                                 ) -> None:
        """The executed write joins the session's history, so later policy sees it."""
        with contextlib.suppress(RequestError):
            async with self.sessions.locked(t["session_id"]) as session:
                record = CallRecord(
                    call_id=t["ticket_id"], session_id=session.session_id,
                    seq=session.next_seq(), tool=t["tool"], kind="write",
                    arguments=t["arguments"], decision_id=t["ticket_id"], verdict="approved",
                    rules=t["decision"]["rules"], policy_version=t["policy_version"],
                    outcome=Outcome.EXECUTED, started_at=now_iso(), result=result,
                    upstream_status=status, finished_at=now_iso())
                await self.store.add_call(record)
                session.add_call(record)

    async def recover(self) -> None:
        """At start-up: deliver what was approved and not yet sent, and settle what this store's
        earlier process left mid-send. SQLite has one process, so every row in ``sending`` is
        orphaned now; on PostgreSQL only rows whose lease ran out are (their replica died)."""
        await self.sweep(orphans=not getattr(self.store, "shared", False))

    async def sweep(self, orphans: bool = False) -> int:
        """Deliver pending approvals (a replica that took the approval may have died before its
        delivery began) and take over deliveries whose lease ran out; how many rows it took."""
        now = self.clock()
        rows = await self.store.fetch(
            "SELECT ticket_id, state, attempts, lease_until FROM outbox WHERE state IN "
            "('pending', 'sending')")
        taken = 0
        for ticket_id, state, attempts, lease_until in rows:
            if state == "pending":
                await self.deliver(ticket_id)
                taken += 1
            elif orphans or lease_until is None or lease_until < now:
                taken += await self._take_over(ticket_id, attempts)
        return taken

    async def _take_over(self, ticket_id: str, attempts: int) -> int:
        try:  # attempts is the row's version: of several replicas sweeping, one wins
            await self.store.write([(
                "UPDATE outbox SET owner = ?, lease_until = ?, attempts = attempts + 1 WHERE "
                "ticket_id = ? AND state = 'sending' AND attempts = ?",
                (self.replica, self.clock() + self.lease_s, ticket_id, attempts), 1)])
        except StoreConflict:
            return 0
        t = await self.get(ticket_id)
        tool = self.catalog.get(t["tool"], t["domain"])
        up = self.config.upstreams.get(tool.upstream) if tool is not None else None
        if up is not None and up.idempotent:
            log.warning("outbox_resend_after_crash", ticket_id=ticket_id)
            await self._send(t)  # same Idempotency-Key: executes at most once upstream
        else:
            await self._finish(t, Action.UNKNOWN, "recovery", None, None,
                               "interrupted while sending; the upstream does not take "
                               "idempotency keys, so a human must check")
        return 1

    # ---- notifications ----------------------------------------------------------------------

    def notify(self, t: dict[str, Any], event: str, extra: dict[str, Any] | None = None) -> None:
        if self.tracer is not None and event.startswith("ticket.") and event != "ticket.reply":
            # the ticket's life in the trace too: reports and case extraction see what the
            # reviewer decided about a held call (matched by its call_id)
            self.tracer.emit(TraceRecord(
                ts=now_iso(), event="ticket", session_id=t["session_id"], call_id=t["call_id"],
                tool=t["tool"], ticket_id=t["ticket_id"], ticket_status=t["status"]))
        if self.config.gate.webhook_url:
            self._spawn(self._webhook(t, event, extra or {}))

    def sign(self, body: bytes) -> str:
        key = (self.webhook_secret or "").encode()
        return "sha256=" + hmac.new(key, body, hashlib.sha256).hexdigest()

    async def _webhook(self, t: dict[str, Any], event: str, extra: dict[str, Any]) -> None:
        url = self.config.gate.webhook_url
        assert url is not None
        delivery = new_id("wh")
        body = orjson.dumps({"event": event, "delivery_id": delivery,
                             "ticket_id": t["ticket_id"], "session_id": t["session_id"],
                             "tool": t["tool"], "status": t["status"],
                             "message": customer_words(t), **extra})
        headers = {"Content-Type": "application/json", "X-Callgate-Event": event,
                   "X-Callgate-Delivery": delivery, "X-Callgate-Signature": self.sign(body)}
        if self._http is None:
            self._http = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=5))
        outcome, attempts, status = "failed", 0, None
        for attempt in range(1, self.config.gate.webhook_attempts + 1):
            attempts = attempt
            try:
                async with self._http.post(url, data=body, headers=headers) as resp:
                    status = resp.status
                    if 200 <= resp.status < 300:
                        outcome = "delivered"
                        break
            except (aiohttp.ClientError, TimeoutError):
                status = None
            await asyncio.sleep(0.2 * 2 ** (attempt - 1))
        async with self.store.lock("ticket:" + t["ticket_id"]):
            await self.store.write([self._event(t["ticket_id"], "system", "notify", {
                "event": event, "delivery_id": delivery, "outcome": outcome,
                "attempts": attempts, "http_status": status})])

    # ---- life ---------------------------------------------------------------------------------

    def _spawn(self, coro: Awaitable[Any]) -> asyncio.Future[Any]:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    async def outcome(self, ticket_id: str, within_s: float) -> dict[str, Any]:
        """The ticket once its delivery has finished, or as it stands after ``within_s``
        (still approved: the delivery goes on, the caller polls). With replicas the delivery
        may be another one's (its sweep can take an approval first): then the store is asked
        again, a few times a second, until the ticket leaves ``approved`` or the time is up."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + within_s
        task = self._deliveries.get(ticket_id)
        if task is not None and within_s > 0:
            with contextlib.suppress(Exception):  # a timeout, or a failure _done logs
                await asyncio.wait_for(asyncio.shield(task), within_s)
        t = await self.get(ticket_id)
        shared = getattr(self.store, "shared", False)  # one process: its own delivery is all
        while shared and t["status"] == Status.APPROVED.value and loop.time() < deadline:
            await asyncio.sleep(min(OUTCOME_POLL_S, max(0.0, deadline - loop.time())))
            t = await self.get(ticket_id)
        return t

    def _done(self, task: asyncio.Future[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("gate_task_failed", error=repr(task.exception()))

    async def drain(self, within_s: float = 10.0) -> None:
        """Wait for deliveries and notifications in flight (tests; graceful shutdown)."""
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(within_s):
                while self._tasks:
                    await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def close(self) -> None:
        await self.drain(5.0)
        for task in list(self._tasks):
            task.cancel()
        if self._http is not None:
            await self._http.close()

    async def run(self) -> None:
        """Background: expire due tickets; deliver approvals no one is delivering."""
        while True:
            try:
                await self.expire_due()
                await self.sweep()
            except Exception as e:  # keep sweeping; a failed pass is logged and retried
                log.error("sweep_failed", error=repr(e))
            await asyncio.sleep(self.config.gate.sweep_s)


def customer_words(t: dict[str, Any]) -> str:
    """What the agent tells the customer about a held call, by status."""
    return {
        "open": "Your request needs a review by a colleague. You will hear back; nothing has "
                "been changed yet.",
        "assigned": "A colleague is reviewing your request; nothing has been changed yet.",
        "approved": "Your request was approved and is being carried out.",
        "executed": "Your request was approved and carried out.",
        "rejected": "Your request was reviewed and could not be approved; nothing was changed.",
        "expired": "Your request was not reviewed in time and was not carried out.",
        "failed": "Your request was approved but could not be carried out; nothing was changed.",
        "outcome_unknown": "Your request was approved; we are confirming whether it went "
                           "through and will follow up.",
    }.get(t["status"], "")


__all__ = ["Gate", "TicketConflict", "UnknownTicket", "customer_words"]
