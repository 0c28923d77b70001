"""The reviewer: what each of a seat's decisions was worth, and what it could have done.

`mahjongkit.review.evaluation` estimates every candidate action's points by sampling
the hidden tiles and playing the hand out; `mahjongkit.review.hands` goes through a
recorded hand decision by decision. Standard library only.
"""
