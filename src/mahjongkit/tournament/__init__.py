"""Tournaments: events and their players, seating over the rounds (`seating`), each
table's result, table points, standings and exports (docs/tournaments.md)."""
