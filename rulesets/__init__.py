"""The mahjong scoring engine: pure Python, standard library only (no Django import here).

Modules: tiles, hand, shapes, scoring (result types, exclusions, the Ruleset value), notation (hand
strings and the share code), registry (systems by id/alias), engine (the front door), and one module
or package per regional system (each defines ``RULESET``).
"""

ENGINE_VERSION = "2026.12.2"
"""The engine's version, kept with every result a table's ledger snapshots (bump it when a fix changes
what some hand scores, so an old snapshot says which engine made it)."""
