"""The table's ledger (issue 16): a whole session at a real table, kept in order (docs/ledger.md)."""
