"""Tournaments: events and their players, seating, each table's result, table points,
standings and exports (docs/tournaments.md)."""
