"""The table's ledger: a whole session at a real table, kept in order (docs/ledger.md)."""
