"""The ``callgate`` command line."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import fcntl
import gc
import logging
import os
import secrets
import sys
from collections.abc import MutableMapping
from pathlib import Path
from typing import Any

import click
import orjson
import structlog
import yaml
from aiohttp import web

from .. import __version__
from ..api.mcp import available as mcp_available
from ..app import build_app, build_runtime
from ..config import Config, load_config
from ..errors import CallgateError
from ..front import FrontSite
from ..gate.auth import Role
from ..listener import GuardedRunner
from ..pipeline import Runtime
from ..trace import now_iso
from .workers import check_workers, supervise, worker_trace_path


def _resources() -> Path:
    """Where the catalogs and policy packs are: the source tree (a checkout, an editable
    install), or ``<prefix>/share/callgate`` where ``pip install .`` puts them."""
    source = Path(__file__).resolve().parent.parent.parent
    if (source / "schemas" / "retail" / "catalog.yaml").is_file():
        return source
    return Path(sys.prefix) / "share" / "callgate"


ROOT = _resources()


def _timestamp(_: Any, __: str, event: MutableMapping[str, Any]) -> MutableMapping[str, Any]:
    event["timestamp"] = now_iso()  # the date and time formatted once per second
    return event


def configure_logging(level: str = "info") -> None:
    """Operator logs: JSON lines on stderr (traces are separate and go where the config says).
    At the default level the access log writes a line per request: serialised by orjson and
    written as bytes, about half the CPU of the standard library's JSON and print."""
    binary = getattr(sys.stderr, "buffer", None)
    structlog.configure(
        processors=[
            structlog.contextvars.merge_contextvars,
            structlog.processors.add_log_level,
            _timestamp,
            structlog.processors.JSONRenderer(
                serializer=orjson.dumps if binary is not None else _json_text),
        ],
        wrapper_class=structlog.make_filtering_bound_logger(logging.getLevelName(level.upper())),
        logger_factory=(structlog.BytesLoggerFactory(binary) if binary is not None
                        else structlog.PrintLoggerFactory(sys.stderr)),
        cache_logger_on_first_use=True,
    )


def _json_text(value: Any, **options: Any) -> str:
    return orjson.dumps(value, **options).decode()


def new_event_loop() -> asyncio.AbstractEventLoop:
    """uvloop where it is installed (the ``fast`` extra), else the standard loop."""
    try:
        import uvloop
    except ImportError:
        return asyncio.new_event_loop()
    return uvloop.new_event_loop()


def tune_gc() -> None:
    """Fewer, cheaper collections: start-up objects are frozen out of the collector's scans, and
    young collections run less often. Measured with bench/overhead.py: p99 at concurrency 32
    fell from ~100 ms to ~30 ms, the pauses being full collections over session state."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 20)


def _fail(err: CallgateError) -> None:
    click.echo(f"callgate: {err}", err=True)
    sys.exit(2)


@click.group()
@click.version_option(__version__, prog_name="callgate")
def main() -> None:
    """callgate: a proxy between LLM agents and their domain APIs.

    Every tool call is checked against its JSON Schema and the policy before it may reach the
    upstream; every step is traced.
    """


@main.command()
@click.option("--config", "config_path", type=click.Path(exists=True, dir_okay=False,
              path_type=Path), required=True, help="The configuration file (YAML).")
@click.option("--host", help="Listen address (overrides the file).")
@click.option("--port", type=click.IntRange(0, 65535), help="Listen port (overrides the file).")
@click.option("--log-level", default="info", show_default=True,
              type=click.Choice(["debug", "info", "warning", "error"]))
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True,
              help="Proxy processes sharing the port (SO_REUSEPORT). More than one needs the "
                   "PostgreSQL store; each worker writes its own trace file (traces.w1.jsonl...).")
@click.option("--worker", type=int, default=None, hidden=True)  # set by the supervisor
def serve(config_path: Path, host: str | None, port: int | None, log_level: str, workers: int,
          worker: int | None) -> None:
    """Run the proxy in front of the upstreams the configuration names."""
    configure_logging(log_level)
    try:
        config = load_config(config_path)
        check_workers(config, workers)
        if workers > 1 and worker is None:
            sys.exit(supervise([sys.executable, "-m", "proxy", *sys.argv[1:]], workers))
        if worker is not None:
            config = config.model_copy(update={"trace": config.trace.model_copy(
                update={"path": worker_trace_path(config.trace.path, worker)})})
        runtime = build_runtime(config)
    except CallgateError as e:
        _fail(e)
    app = build_app(runtime)
    tune_gc()
    loop = new_event_loop()
    asyncio.set_event_loop(loop)
    runner = guarded_runner(app, config, handle_signals=True)
    where = f"{host or config.listen.host}:{config.listen.port if port is None else port}"
    failed: CallgateError | None = None
    try:
        loop.run_until_complete(runner.setup())
        site = listener_site(runner, runtime, host or config.listen.host,
                             config.listen.port if port is None else port,
                             reuse_port=workers > 1 or None)
        loop.run_until_complete(site.start())
        loop.run_forever()  # until SIGINT or SIGTERM (GracefulExit)
    except (web.GracefulExit, KeyboardInterrupt):
        pass
    except CallgateError as e:  # (the store in use by another process, say)
        failed = e
    except OSError as e:  # (the port taken, an address this machine does not have)
        failed = CallgateError(f"cannot listen on {where}: {e.strerror or e}")
    finally:
        loop.run_until_complete(runner.cleanup())  # in-flight calls finish first
        loop.close()
    if failed is not None:
        _fail(failed)


def listener_site(runner: GuardedRunner, runtime: Runtime, host: str, port: int,
                  reuse_port: bool | None = None) -> web.BaseSite:
    """The proxy's listener: the lean front (proxy/front.py) unless ``listen.front`` is off."""
    if runtime.config.listen.front:
        return FrontSite(runner, runtime, host, port, reuse_port=reuse_port)
    return web.TCPSite(runner, host, port, reuse_port=reuse_port)


def guarded_runner(app: web.Application, config: Config, **kwargs: Any) -> GuardedRunner:
    """The proxy's runner with the listener's limits (proxy/listener.py)."""
    return GuardedRunner(app, max_open=config.listen.max_connections, access_log=None,
                         shutdown_timeout=config.timeouts.shutdown_s,
                         keepalive_timeout=config.listen.idle_timeout_s, **kwargs)


def demo_config(data_dir: Path, port: int, live_url: str, sandbox_url: str) -> Config:
    """The demo's configuration (``write_demo_config`` writes it down once the demo runs)."""
    data_dir.mkdir(parents=True, exist_ok=True)
    return Config.model_validate(demo_raw(data_dir, port, live_url, sandbox_url))


def write_demo_config(config: Config, port: int) -> Path:
    """The running demo's configuration, written to ``callgate.yaml`` beside its store so the
    commands that take ``--config`` (store status, audit verify, operator create) reach it.
    Written only once the demo listens: a second demo that cannot start leaves the running
    one's file as it is. ``port``: the one the proxy listens on (``--port 0``: the system's)."""
    data_dir = Path(config.store.path).parent
    raw = demo_raw(data_dir, port, config.upstreams["retail"].base_url,
                   str(config.upstreams["retail"].sandbox_url))
    path = data_dir / "callgate.yaml"
    path.write_text("# written by `callgate demo` at each start; edits are overwritten\n"
                    + yaml.safe_dump(raw, sort_keys=False))
    return path


def fresh_store(path: Path) -> bool:
    """The demo's upstream data is made anew at each start, so its store starts anew too (a
    store kept from the last run would hold once-only claims and tickets for orders that are
    pending again). Nothing is removed while another demo holds the store: its open then
    refuses with the usual message. Returns whether an old store was removed."""
    lock = path.with_name(path.name + ".lock")
    if not path.exists():
        return False
    fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    try:
        for suffix in ("", "-wal", "-shm", "-records", "-records.refused"):
            with contextlib.suppress(FileNotFoundError):
                path.with_name(path.name + suffix).unlink()
    finally:
        os.close(fd)
    return True


PACKS = ("retail", "payments", "billing", "clinic")  # the demo serves every pack's domain


def _next_port(url: str, by: int) -> str:
    host, _, port = url.rpartition(":")
    return f"{host}:{int(port) + by}"


def demo_raw(data_dir: Path, port: int, live_url: str, sandbox_url: str) -> dict[str, Any]:
    return {
        "listen": {"host": "127.0.0.1", "port": port},
        "store": {"path": str(data_dir / "callgate.db")},
        "trace": {"path": str(data_dir / "traces.jsonl")},
        "upstreams": {"retail": {"base_url": live_url, "sandbox_url": sandbox_url,
                                 "idempotent": True},
                      # the payments pack's service; its sandbox side is callgate's provider
                      "payments": {"base_url": _next_port(sandbox_url, 1), "idempotent": True},
                      "billing": {"base_url": _next_port(sandbox_url, 2), "idempotent": True},
                      "clinic": {"base_url": _next_port(sandbox_url, 3), "idempotent": True}},
        "catalogs": [str(ROOT / "schemas" / pack / "catalog.yaml") for pack in PACKS],
        "policy": {"dirs": [str(ROOT / "policies" / "retail"),
                            str(ROOT / "policies" / "retail-refunds"),
                            *(str(ROOT / "policies" / pack) for pack in PACKS[1:])]},
        "base_dir": str(ROOT),
    }


DEMO_HELP = """\
callgate demo is running.

  proxy             http://127.0.0.1:{port}   (OpenAPI: /openapi.json, tools: /v1/tools)
  retail upstream   {live}   (live)   {sandbox}   (sandbox)
  payments upstream http://127.0.0.1:{pay_port}   (live; rehearsals run on callgate's sandbox provider)
  billing, clinic   http://127.0.0.1:{billing_port}, http://127.0.0.1:{clinic_port}
  policy            retail, retail-refunds, payments, billing, clinic (policies/; version {policy})
  MCP               {mcp}
  traces            {traces}
  store             {store}   (new at each start, like the upstream's data)
  config            {config}   (for callgate store status / audit verify --config)

Try it: a customer ({email}) wants pending order {order} cancelled.

  P=localhost:{port}/v1/sessions
  S=$(curl -s -XPOST $P -d '{{"tags":{{"domain":"retail"}}}}' | python3 -c 'import sys,json;print(json.load(sys.stdin)["session_id"])')
  call() {{ curl -s -w ' -> HTTP %{{http_code}}\\n' -XPOST $P/$S/calls -d "$1"; }}
  say()  {{ curl -s -o /dev/null -XPOST $P/$S/messages -d "{{\\"role\\":\\"$1\\",\\"content\\":\\"$2\\"}}"; }}

  call '{{"tool":"get_order_details","arguments":{{"order_id":"{order}"}}}}'          # 403: authenticate first
  call '{{"tool":"find_user_id_by_email","arguments":{{"email":"{email}"}}}}'
  call '{{"tool":"get_order_details","arguments":{{"order_id":"{order}"}}}}'
  call '{{"tool":"cancel_pending_order","arguments":{{"order_id":"{order}","reason":"ordered by mistake"}}}}'   # 428: ask the user
  say assistant "I can cancel order {order} (reason: ordered by mistake). Shall I go ahead?"
  say user "yes please"
  call '{{"tool":"cancel_pending_order","arguments":{{"order_id":"{order}","reason":"ordered by mistake"}}}}'   # 200
  curl -s -XPOST $P/$S/end -d '{{"success":true}}'

The human gate: returns on orders over $1,000 are held (202, a ticket) for an operator.
{held}{payments}{gate}
Ctrl-C stops everything (in-flight calls finish first).
"""

PAYMENTS_HELP = """  Payments (port {pay_port}; the payments pack): refunds over 100 are rehearsed on the
  sandbox first, then held. In a new session with tags {{"domain":"payments"}}:
    call '{{"tool":"find_customer_by_email","arguments":{{"email":"{email}"}}}}'
    call '{{"tool":"get_payment","arguments":{{"payment_id":"{pid}"}}}}'
    say assistant "I can refund 150.00 {currency} on payment {pid}. Shall I go ahead?"
    say user "yes"
    call '{{"tool":"refund_payment","arguments":{{"payment_id":"{pid}","amount":"150.00","currency":"{currency}","reason":"goodwill"}}}}'   # 202: rehearsed, held
  (the ticket shows the rehearsal: the payment's state and refundable amount before and after).
  Billing (tags {{"domain":"billing"}}): find member.3@example.com, get_account (it lists the
  account's charges), get_benefits, calculate_adjusted_charge for one of the charges; a credit for a benefit the account never paid for is refused (being signed in
  is not an entitlement); a paid one goes to support (202). Clinic (tags {{"domain":"clinic"}}):
  find patient.2@example.com, verify_caller with caller_name "Patient 2", then request an
  appointment; a scheduling note with symptoms ("chest pain") is refused; records access is held.
"""

HELD_HELP = """  One to try (a new session): authenticate as {email}, read order {order} (delivered,
  ${amount:,.2f}), then propose and confirm a return, and call
    call '{{"tool":"return_delivered_order_items","arguments":{{"order_id":"{order}","item_ids":["{item}"],"payment_method_id":"{method}"}}}}'   # 202: held
  (the proposal names the {name} and {method}; the answer carries the ticket id).
"""

GATE_HELP = """  The demo admin (new credentials at every demo start):
    username demo-admin   password {password}   TOTP secret {secret}
  The operator inbox in a browser: http://localhost:{port}/ui/ (a one-time code from
    {python} -c 'import pyotp; print(pyotp.TOTP("{secret}").now())'
  or an authenticator app with the secret). Or over the API: log in, list and approve tickets:
    CODE=$({python} -c 'import pyotp; print(pyotp.TOTP("{secret}").now())')
    T=$(curl -s -XPOST localhost:{port}/v1/operator/login -d '{{"username":"demo-admin","password":"{password}","totp":"'$CODE'"}}' | python3 -c 'import sys,json;print(json.load(sys.stdin)["token"])')
    curl -s localhost:{port}/v1/operator/tickets -H "Authorization: Bearer $T"
    curl -s -XPOST localhost:{port}/v1/operator/tickets/TICKET_ID/approve -H "Authorization: Bearer $T"
"""


def _bound_port(runner: web.AppRunner, asked: int) -> int:
    """The TCP port ``runner`` listens on (``asked``, unless that was 0 or it listens on a
    Unix socket)."""
    for address in runner.addresses:
        if isinstance(address, tuple) and len(address) >= 2:
            return int(address[1])
    return asked


async def _run_demo(config: Config, db_dir: Path | None, seed: int, upstream_port: int) -> None:
    from ..demo.data import generate, load_tau
    from ..demo.retail import build_retail_app

    runners = []
    try:
        for offset in (0, 1):  # live, then sandbox: two separate databases, never mixed
            db = load_tau(db_dir) if db_dir else generate(seed)
            runner = web.AppRunner(build_retail_app(db), access_log=None)
            await runner.setup()
            await web.TCPSite(runner, "127.0.0.1", upstream_port + offset).start()
            runners.append(runner)
        from ..demo.payments import build_payments_app
        from ..demo.payments import generate as generate_payments
        from ..demo.services import build_billing_app, build_clinic_app

        pay_db = generate_payments(seed)
        for offset, service in ((2, build_payments_app(pay_db)), (3, build_billing_app(seed)),
                                (4, build_clinic_app(seed))):
            runner = web.AppRunner(service, access_log=None)
            await runner.setup()
            await web.TCPSite(runner, "127.0.0.1", upstream_port + offset).start()
            runners.append(runner)
        tune_gc()
        runtime = build_runtime(config)
        proxy = guarded_runner(build_app(runtime), config)
        await proxy.setup()
        runners.insert(0, proxy)  # (cleaned up if it cannot listen: its store, its tasks)
        await listener_site(proxy, runtime, config.listen.host, config.listen.port).start()
        port = _bound_port(proxy, config.listen.port)  # (--port 0: the one the system chose)
        written = write_demo_config(config, port)
        gate = ""
        if runtime.accounts is not None:
            # The demo admin gets fresh credentials at every start (only the demo does this).
            password = secrets.token_urlsafe(12)
            exists = await runtime.accounts.exists("demo-admin")
            made = await (runtime.accounts.reset_operator("demo-admin", password, "demo") if exists
                          else runtime.accounts.create_operator("demo-admin", password,
                                                                Role.ADMIN, "demo"))
            gate = GATE_HELP.format(password=password, secret=made["totp_secret"],
                                    port=port, python=sys.executable)
        sample = next(o for o in db.orders.values() if o["status"] == "pending")
        big = next((o for o in db.orders.values() if o["status"] == "delivered"
                    and o["payment_history"][0]["amount"] > 1000
                    and not any("linked_to" in i for i in o["items"])), None)
        held = "" if big is None else HELD_HELP.format(
            email=db.users[big["user_id"]]["email"], order=big["order_id"],
            amount=big["payment_history"][0]["amount"], item=big["items"][0]["item_id"],
            name=big["items"][0]["name"], method=big["payment_history"][0]["payment_method_id"])
        pid, pay = next((k, v) for k, v in pay_db.payments.items()
                        if v.currency == "USD" and v.captured >= 30000)
        payments = PAYMENTS_HELP.format(pay_port=upstream_port + 2, pid=pid,
                                        currency=pay.currency,
                                        email=pay_db.customers[pay_db.owner[pid]]["email"])
        click.echo(DEMO_HELP.format(
            port=port, live=config.upstreams["retail"].base_url,
            sandbox=config.upstreams["retail"].sandbox_url, traces=config.trace.path,
            store=config.store.path, email=db.users[sample["user_id"]]["email"],
            order=sample["order_id"], policy=runtime.policy.version, gate=gate, held=held,
            payments=payments, pay_port=upstream_port + 2, billing_port=upstream_port + 3,
            clinic_port=upstream_port + 4,
            config=written,
            mcp=f"http://127.0.0.1:{port}/mcp (docs/mcp.md)" if mcp_available()
            else "off: pip install 'callgate[mcp]' and restart the demo",
        ))
        await asyncio.Event().wait()
    finally:
        for runner in runners:
            await runner.cleanup()


@main.command()
@click.option("--port", default=8080, show_default=True, type=click.IntRange(0, 65535),
              help="The proxy's port.")
@click.option("--upstream-port", default=8081, show_default=True, type=click.IntRange(1, 65531),
              help="The demo upstream's port; the sandbox copy, the payments, billing and clinic "
                   "services take the next four.")
@click.option("--retail-db", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="Load tau-bench's retail database (users.json, orders.json, products.json) "
                   "instead of generating one.")
@click.option("--seed", default=7, show_default=True, help="Seed of the generated database.")
@click.option("--data-dir", default=Path(".callgate-demo"), show_default=True,
              type=click.Path(file_okay=False, path_type=Path),
              help="Where the demo keeps its SQLite store and trace file.")
def demo(port: int, upstream_port: int, retail_db: Path | None, seed: int,
         data_dir: Path) -> None:
    """Start the demo services (retail, payments, billing, clinic) and the proxy in front of
    them, on the embedded defaults (SQLite, the built-in packs)."""
    configure_logging("warning")
    live = f"http://127.0.0.1:{upstream_port}"
    sandbox = f"http://127.0.0.1:{upstream_port + 1}"
    fresh_store(data_dir.resolve() / "callgate.db")
    config = demo_config(data_dir.resolve(), port, live, sandbox)
    key_env = config.gate.secrets_key_env
    if not os.environ.get(key_env, "").strip():
        # A key for this run only, never written down: operators' TOTP secrets stay sealed on
        # disk; set the variable yourself to keep operators across demo restarts.
        os.environ[key_env] = base64.urlsafe_b64encode(secrets.token_bytes(32)).decode()
    try:
        asyncio.run(_run_demo(config, retail_db, seed, upstream_port))
    except KeyboardInterrupt:
        click.echo("stopped.")
    except CallgateError as e:
        _fail(e)
    except ValueError as e:  # (a --retail-db that is not tau-bench's retail database)
        click.echo(f"callgate: cannot start the demo: {e}", err=True)
        sys.exit(2)
    except OSError as e:  # (a port taken, a --retail-db file that cannot be read)
        click.echo(f"callgate: cannot start the demo: {e}", err=True)
        sys.exit(1)


@main.command("demo-upstream")
@click.option("--port", default=8081, show_default=True, type=click.IntRange(0, 65535))
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (0.0.0.0 in a container).")
@click.option("--retail-db", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="Load tau-bench's retail database instead of generating one.")
@click.option("--seed", default=7, show_default=True, help="Seed of the generated database.")
@click.option("--write-latency-ms", default=0.0, show_default=True,
              help="Delay every write by this much (crash tests: a wider window mid-send).")
def demo_upstream(port: int, host: str, retail_db: Path | None, seed: int,
                  write_latency_ms: float) -> None:
    """Run only the demo retail upstream (for a proxy started with `serve`, or benchmarks)."""
    from ..demo.data import generate, load_tau
    from ..demo.retail import build_retail_app

    try:
        db = load_tau(retail_db) if retail_db else generate(seed)
    except (OSError, ValueError) as e:
        click.echo(f"callgate: {e}", err=True)
        sys.exit(2)
    web.run_app(build_retail_app(db, write_latency_s=write_latency_ms / 1000), host=host,
                port=port, access_log=None, print=None, loop=new_event_loop())


def _register() -> None:
    from .accept import accept, scenarios_group
    from .gate import agent_key, audit, operator, store_group
    from .policy import policy, replay
    from .report import cases, import_, report

    main.add_command(operator)
    main.add_command(agent_key)
    main.add_command(audit)
    main.add_command(store_group)
    main.add_command(policy)
    main.add_command(replay)
    main.add_command(import_)
    main.add_command(report)
    main.add_command(cases)
    main.add_command(accept)
    main.add_command(scenarios_group)


_register()
