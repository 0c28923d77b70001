"""Playing mahjong: the wall, a hand as a state machine, observations, records, matches.

Hand level: `mahjongkit.game.wall`, `.actions`, `.events`, `.state`, `.observation`,
`.record`, `.runner`. See ``docs/game.md``.
"""
