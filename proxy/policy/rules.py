"""Compile rule models into plain predicates, once, at load time.

Each compiled rule is ``check(call) -> Violation | None``. Operands and paths are parsed here, not
per decision; a check touches only the session's indexes (facts by tool and arguments, calls by
argument value), so its cost does not grow with the session.
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any, Protocol

from ..catalog import DISCOVER, Catalog, Tool
from ..errors import ConfigError
from ..session import args_key, canonical_json
from .binding import ALL_ACTION_WORDS, ActionSpec
from .confirm import check_transcript, describe, tool_nouns
from .decision import Violation
from .engine import CallInput, CompiledRule, FactNeed
from .model import (
    AnyOf,
    Condition,
    ConfirmationRule,
    FactRef,
    FactsRule,
    LinkedItemsRule,
    OrderRule,
    Refresh,
    RequiresSpec,
    ToolSelector,
)
from .paths import MISSING
from .paths import path as compile_path

Identity = tuple[tuple[str, str | None], ...]  # (tool, argument or None for its result)
Getter = Callable[[CallInput, Any], Any]  # (call, fact) -> value
Applies = Callable[[Tool], bool]


class MakeViolation(Protocol):
    def __call__(self, call: CallInput, fact: Any, default: str, **details: Any) -> Violation: ...


def call_hash(tool: str, arguments: dict[str, Any]) -> str:
    """What a confirmation token is bound to: the tool and its canonical arguments."""
    return hashlib.sha256(tool.encode() + b"\0" + canonical_json(arguments)).hexdigest()


def compile_operand(ref: str, identity_tools: Identity, where: str) -> Getter:
    """``fact.a.b``, ``args.a``, ``identity`` or ``identity.a`` -> a getter."""
    head, *rest = ref.split(".")
    path = compile_path(rest)
    if head == "fact":
        return lambda call, fact: MISSING if fact is MISSING else path(fact)
    if head == "args":
        return lambda call, fact: path(call.arguments)
    if head == "identity":
        if not identity_tools:
            raise ConfigError(f"{where}: 'identity' needs the policy's identity tools declared")
        return lambda call, fact: _none_missing(path(call.session.identity(identity_tools)))
    raise ConfigError(f"{where}: operand {ref!r} must start with fact., args. or identity")


def _none_missing(value: Any) -> Any:
    return MISSING if value is None else value


_DECIMAL = re.compile(r"^-?[0-9]+(\.[0-9]+)?$")


def _num(v: Any) -> Decimal | None:
    """A number to compare: JSON numbers, and decimal strings such as money amounts ("12.50"),
    compared exactly (as decimals, not floats)."""
    if isinstance(v, bool):
        return None
    if isinstance(v, int | float):
        return Decimal(str(v))
    if isinstance(v, str) and _DECIMAL.match(v.strip()):
        return Decimal(v.strip())
    return None


def _compare(op: str, left: Any, right: Any) -> bool:
    if op == "exists":
        return left is not MISSING
    if op == "not_exists":
        return left is MISSING
    if left is MISSING or right is MISSING:
        return False
    if op == "eq":
        return bool(left == right)
    if op == "ne":
        return bool(left != right)
    if op == "in":
        return isinstance(right, list | tuple) and left in right
    if op == "not_in":
        return isinstance(right, list | tuple) and left not in right
    if op == "contains":
        if isinstance(left, dict | list | tuple):
            return right in left
        return isinstance(left, str) and isinstance(right, str) and right in left
    if op == "subset":
        return isinstance(left, list) and isinstance(right, list | dict) and all(
            x in right for x in left)
    if op == "startswith":
        return isinstance(left, str) and isinstance(right, str) and left.startswith(right)
    a, b = _num(left), _num(right)
    if a is None or b is None:
        return False
    return {"lt": a < b, "le": a <= b, "gt": a > b, "ge": a >= b}[op]


def _parse_time(value: Any) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        return datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None


def _within_hours(left: Any, hours: Any, clock: datetime | None) -> bool:
    """A time without a zone is read in the clock's zone (the world's own local time)."""
    at = _parse_time(left)
    span = _num(hours)
    if at is None or span is None:
        return False
    now = clock or datetime.now(UTC)
    if now.tzinfo is None:
        now = now.replace(tzinfo=UTC)
    if at.tzinfo is None:
        at = at.replace(tzinfo=now.tzinfo)
    return timedelta(0) <= now - at <= timedelta(hours=float(span))


def compile_condition(
    cond: Condition | AnyOf, identity: Identity, where: str, clock: str | None = None
) -> Callable[[CallInput, Any], bool]:
    if isinstance(cond, AnyOf):
        parts = [compile_condition(c, identity, where, clock) for c in cond.any_of]
        return lambda call, fact: any(p(call, fact) for p in parts)
    if cond.op == "within_hours":
        fixed = _parse_time(clock) if clock else None
        if clock and fixed is None:
            raise ConfigError(f"{where}: clock {clock!r} is not an ISO date and time")
        get_left = compile_operand(cond.left, identity, where)
        hours = cond.right
        return lambda call, fact: _within_hours(get_left(call, fact), hours, fixed)
    left = compile_operand(cond.left, identity, where)
    if cond.right_ref is not None:
        right = compile_operand(cond.right_ref, identity, where)
    else:
        literal = cond.right
        right = lambda call, fact: literal  # noqa: E731 - a constant operand
    op = cond.op
    if op in ("matches", "not_matches"):
        # a regular expression (case-insensitive) searched in a text: e.g. symptom words in a
        # field meant for scheduling. A value that is not text matches nothing.
        if not isinstance(cond.right, str):
            raise ConfigError(f"{where}: {op} takes a regular expression as its right side")
        try:
            pattern = re.compile(cond.right, re.IGNORECASE)
        except re.error as e:
            raise ConfigError(f"{where}: {cond.right!r} is not a regular expression: {e}") from e
        wanted = op == "matches"

        def search(call: CallInput, fact: Any) -> bool:
            value = left(call, fact)
            found = isinstance(value, str) and pattern.search(value) is not None
            return found if wanted else not found

        return search
    return lambda call, fact: _compare(op, left(call, fact), right(call, fact))


_TEMPLATE = re.compile(r"\{((?:fact|args|identity)(?:\.[A-Za-z0-9_-]+)*)\}")


def compile_message(template: str, identity: Identity, where: str) -> Callable[
        [CallInput, Any], str]:
    getters = {m: compile_operand(m, identity, where) for m in _TEMPLATE.findall(template)}

    def render(call: CallInput, fact: Any) -> str:
        def sub(match: re.Match[str]) -> str:
            value = getters[match.group(1)](call, fact)
            return "?" if value is MISSING else str(value)

        return _TEMPLATE.sub(sub, template)

    return render


def compile_selector(sel: ToolSelector, catalog: Catalog, where: str) -> Callable[[Tool], bool]:
    for name in (*sel.names, *sel.exclude):
        if catalog.get(name) is None:
            raise ConfigError(f"{where}: unknown tool {name!r} (not in the policy's catalog)")
    names, exclude, kind = frozenset(sel.names), frozenset(sel.exclude), sel.kind
    if sel.all:
        return lambda tool: tool.name not in exclude
    if kind is not None:
        return lambda tool: tool.kind.value == kind and tool.name not in exclude
    return lambda tool: tool.name in names and tool.name not in exclude


def fact_getter(ref: FactRef, catalog: Catalog, identity: Identity, where: str,
                refresh: tuple[Refresh, ...] = ()) -> Callable[[CallInput], Any]:
    if catalog.get(ref.tool) is None:
        raise ConfigError(f"{where}: fact tool {ref.tool!r} is not in the policy's catalog")
    pairs = tuple(ref.match.items())
    # writes that answer with a fresher copy of this fact: (write tool, [(read arg, write arg)])
    fresher = [(w, tuple(r.match.items())) for r in refresh if r.fact == ref.tool for w in r.by]
    if any(c == "identity" for _, c in pairs) and not identity:
        raise ConfigError(f"{where}: matching on identity needs the policy's identity tools")

    memo_key = (ref.tool, pairs, id(refresh))
    args_of = fact_args(ref, identity)

    def get(call: CallInput) -> Any:
        if memo_key in call.memo:
            return call.memo[memo_key]
        value = lookup(call)
        call.memo[memo_key] = value
        return value

    def lookup(call: CallInput) -> Any:
        args = args_of(call)
        if args is None:
            return MISSING
        key = (ref.tool, args_key(args))
        value = call.session.facts.get(key, MISSING)
        if fresher and value is not MISSING:
            seq = call.session.fact_seq.get(key, 0)
            for write_tool, write_pairs in fresher:
                first_read, first_write = write_pairs[0]
                for w in reversed(call.session.calls_with(write_tool, first_write,
                                                          args.get(first_read))):
                    if w.seq > seq and isinstance(w.result, dict) and all(
                            w.arguments.get(wa) == args.get(ra) for ra, wa in write_pairs):
                        value, seq = w.result, w.seq
                        break
        return value

    return get


def fact_args(ref: FactRef, identity: Identity) -> Callable[[CallInput], dict[str, Any] | None]:
    """The arguments of the read a fact comes from, for this call; None if unknowable."""
    pairs = tuple(ref.match.items())

    def args(call: CallInput) -> dict[str, Any] | None:
        out: dict[str, Any] = {}
        for fact_arg, call_arg in pairs:
            if call_arg == "identity":
                who = call.session.identity(identity)
                if who is None or isinstance(who, dict | list):
                    return None
                out[fact_arg] = who
            elif call_arg in call.arguments:
                out[fact_arg] = call.arguments[call_arg]
            else:
                return None
        return out

    return args


def _needs(ref: FactRef | None, identity: Identity, fetch: frozenset[str]) -> tuple[FactNeed, ...]:
    if ref is None or ref.tool not in fetch:
        return ()
    return (FactNeed(ref.tool, fact_args(ref, identity)),)


def _earlier(spec: RequiresSpec) -> Callable[[CallInput], bool]:
    """Whether a successful earlier call matches one of ``spec.any_of``."""
    refs = tuple((r.tool, tuple(r.match.items())) for r in spec.any_of)

    def found(call: CallInput) -> bool:
        session = call.session
        for tool, pairs in refs:
            # the agent's own calls: a read the proxy made for a fact is not the agent's step
            if not pairs:
                if any(c.origin is None for c in session.executed.get(tool, ())):
                    return True
                continue
            (first_fact, first_call), rest = pairs[0], pairs[1:]
            if first_call not in call.arguments:
                continue
            for earlier in session.calls_with(tool, first_fact, call.arguments[first_call]):
                if earlier.origin is None and all(
                        earlier.arguments.get(f) == call.arguments.get(c) for f, c in rest):
                    return True
        return False

    return found


def _names(spec: RequiresSpec) -> str:
    return " or ".join(r.tool for r in spec.any_of)


def _params(tool: Tool | None) -> set[str] | None:
    """A tool's argument names, from its JSON Schema; None where they are not known yet (a
    schema its MCP server gives when the proxy starts)."""
    props = tool.schema.get("properties") if tool is not None else None
    return set(props) if isinstance(props, dict) else None


def _check_names(rule: Any, catalog: Catalog, applies: Callable[[Tool], bool],
                 where: str) -> None:
    """What a rule names that no tool has, found when the file is read (each would make the
    rule refuse, or never fire, whatever the agent does): an argument none of the rule's tools
    takes, a fact read's argument its tool does not take, a ``fact.`` operand or placeholder in
    a rule with no fact, a placeholder of no known form, an ordering against a literal that is
    no number, a negative ``within_hours``."""
    tools = [t for t in catalog.all() if applies(t)]
    known = [p for t in tools if (p := _params(t)) is not None]
    call_args = set().union(*known) if known else set()
    names = ", ".join(sorted({t.name for t in tools}))

    def call_arg(name: str, what: str) -> None:
        if known and len(known) == len(tools) and name != "identity" \
                and name not in call_args:
            raise ConfigError(f"{where}: {what} names argument {name!r}, which none of the "
                              f"rule's tools ({names}) takes")

    def read(ref: FactRef, what: str) -> None:
        tool = catalog.get(ref.tool)
        if tool is None:
            raise ConfigError(f"{where}: {what} names tool {ref.tool!r}, not in the policy's "
                              "catalog")
        takes = _params(tool)
        for theirs, mine in ref.match.items():
            if takes is not None and theirs not in takes:
                raise ConfigError(f"{where}: {what} matches {ref.tool}'s argument {theirs!r}, "
                                  f"which it does not take ({', '.join(sorted(takes))})")
            call_arg(mine, f"{what} ({ref.tool}.{theirs})")

    fact = getattr(rule, "fact", None)

    def operand(ref: str, what: str) -> None:
        head, _, rest = ref.partition(".")
        if head == "args" and rest:
            call_arg(rest.split(".", 1)[0], what)
        elif head == "fact" and fact is None:
            raise ConfigError(f"{where}: {what} {ref!r} reads a fact, but the rule names none "
                              "(fact: {tool: ..., match: {...}})")

    if isinstance(fact, FactRef):
        read(fact, "fact")
    if isinstance(rule, OrderRule):
        for spec, what in ((rule.requires, "requires"), (rule.forbids, "forbids")):
            for ref in spec.any_of if spec is not None else ():
                read(ref, what)
        for name in rule.once_per or ():
            call_arg(name, "once_per")
    if isinstance(rule, LinkedItemsRule):
        call_arg(rule.selected, "selected")
    if isinstance(rule, FactsRule):
        for cond in rule.require:
            for leaf in cond.any_of if isinstance(cond, AnyOf) else (cond,):
                operand(leaf.left, "condition")
                if leaf.right_ref is not None:
                    operand(leaf.right_ref, "condition")
                elif leaf.op in ("lt", "le", "gt", "ge") and _num(leaf.right) is None:
                    raise ConfigError(f"{where}: {leaf.op} compares numbers; its right side "
                                      f"{leaf.right!r} is none")
                elif leaf.op == "within_hours" and ((hours := _num(leaf.right)) is None
                                                    or hours < 0):
                    raise ConfigError(f"{where}: within_hours takes a number of hours, 0 or "
                                      f"more, as its right side, not {leaf.right!r}")
    for m in _PLACEHOLDER.finditer(rule.message or ""):
        if _TEMPLATE.fullmatch(m.group()) is None:
            raise ConfigError(f"{where}: message placeholder {m.group()} is none of {{args.NAME}}, "
                              "{fact.PATH}, {identity}")
        operand(m.group(1), "message placeholder")


_PLACEHOLDER = re.compile(r"\{([A-Za-z_][\w.-]*)\}")


def compile_rule(rule: Any, catalog: Catalog, identity: Identity, where: str,
                 refresh: tuple[Refresh, ...] = (), clock: str | None = None,
                 fetch: frozenset[str] = frozenset()) -> CompiledRule:
    applies = compile_selector(rule.tools, catalog, where)
    compiled = _compile(rule, catalog, identity, where, refresh, clock, fetch, applies)
    _check_names(rule, catalog, applies, where)
    return compiled


def _compile(rule: Any, catalog: Catalog, identity: Identity, where: str,
             refresh: tuple[Refresh, ...], clock: str | None,
             fetch: frozenset[str], applies: Callable[[Tool], bool]) -> CompiledRule:
    custom = compile_message(rule.message, identity, where) if rule.message else None
    route, rid, kind = rule.route, rule.id, rule.kind

    four_eyes = rule.four_eyes

    def violation(call: CallInput, fact: Any, default: str, **details: Any) -> Violation:
        text = custom(call, fact) if custom else default
        if four_eyes:
            details["four_eyes"] = True
        return Violation(rid, kind, route, text, details)

    if isinstance(rule, ConfirmationRule):
        return _confirmation(rule, catalog, applies, violation, where)
    if isinstance(rule, OrderRule):
        return _order(rule, applies, violation)
    if isinstance(rule, FactsRule):
        compiled = _facts(rule, catalog, identity, refresh, applies, violation, where, clock)
        return dataclasses.replace(compiled, needs=_needs(rule.fact, identity, fetch))
    if isinstance(rule, LinkedItemsRule):
        compiled = _linked(rule, catalog, identity, refresh, applies, violation, where)
        return dataclasses.replace(compiled, needs=_needs(rule.fact, identity, fetch))
    raise ConfigError(f"{where}: rule kind {rule.kind!r} is not compiled here")


def _confirmation(rule: ConfirmationRule, catalog: Catalog, applies: Applies, violation: MakeViolation,
                  where: str) -> CompiledRule:
    for tool, keys in rule.key_arguments.items():
        spec = catalog.get(tool)
        if spec is None:
            raise ConfigError(f"{where}: key_arguments names unknown tool {tool!r}")
        unknown = {k.rstrip("?").split(".")[0] for k in keys} - set(
            spec.schema.get("properties", {}))
        if unknown and not spec.schema.get(DISCOVER):  # an MCP tool's schema comes later
            raise ConfigError(f"{where}: {tool} has no arguments {sorted(unknown)}")
    for tool in rule.actions:
        if catalog.get(tool) is None:
            raise ConfigError(f"{where}: actions names unknown tool {tool!r}")
    key_args, aliases, token = rule.key_arguments, rule.aliases, rule.mode == "token"
    wholes = {}
    for tool, whole in rule.whole.items():
        if catalog.get(tool) is None:
            raise ConfigError(f"{where}: whole names unknown tool {tool!r}")
        wholes[tool] = (fact_getter(whole.fact, catalog, (), where),
                        compile_path(whole.items.split(".")),
                        whole.name)
    specs = {tool.name: ActionSpec.build(tool.name, key_args.get(tool.name),
                                         rule.actions.get(tool.name), schema=tool.schema)
             for tool in catalog.all() if tool.name in key_args or tool.name in rule.actions}
    # per write tool: what the other writes of its domain act on ("passengers", "baggages")
    writes = [tool for tool in catalog.all() if tool.kind == "write"]
    others = {tool.name: tuple(sorted({n for t in writes if t.domain == tool.domain
                                       for n in tool_nouns(t.name)} - set(tool_nouns(tool.name))))
              for tool in writes}
    # per write tool: the words naming the other writes of its domain, not it nor any verb
    other_words = {tool.name: tuple(sorted(
        {w for t in writes if t.domain == tool.domain and t.name != tool.name and t.name in specs
         for w in specs[t.name].words}
        - set(specs[tool.name].words if tool.name in specs else ()) - set(ALL_ACTION_WORDS)))
        for tool in writes}

    def check(call: CallInput) -> Violation | None:
        name, args = call.tool.name, call.arguments

        def summary() -> str:  # (for a refusal: an allowed call never needs it)
            keys = key_args.get(name, tuple(args))
            return describe(name, args, tuple(k.rstrip("?") for k in keys))
        if token:
            h = call_hash(name, args)
            now = time.time()
            for conf in call.session.confirmations.values():
                if conf.call_hash == h and conf.confirmed_at and not conf.used_at \
                        and conf.expires_at > now:
                    call.effects["consume_confirmation"] = conf.confirmation_id
                    return None
            said = summary()
            return violation(call, MISSING, f"Ask the user to confirm: {said}. The user "
                             "confirms through the front end; then call again with exactly these "
                             "arguments.", mode="token", call_hash=h, summary=said,
                             ttl_s=rule.token_ttl_s)
        spec = specs.get(name) or ActionSpec.build(name, None, None, args, call.tool.schema)
        parts: list[str] = []
        if name in wholes:
            get_fact, items_at, label = wholes[name]
            items = items_at(get_fact(call))
            if isinstance(items, list):
                parts = [str(i[label]) for i in items if isinstance(i, dict) and label in i]
        cover = check_transcript(call.session, spec, args, aliases, parts,
                                 others.get(name, ()), other_words.get(name, ()))
        if cover.confirmed:
            return None
        said = summary()
        return violation(call, MISSING, f"Not confirmed: {cover.reason}. List exactly this "
                         f"action to the user: {said}, ask for an explicit yes, and call again "
                         "only after the user says yes.", mode="transcript", summary=said,
                         **cover.details())

    return CompiledRule(rule.id, rule.kind, applies, check)


def _order(rule: OrderRule, applies: Applies, violation: MakeViolation) -> CompiledRule:
    if rule.requires is not None:
        found = _earlier(rule.requires)
        needed = _names(rule.requires)

        def requires(call: CallInput) -> Violation | None:
            if found(call):
                return None
            return violation(call, MISSING, f"Call {needed} first (with matching arguments), "
                             f"then {call.tool.name}.", missing=needed)

        return CompiledRule(rule.id, rule.kind, applies, requires)
    if rule.forbids is not None:
        seen = _earlier(rule.forbids)
        banned = _names(rule.forbids)

        def forbids(call: CallInput) -> Violation | None:
            if not seen(call):
                return None
            return violation(call, MISSING, f"{call.tool.name} is not allowed after {banned} "
                             "on the same item.", after=banned)

        return CompiledRule(rule.id, rule.kind, applies, forbids)
    keys = rule.once_per or ()
    group = rule.group
    scope_global = rule.scope == "global"

    def once(call: CallInput) -> Violation | None:
        if not keys or keys[0] not in call.arguments:
            return None
        if scope_global:  # the store settles it across sessions when the write goes out
            claim = canonical_json([call.tool.domain, rule.id, call.session.environment.value,
                                    [call.arguments.get(k) for k in keys]]).decode()
            call.effects.setdefault("claims", []).append(claim)
        tools = group or (call.tool.name,)
        for tool in tools:
            for earlier in call.session.calls_with(tool, keys[0], call.arguments[keys[0]]):
                if all(earlier.arguments.get(k) == call.arguments.get(k) for k in keys[1:]):
                    what = ", ".join(f"{k} {call.arguments.get(k)}" for k in keys)
                    return violation(call, MISSING, f"{tool} was already done once for {what}; "
                                     "it can be done only once. Tell the user, or transfer to a "
                                     "human agent.", previous_call=earlier.call_id)
        return None

    return CompiledRule(rule.id, rule.kind, applies, once)


def _facts(rule: FactsRule, catalog: Catalog, identity: Identity,
           refresh: tuple[Refresh, ...], applies: Applies,
           violation: MakeViolation, where: str, clock: str | None = None) -> CompiledRule:
    get_fact = (fact_getter(rule.fact, catalog, identity, where, refresh) if rule.fact
                else (lambda call: MISSING))
    conditions = [compile_condition(c, identity, where, clock) for c in rule.require]
    fact_tool = rule.fact.tool if rule.fact else None
    skip_missing = rule.if_missing == "skip"
    read_args = fact_args(rule.fact, identity) if rule.fact else None
    operands = {ref: compile_operand(ref, identity, where) for ref in _operands(rule.require)}

    def used(call: CallInput, fact: Any) -> dict[str, Any]:
        """The facts the rule weighed, for the reviewer: the read and each operand's value."""
        values = {ref: get(call, fact) for ref, get in operands.items()}
        return {"tool": fact_tool, "arguments": read_args(call) if read_args else None,
                "values": {k: (None if v is MISSING else v) for k, v in values.items()}}

    def check(call: CallInput) -> Violation | None:
        fact = get_fact(call)
        if fact_tool is not None and fact is MISSING:
            if skip_missing:
                return None
            return Violation(rule.id, rule.kind, rule.route, f"Call {fact_tool} for this first: "
                             "the policy checks its result before this action.",
                             {"missing": fact_tool, **({"four_eyes": True} if rule.four_eyes
                                                       else {})})
        for i, cond in enumerate(conditions):
            if not cond(call, fact):
                return violation(call, fact, f"This action is not allowed here (condition "
                                 f"{i + 1} of rule {rule.id} failed).", condition=i,
                                 facts=used(call, fact))
        return None

    return CompiledRule(rule.id, rule.kind, applies, check)


def _operands(conditions: Sequence[Condition | AnyOf]) -> list[str]:
    """The named operands of some conditions (fact., args., identity), in order, once each."""
    out: dict[str, None] = {}
    for c in conditions:
        for leaf in c.any_of if isinstance(c, AnyOf) else (c,):
            for ref in (leaf.left, leaf.right_ref):
                if ref is not None:
                    out[ref] = None
    return list(out)


def _linked(rule: LinkedItemsRule, catalog: Catalog, identity: Identity,
            refresh: tuple[Refresh, ...], applies: Applies,
            violation: MakeViolation, where: str) -> CompiledRule:
    get_fact = fact_getter(rule.fact, catalog, identity, where, refresh)
    items_at = compile_path(rule.items_path.split(".")) if rule.items_path else (lambda v: v)
    id_f, link_f, label_f, sel = rule.id_field, rule.link_field, rule.label_field, rule.selected

    def check(call: CallInput) -> Violation | None:
        selected = call.arguments.get(sel)
        if not isinstance(selected, list):
            return None
        fact = get_fact(call)
        if fact is MISSING:
            return Violation(rule.id, rule.kind, rule.route, f"Call {rule.fact.tool} first: "
                             "linked items are checked against it.",
                             {"missing": rule.fact.tool, **({"four_eyes": True}
                                                            if rule.four_eyes else {})})
        items = items_at(fact)
        if not isinstance(items, list):
            return None
        chosen = set(map(str, selected))
        missing = []
        for item in items:
            if not isinstance(item, dict):
                continue
            link = item.get(link_f)
            if link is not None and str(link) in chosen and str(item.get(id_f)) not in chosen:
                missing.append(item)
        if not missing:
            return None
        ids = [str(m.get(id_f)) for m in missing]
        described = ", ".join(f"{m.get(id_f)} ({m.get(label_f, 'linked item')}, linked to "
                              f"{m.get(link_f)})" for m in missing)
        return violation(call, fact, f"Include the linked item(s) {described} in {sel}: they go "
                         "with the item they belong to. Tell the user and confirm again.",
                         missing_ids=ids)

    return CompiledRule(rule.id, rule.kind, applies, check)
