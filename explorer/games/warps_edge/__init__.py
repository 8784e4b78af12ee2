"""Warp's Edge: the solo bag-builder, with a labelled demonstration data set.

>>> import explorer
>>> game = explorer.load_game("warps_edge")
>>> game.info.title, game.player_name(0)
("Warp's Edge", 'Pilot')
"""
