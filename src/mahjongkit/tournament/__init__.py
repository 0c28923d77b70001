"""Tournaments: seating players over an event's rounds (`mahjongkit.tournament.seating`)."""
