"""Playing mahjong: the wall, a hand and a match as state machines, observations, records.

Hand level: `mahjongkit.game.wall`, `.actions`, `.events`, `.state`, `.observation`,
`.record`, `.runner` (the bot loop); one seat's position rebuilt from what it saw,
`.position`, following the rules of a decision the state follows too, `.decisions`. Match
level: `.match_state` (`MatchState`, the match stepped one decision at a time),
`.match_record`, `.match` (`Match`: a game between bots). See ``docs/game.md``.
"""
