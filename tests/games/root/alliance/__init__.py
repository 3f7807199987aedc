"""The Woodland Alliance's tests (Law 8): a test per paragraph, Outrage from
every other faction, random and rule-bot games with the Alliance in every
mix, and the views that keep the supporters hidden."""
