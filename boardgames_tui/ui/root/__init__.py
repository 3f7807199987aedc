"""Root's own screen: the Woodland, the Burrow and both factions' boards."""
