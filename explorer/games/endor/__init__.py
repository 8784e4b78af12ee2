"""The Battle of Endor (Risk: Star Wars Edition): rules, odds, position format and story."""
