"""The app's screens: menu, new-game setup, load, hand-off, game over, help,
the generic game screen and small dialogs."""
