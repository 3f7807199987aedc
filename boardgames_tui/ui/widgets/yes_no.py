"""A question's two buttons, shared by the yes/no dialog
(``screens/dialogs.ConfirmDialog``) and the covers that ask a yes or no
(``screens/agreement.py``)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Button


class YesNo(Horizontal):
    """ "Yes (y)" and "No (n)" in words of the question's own: ``#yes``
    drawn as a warning (it loses or ends something) unless ``harmless``,
    ``#no`` the default (its screen focuses it)."""

    DEFAULT_CSS = """
    YesNo { height: auto; }
    """

    def __init__(
        self,
        yes: str,
        no: str,
        *,
        harmless: bool = False,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.yes = yes
        self.no = no
        self.harmless = harmless

    def compose(self) -> ComposeResult:
        yes = f"{self.yes} (y)"
        if self.harmless:
            yield Button(yes, id="yes", variant="success")
        else:
            yield Button(yes, id="yes", variant="error")
        yield Button(f"{self.no} (n)", id="no", variant="primary")
