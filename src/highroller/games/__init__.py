"""The games that ship with highroller: one folder each, registered as an entry point of the group
`highroller.games` in highroller's pyproject.toml, as any package registers its games."""
