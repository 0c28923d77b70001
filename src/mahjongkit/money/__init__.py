"""The money of a table: who pays whom for a win (`settlement`), instant payments
(`instant`), penalties (`penalties`), the dealer's rotation (`rotation`), the dead-hand pot
(`pot`), table points (`table_points`) and the club scoresheet (`scoresheet`).

Pure functions of the ruleset's ``table`` part and what happened; they know nothing of the
engine, which turns a hand's events into these calls (`mahjongkit.game.hand_money`).

>>> from mahjongkit.money.settlement import Win, settle, balances
>>> from mahjongkit.rules.ruleset import get_ruleset
>>> balances(settle([Win(winner=0, points=10, discarder=2)], get_ruleset("mcr").table))[:4]
(34, -8, -18, -8)
"""
