"""The seed's rules and the nine named variants of the reference's conflict table.

The seed document is the default (``standard``). Each conflict of
shared/reference/endor.md ("Conflicts between the seed and this file's sources")
is a variant under the name that table gives, and ``sw_ksirk`` switches all nine
on at once (S1's rules). :func:`rules_for` turns a variant name into the flags the
rules read.

>>> r = rules_for("sw_ksirk_12_bwings")
>>> r.b_wings, r.bonus_on_top
(12, False)
>>> rules_for("sw_ksirk").luke_hits, rules_for("standard").luke_hits
(13, 4)
"""

from __future__ import annotations

from dataclasses import dataclass

from explorer.core import Variant
from explorer.games.endor.data import load_data

CONFLICTS: tuple[Variant, ...] = (
    Variant("sw_ksirk_duel_tracks", "conflict 1: Vader's track holds 12 hits and Luke's 13 (S1), red = Vader's last 3"),
    Variant("sw_ksirk_12_bwings", "conflict 2: the box has 12 B-wings, all placed (S1), none in the Rebel supply"),
    Variant("sw_ksirk_bonus_on_top", "conflict 3: bonus orders go on top of the order pile and are played next (S1)"),
    Variant("sw_ksirk_moved_ships_only", "conflict 4: after a move only the ships that moved attack, from where they "
                                         "arrived (S1 README); no move, no attack"),
    Variant("sw_ksirk_markers_death_star_only", "conflict 5: fleet markers are removed only by a Death Star shot, "
                                                "never by ordinary attacks (S1)"),
    Variant("sw_ksirk_no_marker_bonus", "conflict 6: no bonus order for a Death Star shot on a fleet marker (S1)"),
    Variant("sw_ksirk_uncapped_death_star_dice", "conflict 7: the Rebels roll 1 die per attacking ship (Falcon 2) "
                                                 "at the Death Star, no cap of 5 (S1)"),
    Variant("sw_ksirk_duel_closes", "conflict 8: once Luke or Vader is destroyed or redeemed, no duel order at all "
                                    "may be used (S1)"),
    Variant("optional_order", "conflict 9: a player may use one order on the revealed card or none (S1, S7, S8)"),
)

VARIANTS: tuple[Variant, ...] = (
    Variant("standard", "the seed document: 4-hit duel tracks, 15 B-wings (3 in the supply), bonus orders at the "
                        "bottom of the pile, every ship of the ordered type attacks, one order must be used"),
    *CONFLICTS,
    Variant("sw_ksirk", "preset: all nine sw_ksirk / optional_order variants at once (S1's rules)"),
)


@dataclass(frozen=True)
class Rules:
    """The switches the rules read; one per conflict of the reference table."""

    luke_hits: int
    vader_hits: int
    red_spaces: int
    b_wings: int
    bonus_on_top: bool
    moved_ships_only: bool
    markers_death_star_only: bool
    no_marker_bonus: bool
    uncapped_death_star_dice: bool
    duel_closes: bool
    optional_order: bool


def rules_for(variant: str) -> Rules:
    """The flags of ``variant`` (one of :data:`VARIANTS`)."""
    names = {v.name for v in VARIANTS}
    if variant not in names:
        raise ValueError(f"unknown variant {variant!r}; variants: {', '.join(sorted(names))}")
    on = {v.name for v in CONFLICTS} if variant == "sw_ksirk" else {variant}
    duel = load_data().duel
    ksirk_duel = "sw_ksirk_duel_tracks" in on
    return Rules(
        luke_hits=duel["sw_ksirk_luke_hits"] if ksirk_duel else duel["luke_hits"],
        vader_hits=duel["sw_ksirk_vader_hits"] if ksirk_duel else duel["vader_hits"],
        red_spaces=duel["red_spaces"],
        b_wings=load_data().b_wings_sw_ksirk if "sw_ksirk_12_bwings" in on else load_data().ship("B-wing").count,
        bonus_on_top="sw_ksirk_bonus_on_top" in on,
        moved_ships_only="sw_ksirk_moved_ships_only" in on,
        markers_death_star_only="sw_ksirk_markers_death_star_only" in on,
        no_marker_bonus="sw_ksirk_no_marker_bonus" in on,
        uncapped_death_star_dice="sw_ksirk_uncapped_death_star_dice" in on,
        duel_closes="sw_ksirk_duel_closes" in on,
        optional_order="optional_order" in on,
    )
