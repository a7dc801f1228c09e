"""HTTP faces of the proxy: the agent API, health checks, the OpenAPI document."""
