"""The mahjong scoring engine: pure Python, standard library only (no Django import here).

Modules: tiles, hand, shapes, scoring (result types, exclusions, the Ruleset value), notation (hand
strings and the share code), registry (systems by id/alias), engine (the front door), and one module
or package per regional system (each defines ``RULESET``).
"""
