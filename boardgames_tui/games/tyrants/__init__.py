"""Tyrants of the Underdark (2-4 players, hidden hands): the board, the cards
and their effect vocabulary, and the game's options.  The rules engine comes
later."""
