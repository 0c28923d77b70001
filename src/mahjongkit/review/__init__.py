"""The reviewer: what each of a seat's decisions was worth, and what it could have done.

`mahjongkit.bots.lookahead` estimates every candidate action's points by sampling
the hidden tiles and playing the hand out; `mahjongkit.review.hands` goes through a
recorded hand decision by decision and rates it; `mahjongkit.review.reasons` and
`mahjongkit.review.explain` say why a choice cost points (slower hand, danger, value, a
missed win, a win under the minimum); `mahjongkit.review.games` reviews a player's hands
together and sums the game up. Standard library only.
"""
