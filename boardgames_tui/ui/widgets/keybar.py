"""The footer of the game screens: the keys that work now, in a row (two
where one cannot hold them).

Textual's Footer mounts a widget per key and mounts them all again whenever
the keys change, which on a game screen is most moves (each decision has its
own keys; the action list and the board have different ones): a layout pass
of the whole screen each time.  This bar is one widget that repaints itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, cast

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import ActiveBinding, Binding
from textual.command import CommandPalette
from textual.geometry import Size
from textual.reactive import Reactive
from textual.screen import ModalScreen
from textual.widget import Widget

from .kept_paintings import KeptPaintings
from .text_rows import TextRows

#: A key as the bar shows it: its display, the key pressed, enabled.
Shown = tuple[str, str, bool]


@dataclass(frozen=True)
class Entry:
    """One key or group of keys in the bar, with its words."""

    action: str
    keys: list[Shown]
    #: The keys where the bar closes up: each binding's first key alone.
    first: list[Shown]
    words: str
    enabled: bool

    @property
    def name(self) -> str:
        """The action's name, without the binding's parameters: "back('Menu')"."""
        return self.action.removeprefix("app.").partition("(")[0]

    def shown(self, close: bool) -> list[Shown]:
        return self.first if close else self.keys

    def width(self, close: bool) -> int:
        """Its columns: a space before each key and the words, and one
        after them (two where the bar has room)."""
        keys = sum(len(display) + 1 for display, _, _ in self.shown(close))
        return keys + len(self.words) + (1 if close else 2)


class KeyBar(KeptPaintings, TextRows, Widget):
    """The keys that work now, as a line of text at the bottom (two where
    one cannot hold them: ``SHARED``): the footer's job, drawn by one widget.  (Textual's Footer mounts a widget per
    key and rebuilds them all whenever the keys change -- on almost every
    move here, where each decision has its own keys.)  A click on a key
    presses it."""

    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        background: $footer-background;
        color: $footer-foreground;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    KeyBar > .keybar--key {
        color: $footer-key-foreground;
        background: $footer-key-background;
        text-style: bold;
    }
    KeyBar > .keybar--description {
        color: $footer-description-foreground;
    }
    KeyBar > .keybar--disabled {
        color: $text-disabled;
    }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "keybar--key",
        "keybar--description",
        "keybar--disabled",
    }
    #: Sized by the layout alone (``laid_out``): a bar that takes a second
    #: row is laid out once.
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)

    def __init__(
        self,
        give_way: tuple[str, ...] | None = None,
        *,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        """``give_way``: the actions that give way when the keys crowd, first
        to go first (default: ``GIVE_WAY``); a game's screen passes its own
        (a card list, a table behind a key) instead of subclassing."""
        super().__init__(id=id, classes=classes)
        give_way = self.GIVE_WAY if give_way is None else give_way
        #: The bots' pace (F5) gives way among the first in every bar: it is
        #: shown wherever bots play, and matters less than the decision's keys.
        if "pace" not in give_way:
            give_way = ("pace", *give_way)
        #: The advice (?) among the last, just before the help, in every bar.
        if "advice" not in give_way:
            at = give_way.index("help") if "help" in give_way else len(give_way)
            give_way = (*give_way[:at], "advice", *give_way[at:])
        self.give_way: tuple[str, ...] = give_way
        #: Where each key is drawn: (row, first column, end column, key).
        self._spots: list[tuple[int, int, int, str]] = []
        #: The keys drawn last (key, action, description, enabled).
        self._last_keys: tuple[tuple[str, str, str, bool], ...] | None = None
        #: The screen's active bindings when they were last looked at (each
        #: look asks every binding's check_action), and the line drawn
        #: from them, by what it depends on.
        self._active: dict[str, ActiveBinding] | None = None
        #: The bar's rows drawn lately, by what they depend on (the keys, the
        #: width, the rows, the styles): a screen's keys go back and forth
        #: between a few sets (the board's, the action list's), each drawn once.
        self._drawn: dict[
            tuple[object, ...], tuple[list[Text], list[tuple[int, int, int, str]]]
        ] = {}
        #: Its component classes' styles, by the theme they were read in
        #: (until the bar's styles change: ``notify_style_update``).
        self._styles: tuple[str, Style, Style, Style] | None = None
        #: A look at the keys is on its way (``_keys_changed``).
        self._look_due = False
        #: The fewest rows the bar takes: on a dialog, as many as the bar of
        #: the screen beneath it, which it covers (its keys, not the screen's
        #: beneath, show under the dialog).
        self._least = 1
        #: The rows the bar has taken at this width: it keeps them (a board
        #: that moved up and down a row between moves would be drawn twice
        #: and read badly); a new width starts again.
        self._taken = 1
        self._taken_at = 0
        #: The rows the bar last fitted itself to (a dialog's bar above
        #: reads it: its size lags until the next layout).
        self.rows = 1

    def on_mount(self) -> None:
        # Told as the keys change, not through a callback of its own queued
        # after the signal (a message and a turn of the bar's queue a move):
        # the look itself waits for the signals sent in the same turn.
        self.screen.bindings_updated_signal.subscribe(self, self._keys_changed, immediate=True)

    def on_click(self, event: events.Click) -> None:
        for y, start, end, key in self._spots:
            if y == event.y and start <= event.x < end:
                event.stop()
                self.app.simulate_key(key)
                return

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _keys_changed(self, screen: object) -> None:
        # The keys are signalled on every focus change and move, two or
        # three times a move: looked at once, after the signals already
        # sent (each look asks every binding's check_action).
        if not self._look_due:
            self._look_due = True
            self.call_later(self._look)

    def _look(self) -> None:
        # Repaint only when the bar would read differently; not behind a
        # screen that hides it (a hand-off's cover): its screen shown again
        # signals the keys (Textual's stack change), and it looks then.
        self._look_due = False
        top = self.app.screen
        if top is not self.screen and top.styles.background.a >= 1:
            return
        self._active = self.screen.active_bindings
        shown = self._shown_keys(self._active)
        if shown != self._last_keys:
            self._last_keys = shown
            self.refresh()
            self._fit_height()

    @staticmethod
    def _shown_keys(
        bindings: dict[str, ActiveBinding],
    ) -> tuple[tuple[str, str, str, bool], ...]:
        return tuple(
            (key, active.binding.action, active.binding.description, active.enabled)
            for key, active in bindings.items()
            if active.binding.show
        )

    #: When the keys do not fit even in two rows (``MOST_ROWS``), the keys
    #: every screen has give way, in this order (their actions); the decision's own keys and Quit always stay,
    #: and F1, which lists every key, goes last.  Leaving the game (Esc)
    #: stays longer than Undo and the log: a player should always see how
    #: to leave, where Ctrl+Z is known and the log is in the help.  A game's
    #: table behind a key (Tyrants' score, V) gives way first.
    GIVE_WAY: ClassVar[tuple[str, ...]] = (
        "command_palette",
        "score",
        "pace",
        "save",
        "undo",
        "log",
        "back",
        "esc",
        "menu",
        "table",
        "dragons",
        "picker",
        "advice",
        "help",
    )

    #: The keys every screen has (their actions): where one row cannot hold
    #: all the keys, these make the bar's second row, under the screen's own,
    #: in this order -- the same row in every game, so a player finds them
    #: where they were.
    SHARED: ClassVar[tuple[str, ...]] = (
        "picker",
        "log",
        "help",
        "undo",
        "save",
        "advice",
        "pace",
        "skip",
        "results",
        "back",
        "esc",
        "menu",
        "leave",
        "quit",
        "command_palette",
    )

    #: The most rows the bar takes: a second where one cannot hold the keys.
    MOST_ROWS: ClassVar[int] = 2

    def text_rows(self) -> list[Text]:
        # Drawn as rows of text (TextRows), not laid out as content.
        return self._drawn_rows()

    def render(self) -> Text:
        """The bar's rows as one text, a line each."""
        return Text("\n").join(self._drawn_rows())

    def drawn_keys(self) -> list[str]:
        """The keys the bar draws now (the first key of each binding shown)."""
        self._drawn_rows()
        return [key for _, _, _, key in self._spots]

    #: How many drawings the bar keeps (``_drawn``).
    KEPT: ClassVar[int] = 16

    def notify_style_update(self) -> None:
        # (The drawings stay: they are kept by the styles they were drawn in.)
        self._styles = None
        super().notify_style_update()

    def _bar_styles(self) -> tuple[Style, Style, Style]:
        """The styles of the keys, their words and what is off, read once
        per theme and restyle of the bar."""
        theme = self.app.theme
        styles = self._styles
        if styles is None or styles[0] != theme:
            styles = self._styles = (
                theme,
                self.get_component_rich_style("keybar--key"),
                self.get_component_rich_style("keybar--description"),
                self.get_component_rich_style("keybar--disabled"),
            )
        return styles[1], styles[2], styles[3]

    def _drawing_key(self) -> tuple[object, ...]:
        """Everything the bar's rows are drawn from: the keys shown, the
        width, the rows taken, the styles (``_drawn`` keeps drawings by it)."""
        key_style, text_style, off_style = self._bar_styles()
        # The bindings as last signalled (the screen signals every change),
        # else as they are now.
        if self._active is None:
            self._active = self.screen.active_bindings
            self._last_keys = self._shown_keys(self._active)
        modal = isinstance(self.screen, ModalScreen)
        steady = 1 if modal else self._taken
        return (
            self._last_keys,
            self.size.width,
            self._least,
            steady,
            key_style,
            text_style,
            off_style,
        )

    def _drawn_rows(self) -> list[Text]:
        key = self._drawing_key()
        kept = self._drawn.get(key)
        if kept is not None:
            self._spots = list(kept[1])
            return [row.copy() for row in kept[0]]
        assert self._active is not None
        _, width, _, steady, key_style, text_style, off_style = key
        close, rows = self._plan(self._entries(self._active), cast(int, width), cast(int, steady))
        # Blank rows above the keys, where the bar covers a taller one.
        rows = [[] for _ in range(self._least - len(rows))] + rows
        drawn = self._draw(
            close, rows, cast(Style, key_style), cast(Style, text_style), cast(Style, off_style)
        )
        if len(self._drawn) >= self.KEPT:
            del self._drawn[next(iter(self._drawn))]
        self._drawn[key] = ([row.copy() for row in drawn], list(self._spots))
        return drawn

    def shows(self) -> object:
        # (``KeptPaintings``: the bar's keys go back and forth between a few
        # sets, the board's, the action list's, a decision's.  Its rows are
        # kept by their drawing, while the bar keeps that.)
        drawing = self._drawing_key()
        kept = self._drawn.get(drawing)
        if kept is None:
            return None
        self._spots = list(kept[1])
        return drawing

    def _entries(self, bindings: dict[str, ActiveBinding]) -> list[Entry]:
        """The keys shown, an entry per key or group of keys, in order."""
        shown: list[tuple[str, Binding, bool]] = []
        for key, active in bindings.items():
            binding = active.binding
            if not binding.show:
                continue
            if shown and shown[-1][1].action == binding.action:
                # Keys sharing an action (← and →) are shown together.
                last_key, last, last_enabled = shown[-1]
                shown[-1] = (f"{last_key},{key}", last, last_enabled)
                continue
            shown.append((key, binding, active.enabled))
        entries: list[Entry] = []
        index = 0
        while index < len(shown):
            key, binding, enabled = shown[index]
            group = binding.group
            members = [shown[index]]
            if group is not None:
                while index + len(members) < len(shown):
                    nxt = shown[index + len(members)]
                    if nxt[1].group != group:
                        break
                    members.append(nxt)
            keys: list[Shown] = []
            first: list[Shown] = []
            for member_keys, member, member_enabled in members:
                split = member_keys.split(",")
                # (A binding's own display for its one key: PgUp, not pgup.)
                shown_as = [
                    self.app.get_key_display(
                        member.with_key(k, member.key_display if len(split) == 1 else None)
                    )
                    for k in split
                ]
                # ←→ run together; ⏎/space need the slash to read as two keys.
                display = ("" if all(len(d) == 1 for d in shown_as) else "/").join(shown_as)
                keys.append((display, split[0], member_enabled))
                # A binding's aliases (Space beside Enter) are in the help:
                # where the keys crowd, the first stands for them.
                alias = len(split) > 1 and any(len(d) > 1 for d in shown_as)
                first.append((shown_as[0] if alias else display, split[0], member_enabled))
            description = (
                group.description if group is not None and len(members) > 1 else binding.description
            )
            entries.append(Entry(binding.action, keys, first, description, enabled))
            index += len(members)
        if self.app.ENABLE_COMMAND_PALETTE and not isinstance(self.screen, CommandPalette):
            palette: list[Shown] = [("^p", "ctrl+p", True)]
            entries.append(Entry("command_palette", palette, palette, "Palette", True))
        return entries

    def _in_rows(
        self, entries: list[Entry], room: int, close: bool, most: int | None = None, least: int = 1
    ) -> list[list[Entry]] | None:
        """``entries`` in the rows they fit, or None where they do not.  One
        row if it holds them; else the screen's own keys above, the keys
        every screen has below (where a row overflows, its neighbour takes
        the keys nearest it, if it has room)."""

        def width(items: list[Entry]) -> int:
            return sum(e.width(close) for e in items)

        # The screen's own keys first, then the keys every screen has in
        # their one order (on one row as on two: a player finds them where
        # they were, in every game).
        own = [e for e in entries if e.name not in self.SHARED]
        shared = sorted(
            (e for e in entries if e.name in self.SHARED), key=lambda e: self.SHARED.index(e.name)
        )
        order = own + shared
        if least < 2 and width(order) <= room:
            return [order]
        if (self.MOST_ROWS if most is None else most) < 2:
            return None
        # Where the rows part: between the two kinds if both rows fit there,
        # else at the nearest place where they do.
        for shift in range(len(order) + 1):
            for cut in (len(own) - shift, len(own) + shift):
                if 0 < cut < len(order):
                    top, bottom = order[:cut], order[cut:]
                    if width(top) <= room and width(bottom) <= room:
                        return [top, bottom]
        return None

    def _plan(
        self, entries: list[Entry], room: int, least: int = 1
    ) -> tuple[bool, list[list[Entry]]]:
        """The entries that fit the bar's width, in their rows, and whether
        they are closed up.  Where they crowd, first they close up (one
        column between them, not two, and a key's aliases left to the help:
        ⏎ for ⏎/space), then take a second row (the keys every screen has),
        and only where two rows cannot hold them do the keys every screen
        has give way, in ``give_way``'s order."""
        if not room:
            return False, [entries]
        # The palette's hint only where it fits beside the rest: Ctrl+P is
        # in the help, and no key gives way nor a row is added for it.
        spare = [e for e in entries if e.name == "command_palette"]
        entries = [e for e in entries if e.name != "command_palette"]
        close, rows = self._placed(entries, room, least)
        if spare and sum(e.width(close) for e in [*rows[-1], *spare]) <= room:
            rows[-1] = [*rows[-1], *spare]
        return close, rows

    def _placed(
        self, entries: list[Entry], room: int, least: int
    ) -> tuple[bool, list[list[Entry]]]:
        # One row, with room between the keys, then closed up; then two.
        for most in range(min(least, self.MOST_ROWS), self.MOST_ROWS + 1):
            for close in (False, True):
                rows = self._in_rows(entries, room, close, most, least)
                if rows is not None:
                    return close, rows

        def without(out: set[str]) -> list[Entry]:
            return [e for e in entries if e.name not in out]

        def fits(out: set[str]) -> bool:
            return self._in_rows(without(out), room, True) is not None

        gone: list[str] = []
        for action in self.give_way:
            if fits(set(gone)):
                break
            if any(e.name == action for e in entries):
                gone.append(action)
        # Only what had to go: a key that gave way before another whose going
        # made the room comes back if it fits (the one to go last first).
        out = set(gone)
        for action in reversed(gone[:-1]):
            if fits(out - {action}):
                out.discard(action)
        rows = self._in_rows(without(out), room, True)
        # (Still too long: one row, cut with an ellipsis.)
        return True, rows if rows is not None else [without(out)]

    def _draw(
        self,
        close: bool,
        rows: list[list[Entry]],
        key_style: Style,
        text_style: Style,
        off_style: Style,
    ) -> list[Text]:
        """The rows drawn, and where each key is (``_spots``)."""
        lines: list[Text] = []
        self._spots = []
        for y, row in enumerate(rows):
            line = Text()
            for entry in row:
                for display, key, key_enabled in entry.shown(close):
                    start = len(line) + 1
                    line.append(f" {display}", style=key_style if key_enabled else off_style)
                    self._spots.append((y, start, len(line), key))
                words = f" {entry.words}" + ("" if close else " ")
                line.append(words, style=text_style if entry.enabled else off_style)
            lines.append(line)
        return lines

    def _fit_height(self) -> None:
        """The bar's height: the rows its keys take at its width now."""
        if not self.size.width or not self.is_mounted:
            return
        screen, stack = self.screen, self.app.screen_stack
        if isinstance(screen, ModalScreen) and screen in stack and stack.index(screen) > 0:
            beneath = stack[stack.index(screen) - 1]
            self._least = max([1, *(bar.rows for bar in beneath.query(KeyBar))])
        elif self.screen.has_class("-narrow"):
            # A game's screen at 80 columns: two rows from the start, the
            # keys every screen has on the second (one row rarely holds them).
            self._taken = max(self._taken, 2)
        rows = max(1, len(self._drawn_rows()))
        if not isinstance(screen, ModalScreen):
            self._taken = max(self._taken, rows)
        if self.styles.height is None or self.styles.height.value != rows:
            self.styles.height = rows
        if rows != self.rows:
            self.rows = rows
            # A dialog's bar over this screen covers as many rows as this
            # one takes, when they change under it too (a resize, a move
            # followed from the save): none of these keys peeks out.
            if screen in stack:
                for above in stack[stack.index(screen) + 1 :]:
                    for bar in above.query(KeyBar):
                        bar.refresh()
                        bar._fit_height()
        # The notifications stand over the bar, not over its second row
        # (``app.tcss``: ``-two-key-rows``).  Only they read the class: they
        # are styled again, not the whole screen (a layout and a restyle of
        # every part, in the move that first took two rows at a width).
        two = rows > 1
        if self.screen.has_class("-two-key-rows") != two:
            self.screen.set_class(two, "-two-key-rows", update=False)
            racks = list(self.screen.query("#textual-toastrack"))
            if racks:
                self.app.stylesheet.update_nodes(racks, animate=False)

    def on_resize(self) -> None:
        # A new width: what fits changes, and the keys may too (a screen's
        # layout classes follow its size): look at them again.  The same
        # width (the bar's own height set, its screen shown again after a
        # cover) changes neither: the keys' changes come by the signal.
        if self.size.width == self._taken_at:
            return
        self._taken, self._taken_at = 1, self.size.width
        self._active = None
        self.refresh()
        self._fit_height()


__all__ = ["KeyBar"]
