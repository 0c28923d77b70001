"""Peer implementations that tests, scripts and benchmarks compare mahjongkit with.

Nothing in the package imports from here: the peers are test and benchmark dependencies.
"""
