"""callgate: a proxy between LLM agents and their domain APIs."""

__version__ = "0.1.0"
