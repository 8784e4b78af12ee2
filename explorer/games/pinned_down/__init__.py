"""Pinned Down (Nick Prühs, 2015 rules): a co-operative flight through Dra'tar space.

Every card the players play adds threat; threat decides what the attack deck sends.
See ``RULES.md`` for the readings taken where the rules are silent.
"""
