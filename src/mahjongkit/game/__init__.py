"""Playing mahjong: the wall, a hand as a state machine, observations, records, matches.

Hand level: `mahjongkit.game.wall`, `.actions`, `.events`, `.state`, `.observation`,
`.record`, `.runner`; one seat's position rebuilt from what it saw, `.position`, following
the rules of a decision the state follows too, `.decisions`. See ``docs/game.md``.
"""
