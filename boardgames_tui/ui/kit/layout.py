"""The game screen's layout with named slots, filled by declaring widgets.

:class:`BoardScreen` is a :class:`~boardgames_tui.ui.screens.game.GameScreen`
(the flow: moves, bots, hand-offs, undo, saves, results) with the layout
every game's own screen shares, top to bottom::

    #game-title   the game, the move count        (Static)
    #prompt       what is being decided            (Static)
    #hint         the keys for it ("Enter: ...")   (Static)
    #<ROW_ID> (Horizontal)
        #<BOARD_ID> (Vertical)   board_parts(): the board, the detail line ...
        #<SIDE_ID>  (Vertical)   side_parts(): panels; make_picker(); make_log()
    key_bar()     the keys that work now           (KeyBar)

A game fills the slots by declaring, never by writing ``compose``:

- ``board_parts()`` and ``side_parts()``: the widgets of the two columns
  (a widget given children, ``PanelScroll(Panel(...), id=...)``, is a
  container);
- ``top_parts()``: widgets before the title (Underwing's palette);
- ``make_picker()``: the action picker (id ``actions``; an
  ``ActionPicker`` subclass may be given); ``make_log()``: the log (id
  ``log``);
- ``key_bar()``: the key bar (``KeyBar(give_way=...)`` to change which keys
  give way first when they crowd);
- ``TITLES``: border titles by selector; ``PICKER_FOCUS``: whether the
  picker takes the focus from the start (False: only when asked for, so
  the digits and Enter stay the board's keys);
- ``ROW_ID``, ``BOARD_ID``, ``SIDE_ID``: the containers' ids, which the
  game's stylesheet sizes.

The choice framework (``kit/choice.py``) is wired here too: a screen that
sets ``KEYMAP`` and defines ``here()`` gets ``check_action`` for its keys
from the map (hidden, dimmed, shown), ``take(action, *parameters)`` to play
what a key stands for (one legal action: played; several: the kit's
``ChoiceDialog``; none: the reason, as a warning), ``action_explain(key)``
for the last binding of each key (why it does nothing now) and the hint
line drawn from the map on every redraw.

The rules of GameScreen still hold (see its docstring and
docs/architecture.md): no ``super().on_mount()`` (the kit's ``on_mount``
and GameScreen's run by themselves, in that order, after the game's own),
``inherit_bindings=False`` with its own ``BINDINGS`` including ``*BOT_KEYS``,
``CSS_PATH = [str(GAME_SCREEN_CSS), its own]``, shared parts found through
``part``/``one``, and nothing of another seat on screen.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Static

from boardgames_tui.engine.game import Action

from ..screens.game import GameScreen
from ..widgets import ActionPicker, GameLog
from ..widgets.keybar import KeyBar
from ..widgets.text_line import update_text
from .choice import KeyMap, Pick
from .dialogs import ChoiceDialog


class BoardScreen(GameScreen):
    """A game's own screen: the shared layout and choice wiring; the game
    declares its parts (see the module's docstring)."""

    ROW_ID: ClassVar[str] = "play"
    BOARD_ID: ClassVar[str] = "board"
    SIDE_ID: ClassVar[str] = "side"
    #: Border titles, by selector (every widget it matches).
    TITLES: ClassVar[dict[str, str]] = {"#actions": "All actions (A)", "#log": "Log (L)"}
    #: The picker may take the focus from the start.
    PICKER_FOCUS: ClassVar[bool] = True
    #: The game's keys as data (None: the screen checks its keys itself).
    KEYMAP: ClassVar[KeyMap[Any] | None] = None
    #: The dialog ``ask`` opens: the kit's, or a game's subclass of it that
    #: keeps the game's own look.
    CHOICE_DIALOG: ClassVar[type[ChoiceDialog]] = ChoiceDialog

    # -------------------------------------------------------------- slots
    def top_parts(self) -> Iterable[Widget]:
        """Widgets before the title (none by default)."""
        return ()

    def board_parts(self) -> Iterable[Widget]:
        """The board column: the board, its detail line, ..."""
        return ()

    def side_parts(self) -> Iterable[Widget]:
        """The side column's panels, above the picker and the log."""
        return ()

    def make_picker(self) -> ActionPicker:
        """The list of every legal action, the fallback for every decision
        (id ``actions``)."""
        return ActionPicker(id="actions")

    def make_log(self) -> GameLog:
        return GameLog(id="log")

    def key_bar(self) -> KeyBar:
        return KeyBar()

    def compose(self) -> ComposeResult:
        yield from self.top_parts()
        yield Static(id="game-title", markup=False)
        yield Static(id="prompt", markup=False)
        yield Static(id="hint", markup=False)
        with Horizontal(id=self.ROW_ID):
            with Vertical(id=self.BOARD_ID):
                yield from self.board_parts()
            with Vertical(id=self.SIDE_ID):
                yield from self.side_parts()
                yield self.make_picker()
                yield self.make_log()
        yield self.key_bar()

    def on_mount(self) -> None:
        for selector, title in self.TITLES.items():
            for widget in self.query(selector):
                widget.border_title = title
        if not self.PICKER_FOCUS:
            self.one("#actions", ActionPicker).can_focus = False
        # GameScreen's own on_mount runs after this one (Textual calls the
        # handler of every class in the MRO) and starts the game.

    # ------------------------------------------------------------- choices
    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # A screen with a key map says what the map reads: checked when the
        # class is made, not at the first key.
        if cls.KEYMAP is not None and cls.here is BoardScreen.here:
            raise TypeError(f"{cls.__name__} sets KEYMAP, so it defines here()")

    def here(self) -> Any:
        """What the game's key map reads (its state as the player at the
        keys may see it, the legal actions, what the cursor points at).
        Every screen that sets ``KEYMAP`` defines it (see
        ``__init_subclass__``); without a key map nothing asks."""
        return None

    def hint_text(self) -> str:
        """The hint line: the map's hint while a person may act."""
        if self.KEYMAP is None or not self.live:
            return ""
        return self.KEYMAP.hint(self.here())

    def draw_hint(self) -> None:
        hint = self.part("#hint", Static)
        if hint is not None:
            update_text(hint, self.hint_text())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        keymap = self.KEYMAP
        if keymap is not None:
            if action == "take" and parameters and str(parameters[0]) in keymap:
                # A binding "take('kind', ...)": the kind's own check.
                if not self.live:
                    return False
                return keymap.check(self.here(), str(parameters[0]), parameters[1:])
            if action in keymap:
                if not self.live:
                    return False
                return keymap.check(self.here(), action, parameters)
            if action == "explain":
                return self.live
        return super().check_action(action, parameters)

    def take(self, action: str, *parameters: object) -> None:
        """Play what the key bound to ``action`` stands for now."""
        assert self.KEYMAP is not None
        self.play_pick(self.KEYMAP.pick(self.here(), action, *parameters))

    def action_take(self, kind: str, *parameters: object) -> None:
        """A binding to ``take('kind', ...)`` plays that kind of the key map
        (checked, shown and dimmed as a binding to ``kind`` itself is): a
        screen need not write an ``action_<kind>`` method for each key."""
        self.take(kind, *parameters)

    def play_pick(self, pick: Pick) -> None:
        """One legal action: played; several: asked which; none: the reason."""
        if not pick.actions:
            self.notify(pick.reason, title="Not possible", severity="warning")
            return
        if len(pick.actions) == 1:
            self.play(pick.actions[0])
            return
        self.ask(pick.title or "Which one?", pick.actions)

    def ask(self, title: str, actions: Iterable[Action], **dialog: Any) -> None:
        """The kit's ChoiceDialog over ``actions``, each in the words the
        action picker gives it (``session.describe``); the one chosen is
        played.  ``dialog``: the dialog's ``default`` and ``note``."""
        choices = [(a, self.session.describe(a)) for a in actions]

        def chosen(action: Action | None) -> None:
            if action is not None:
                self.play(action)

        self.app.push_screen(self.CHOICE_DIALOG(title, choices, **dialog), chosen)

    def action_explain(self, key: str) -> None:
        """A key that does nothing now: say why."""
        if self.KEYMAP is None:
            return
        self.notify(self.KEYMAP.explain(self.here(), key), title="Not possible", severity="warning")


__all__ = ["BoardScreen"]
