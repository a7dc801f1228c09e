"""The human gate: tickets for held calls, operators, the outbox that executes approvals once,
notifications, and the hash-chained audit log."""
