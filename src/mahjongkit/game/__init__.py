"""Playing mahjong: the wall, a hand and a match as state machines, observations, records.

Hand level: `mahjongkit.game.wall`, `.actions`, `.events`, `.state`, `.observation`,
`.record`. Match level: `.match_state` (`MatchState`, the match stepped one decision at a
time), `.match_record`, `.runner` (the bot loop), `.match` (`Match`: a game between bots).
See ``docs/game.md``.
"""
