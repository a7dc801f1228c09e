"""Acceptance runs through the proxy: scenarios x personas x k trials, judged on pass^k with
policy (``callgate accept``; docs/accept.md)."""
