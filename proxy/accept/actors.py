"""Agents and simulated users behind one small interface each.

An agent gets the conversation (OpenAI chat format: system, user, assistant with
``tool_calls``, tool results) and the tools, and answers one assistant message. A user gets the
conversation from its side and answers one line, or ``STOP`` when it is done.

Adapters: ``ChatCompletions`` speaks to any OpenAI-compatible ``/chat/completions`` endpoint
(base URL, model and key from configuration) and serves as agent or as user; ``ScriptedAgent``
and ``ScriptedUser`` replay turns from a file or a scenario, for tests and dry runs.

Personas (the user's manner; the goal and facts come from the scenario). The wording follows
the user-simulation prompts of tau-bench and tau2-bench (a user who reveals information only
when asked and ends with "###STOP###"), with the manners the seed's pre-release check names:
impatient, skeptical, emotional (angry, anxious, sad) and incoherent.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import aiohttp
import orjson
import yaml

STOP = "###STOP###"

PERSONAS: dict[str, str] = {
    "neutral": "You are polite and to the point.",
    "impatient": "You are in a hurry. You answer in short sentences, push the agent to get on "
                 "with it, and get annoyed by repeated questions, but you still answer them.",
    "skeptical": "You doubt what the agent tells you. Ask why before agreeing, ask it to repeat "
                 "amounts and details, and only then say yes.",
    "emotional-angry": "You are angry about the situation. You say so, sometimes rudely, but "
                       "you want it solved and you cooperate when the agent is clear.",
    "emotional-anxious": "You are worried something will go wrong. You ask for reassurance and "
                         "double-check before every yes.",
    "emotional-sad": "You are upset and a little down. You explain more than needed and thank "
                     "the agent warmly when it helps.",
    "incoherent": "You are distracted. You sometimes mix up details, change the subject or give "
                  "information in the wrong order, and correct yourself when asked.",
}


def user_prompt(persona: str, goal: str, known: str, unknown: str) -> str:
    manner = PERSONAS.get(persona, PERSONAS["neutral"])
    return (
        "You are a customer talking to a customer-service agent. Stay in character.\n"
        f"Your goal: {goal}\nWhat you know: {known or '(nothing more)'}\n"
        f"What you do not know: {unknown or '(nothing in particular)'}\n"
        f"Your manner: {manner}\n"
        "Reveal information only when it is asked for or needed. Do not invent facts. Say yes "
        "only to what you want. When your goal is done, or cannot be done, write "
        f"{STOP} alone on the last line.")


class Agent(Protocol):
    async def respond(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]]
                      ) -> dict[str, Any]:
        """One assistant message: ``{"content": str|None, "tool_calls": [...]}``."""
        ...


class User(Protocol):
    async def respond(self, messages: list[dict[str, Any]]) -> str: ...


@dataclass
class ChatCompletions:
    """Any OpenAI-compatible chat-completions endpoint."""

    base_url: str
    model: str
    api_key: str | None = None
    system: str | None = None  # as a user simulator: the persona prompt
    timeout_s: float = 120.0
    _http: aiohttp.ClientSession | None = field(default=None, repr=False)

    @classmethod
    def from_env(cls, base_url: str, model: str, key_env: str | None, **kw: Any
                 ) -> ChatCompletions:
        return cls(base_url, model, os.environ.get(key_env) if key_env else None, **kw)

    async def _complete(self, messages: list[dict[str, Any]],
                        tools: list[dict[str, Any]] | None) -> dict[str, Any]:
        if self._http is None:
            self._http = aiohttp.ClientSession(
                timeout=aiohttp.ClientTimeout(total=self.timeout_s))
        body: dict[str, Any] = {"model": self.model, "messages": messages}
        if tools:
            body["tools"] = tools
        headers = {"Content-Type": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        async with self._http.post(self.base_url.rstrip("/") + "/chat/completions",
                                   data=orjson.dumps(body), headers=headers) as resp:
            answer = await resp.json(content_type=None)
            if resp.status != 200:
                raise RuntimeError(f"{self.base_url}: HTTP {resp.status}: {str(answer)[:300]}")
        message: dict[str, Any] = answer["choices"][0]["message"]
        return message

    async def respond(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]]
                      | None = None) -> Any:
        if self.system is None:  # as the agent
            return await self._complete(messages, tools)
        # as the user: the conversation seen from the other side
        flipped = [{"role": "system", "content": self.system}]
        for m in messages:
            if m["role"] == "assistant" and m.get("content"):
                flipped.append({"role": "user", "content": m["content"]})
            elif m["role"] == "user":
                flipped.append({"role": "assistant", "content": m["content"]})
        return str((await self._complete(flipped, None)).get("content") or STOP)

    async def close(self) -> None:
        if self._http is not None:
            await self._http.close()
            self._http = None


@dataclass
class ScriptedAgent:
    """Assistant turns from a YAML or JSON file (a list of messages), replayed in order;
    past the end it says goodbye."""

    turns: list[dict[str, Any]]
    position: int = 0

    @classmethod
    def load(cls, path: Path) -> ScriptedAgent:
        data = yaml.safe_load(path.read_text())
        if not isinstance(data, list):
            raise ValueError(f"{path}: a scripted agent is a list of assistant messages")
        return cls(list(data))

    async def respond(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]]
                      ) -> dict[str, Any]:
        if self.position >= len(self.turns):
            return {"content": "Thank you, goodbye.", "tool_calls": None}
        turn = self.turns[self.position]
        self.position += 1
        return turn


@dataclass
class ScriptedUser:
    lines: list[str]
    position: int = 0

    async def respond(self, messages: list[dict[str, Any]]) -> str:
        if self.position >= len(self.lines):
            return STOP
        line = self.lines[self.position]
        self.position += 1
        return line
