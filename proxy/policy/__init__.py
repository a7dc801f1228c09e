"""Policy: declarative rule files compiled into predicates, and the decision they produce."""

from .decision import Decision, Verdict, Violation, combine
from .engine import CallInput, PolicySet, decide

__all__ = ["CallInput", "Decision", "PolicySet", "Verdict", "Violation", "combine", "decide"]
