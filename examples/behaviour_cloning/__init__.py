"""Behaviour cloning of the ``defender`` bot, end to end: a dataset of its decisions made
with the project's own tools (`data`), a small policy network over the observation planes
(`model`), trained with PyTorch on the CPU (`train`), then its agreement with the defender
on held-out hands and its duplicate result against the ``efficient`` bot through the
Gymnasium environment (`evaluate`). ``python -m examples.behaviour_cloning`` runs it all
(README.md).
"""
