"""The look every cover of the table shares: the hand-off's
(``handoff.HandoffScreen``) and the end by agreement's
(``agreement.AgreementCover``).

A cover hides the whole table behind one box, as wide as the terminal lets
it up to a width that still reads as one box: the game's title, a bold
heading, then the cover's own lines.  Nothing said before it shows on it.
Its parts take these classes: ``cover-box`` (the box), ``cover-game`` (the
title), ``cover-heading``, ``cover-line`` (a line under the heading, in
italics), ``cover-hint`` (centred).
"""

from __future__ import annotations

from typing import Self, TypeVar

from textual.geometry import Region
from textual.screen import ModalScreen

R = TypeVar("R")


class Cover(ModalScreen[R]):
    """A screen covering the table (see the module's docstring)."""

    DEFAULT_CSS = """
    Cover { align: center middle; background: $background; }
    Cover .cover-box {
        width: 100%; max-width: 120; height: auto;
        padding: 1 2; border: double $accent; background: $surface;
    }
    Cover .cover-game { width: 100%; text-align: center; color: $text-muted; }
    Cover .cover-heading { width: 100%; text-align: center; text-style: bold; padding: 1 0; }
    Cover .cover-line { width: 100%; text-align: center; text-style: italic; padding: 0 0 1 0; }
    Cover .cover-hint { width: 100%; text-align: center; }
    """

    def on_mount(self) -> None:
        # Nothing of the previous seat crosses the cover: its messages
        # ("House Guard costs 3 influence; you have 2") go with it.
        self.app.clear_notifications()

    def refresh(
        self,
        *regions: Region,
        repaint: bool = True,
        layout: bool = False,
        recompose: bool = False,
    ) -> Self:
        # Regions are drawn again on a screen only for the screens beneath it
        # (Textual passes up what changed there).  Nothing beneath shows
        # through a cover (its background is opaque): the table put in its
        # waiting state as it covers asked for the whole cover again, in a
        # frame of its own after the cover's.
        if regions and not (layout or recompose):
            return self
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)
