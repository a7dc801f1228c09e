"""The rule vocabulary: what a policy file may say, as frozen pydantic models.

A policy directory holds ``policy.yaml``:

    domain: retail
    catalog: ../../schemas/retail/catalog.yaml   # the tools the rules speak of
    identity: [find_user_id_by_email, find_user_id_by_name_zip]  # reads that authenticate
    rules:
      - id: confirm-writes
        kind: confirmation
        tools: {kind: write}
        ...

Rule kinds: ``confirmation``, ``order``, ``facts``, ``linked_items``, ``rego``. Each rule has an
``id``, the ``tools`` it applies to, a ``route`` (what a violation does) and an optional
``message`` for the agent. See docs/policy.md for the reference.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import pydantic

from .decision import Verdict


class _Frozen(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(frozen=True, extra="forbid")


class ToolSelector(_Frozen):
    """Which tools a rule applies to: by name, by kind, or all, minus exceptions."""

    names: tuple[str, ...] = ()
    kind: Literal["read", "write"] | None = None
    all: bool = False
    exclude: tuple[str, ...] = ()

    @pydantic.model_validator(mode="before")
    @classmethod
    def _shorthand(cls, value: Any) -> Any:
        if isinstance(value, list):
            return {"names": value}
        if isinstance(value, str):
            return {"all": True} if value == "all" else {"names": [value]}
        return value

    @pydantic.model_validator(mode="after")
    def _one_way(self) -> ToolSelector:
        ways = bool(self.names) + (self.kind is not None) + self.all
        if ways != 1:
            raise ValueError("say exactly one of: a list of tool names, {kind: read|write}, or all")
        return self


class FactRef(_Frozen):
    """Which earlier read a rule looks at: the last successful ``tool`` call whose arguments
    equal this call's arguments as mapped by ``match`` (fact argument: this call's argument, or
    ``identity`` for the authenticated user's id)."""

    tool: str
    match: dict[str, str] = {}


Op = Literal["eq", "ne", "in", "not_in", "contains", "subset", "lt", "le", "gt", "ge",
             "startswith", "exists", "not_exists", "within_hours", "matches", "not_matches"]


class Condition(_Frozen):
    """``left op right``. Operands name values: ``fact.PATH``, ``args.PATH``, ``identity``, or
    (on the right only) a literal. ``right_ref`` names a value instead of a literal. In a PATH,
    a number indexes a list, ``*`` maps the rest of the path over a list's (or object's) values,
    and ``#`` is the length of what it follows. ``within_hours``: the left operand, an ISO date and
    time, lies at most ``right`` hours before the policy's clock."""

    left: str
    op: Op
    right: Any = None
    right_ref: str | None = None


class AnyOf(_Frozen):
    any_of: tuple[Condition, ...] = pydantic.Field(min_length=1)


class _Rule(_Frozen):
    id: str = pydantic.Field(pattern=r"^[a-z0-9][a-z0-9_.-]*$")
    tools: ToolSelector
    route: Verdict = Verdict.BLOCK
    message: str | None = None
    description: str = ""
    # with route ticket: two distinct operators approve, neither on the requester's side
    four_eyes: bool = False
    # shadow: the rule is checked, traced and counted ("would have refused") but never changes
    # what happens to the call (to measure it on real traffic before enforcing it)
    shadow: bool = False


class WholeSpec(_Frozen):
    """The parts of the object a tool acts on as a whole: a list in a fact, each part named by
    ``name`` (e.g. the items of ``get_order_details``)."""

    fact: FactRef
    items: str = "items"
    name: str = "name"


class ConfirmationRule(_Rule):
    kind: Literal["confirmation"]
    route: Verdict = Verdict.CONFIRM
    mode: Literal["transcript", "token"] = "transcript"
    # per tool: the arguments whose values the agent's proposal must name
    key_arguments: dict[str, tuple[str, ...]] = {}
    # fields of objects in facts that may stand for an id in a proposal (a card's last four,
    # an item's name): the proposal may name the object by one of these instead of its id
    aliases: tuple[str, ...] = ()
    # per tool: words (stems) that name this kind of action in a proposal; unset, words derived
    # from the tool name's verb ("cancel_pending_order" -> "cancel")
    actions: dict[str, tuple[str, ...]] = {}
    # per tool that acts on a whole object: where its parts are, so that a yes to acting on some
    # of them ("cancel the kettle") does not cover acting on all ("cancel the order")
    whole: dict[str, WholeSpec] = {}
    token_ttl_s: float = pydantic.Field(600.0, gt=0)


class RequiresSpec(_Frozen):
    any_of: tuple[FactRef, ...] = pydantic.Field(min_length=1)


class OrderRule(_Rule):
    kind: Literal["order"]
    requires: RequiresSpec | None = None  # an earlier successful call must exist
    forbids: RequiresSpec | None = None  # no earlier successful call may exist
    once_per: tuple[str, ...] | None = None  # at most one successful call per these arguments
    group: tuple[str, ...] = ()  # with once_per: the tools that share the budget
    # with once_per: `session` (one conversation) or `global` (across every session of this
    # environment: the order, not the conversation; claimed in the store as the write goes out)
    scope: Literal["session", "global"] = "session"

    @pydantic.model_validator(mode="after")
    def _one_check(self) -> OrderRule:
        given = [x for x in (self.requires, self.forbids, self.once_per) if x is not None]
        if len(given) != 1:
            raise ValueError("an order rule says exactly one of: requires, forbids, once_per")
        return self


class FactsRule(_Rule):
    kind: Literal["facts"]
    fact: FactRef | None = None  # the read whose result ``fact.`` operands see
    # What if that read never happened: ``refuse`` (the default: unknowable is not allowed) or
    # ``skip`` (an explicit choice in the file, for checks that only apply when the fact is known)
    if_missing: Literal["refuse", "skip"] = "refuse"
    require: tuple[Condition | AnyOf, ...] = pydantic.Field(min_length=1)


class LinkedItemsRule(_Rule):
    kind: Literal["linked_items"]
    fact: FactRef
    items_path: str = "items"  # the list of items in the fact
    id_field: str = "item_id"
    link_field: str = "linked_to"  # an item's field naming the item it belongs to
    selected: str = "item_ids"  # the argument listing the selected item ids
    label_field: str = "name"


class RegoRule(_Rule):
    kind: Literal["rego"]
    query: str = pydantic.Field(description="OPA data path, e.g. callgate/retail/deny")
    module: str | None = None  # a .rego file next to the policy, uploaded at load
    facts: tuple[str, ...] = ()  # read tools whose results go into the input document
    fail_open: bool = False  # loud and explicit: an OPA error then allows the call
    timeout_s: float = pydantic.Field(0.2, gt=0, le=10)


Rule = Annotated[
    ConfirmationRule | OrderRule | FactsRule | LinkedItemsRule | RegoRule,
    pydantic.Field(discriminator="kind"),
]


class Refresh(_Frozen):
    """Writes whose answer is the changed object stand in for a later read of it: after
    ``cancel_pending_order(order_id=X)`` answers with the order, rules reading
    ``get_order_details(order_id=X)`` see that answer, not the stale read before it."""

    fact: str  # the read tool
    by: tuple[str, ...] = pydantic.Field(min_length=1)  # the write tools
    match: dict[str, str]  # read argument: write argument


class IdentitySource(_Frozen):
    """A call that establishes who the user is: its result, or one of its arguments."""

    tool: str
    argument: str | None = None

    @pydantic.model_validator(mode="before")
    @classmethod
    def _shorthand(cls, value: Any) -> Any:
        return {"tool": value} if isinstance(value, str) else value


class PolicyFile(_Frozen):
    domain: str
    catalog: str
    identity: tuple[IdentitySource, ...] = ()
    refresh: tuple[Refresh, ...] = ()
    # The time `within_hours` measures from: unset, the current time; an ISO date and time fixes
    # it (a benchmark's world has its own "now", e.g. tau-bench airline's 2024-05-15 15:00 EST).
    clock: str | None = None
    # Read tools the proxy may call itself, under the session's identity, when a rule needs a
    # fact from them that the agent never read (traced like any call; never assumed).
    fetch: tuple[str, ...] = ()
    # every rule of this file in shadow mode (see _Rule.shadow)
    shadow: bool = False
    rules: tuple[Rule, ...] = ()
