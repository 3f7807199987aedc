"""The games.  Each package implements the Game contract; none imports another."""
