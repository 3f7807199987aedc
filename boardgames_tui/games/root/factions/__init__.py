"""The two factions' own rules: the Marquise de Cat and the Underground Duchy."""
