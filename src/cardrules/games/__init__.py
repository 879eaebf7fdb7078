"""The games cardrules ships, each a configuration of the shared cores."""
