"""The choice framework: keys and a cursor to the engine's legal actions.

A game screen never builds a move: a key (or Enter at the cursor, or a
click) stands for a *kind* of action, and the framework picks, among
``legal_actions``, the ones of that kind at what the cursor points at.  One
found: it is played.  Several: the screen asks which (the kit's
``ChoiceDialog``).  None: the key says why, in a player's words.  Nothing
here imports Textual.

The parts:

- :class:`Pick`: the legal actions a key stands for now, or the reason there
  are none, and a title for the dialog when there are several.
  :func:`match` (one candidate action, kept only when legal) and
  :func:`among` (the legal actions a test keeps) make one.
- :class:`KeyKind`: one screen action (a binding's ``action``, without its
  parameters) declared as data: the decisions it means something in
  (``steps``), the function that picks its legal actions (``pick``), whether
  it is shown dimmed rather than hidden when that finds nothing (``dim``),
  an extra condition for showing it (``shown``) and when it may be used
  (``when``, the reason for a key pressed at another time).
- :class:`KeyMap`: a game's kinds, with the function naming the decision
  at hand, the hint line ("what Enter does here" first) and the reason a
  key does nothing.  The screen asks it in ``check_action`` (shown, dimmed
  or hidden), in each key's action (the pick) and for the reason a key
  cannot be used (``why_not``, or the game's ``explain`` for a bare key).

Every function of a game's map takes one value, the game's *here*: what the
keys read (the state as the player at the keys may see it, the legal
actions, what the cursor points at).  Each game defines its own.

How each game maps onto it:

- Incubation: here = ``(state, legal, Selection)``; decisions from
  ``choices.decision``; kinds ``roll``, ``confirm_reroll``, ``use_die``,
  ``deck``, ``incubator``, ``claim``, ``section``, ``take_section``,
  ``decline`` each pick with one of ``choices.pick_*`` (one candidate,
  :func:`match`); ``mark``, ``other_die``, ``ring`` only move the selection
  (no pick).  Hint and reason: ``choices.hint`` and ``choices.explain_key``.
- Tyrants (``ui/tyrants/keys.py``): here = ``Here(state, legal, pointer,
  map_pointer, focus, ...)``; no decision steps, each key ``shown`` by the
  kinds of the legal actions; kinds ``act`` (Enter: every legal action at
  the pointer, ``choices.at``), ``deploy``, ``remove``, ``move_troop``,
  ``spy`` (D X M S at the map's cursor from any panel), ``end_turn`` and
  ``stop`` (E N), ``number`` (1-9); several found go to the dialog titled by
  the space or the card.  Hint: ``choices.hint``; reasons: ``keys.explain``.
- Root: here = ``ui/root/here.Here`` (the view, the legal actions, the cursor's
  clearing); the decision is ``map`` or ``list`` (``choices.decision``);
  each direct key is a ``LetterKey`` (letter, action kinds, words and
  ``when``) made into a ``KeyKind`` whose pick is ``with_key`` at the
  cursor, shown while its action is legal somewhere, its ``when`` the
  reason it is out of its time; ``act`` (Enter) and ``choose`` (1-9) pick
  from the list.  Moves (M, then a destination) keep their own two-step
  cursor in the screen.
- Underwing (``ui/underwing/keys.py``): here = ``Here(state, legal,
  target)``; decisions from ``choices.decision``; kinds ``act`` (Enter,
  the decision as parameter), ``element``/``ask`` (the element as
  parameter), ``collect``, ``random_first``, ``no``, ``no_more``,
  ``decline``, ``accept``, ``seat`` (1-6), ``call_off``, ``trade``; each
  picks with one of ``choices.py``'s functions, which return this ``Pick``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Generic, NamedTuple, TypeVar

from boardgames_tui.engine.game import Action

H = TypeVar("H")


@dataclass(frozen=True)
class Pick:
    """The legal actions a key stands for (one: play it; several: ask
    which, under ``title``), or why there are none."""

    actions: tuple[Action, ...] = ()
    reason: str = ""
    title: str = ""

    @property
    def single(self) -> Action | None:
        """The one action, when exactly one was found."""
        return self.actions[0] if len(self.actions) == 1 else None

    @property
    def action(self) -> Action | None:
        """The one action of a key that stands for one at most (Incubation's
        keys): the same as ``single``."""
        return self.single

    def __bool__(self) -> bool:
        return bool(self.actions)


class Ask(NamedTuple):
    """A question a move asks before it is made (ending a turn with
    something left undone): the question, the answers' words."""

    question: str
    yes: str = "Yes"
    no: str = "Keep playing"


def match(legal: Sequence[Action], candidate: Action, reason: Callable[[], str] | str) -> Pick:
    """``candidate`` when it is one of ``legal``, else why not (``reason``
    is called only then: a reason may cost a look at the rules)."""
    if candidate in legal:
        return Pick((candidate,))
    return Pick(reason=reason() if callable(reason) else reason)


def among(
    legal: Iterable[Action],
    keep: Callable[[Action], bool],
    reason: Callable[[], str] | str,
    title: str = "",
) -> Pick:
    """The legal actions ``keep`` keeps (titled ``title`` when there are
    several), else why there are none."""
    found = tuple(a for a in legal if keep(a))
    if found:
        return Pick(found, title=title)
    return Pick(reason=reason() if callable(reason) else reason)


@dataclass(frozen=True)
class KeyKind(Generic[H]):
    """A screen action bound to a kind of game action, as data."""

    #: The screen's action (``action_<name>``), as the bindings name it.
    action: str
    #: The decisions it means something in (empty: every decision).
    steps: tuple[str, ...] = ()
    #: The legal actions it stands for, from ``here`` and the binding's
    #: parameters (None: the key only moves the cursor or the selection).
    pick: Callable[..., Pick] | None = None
    #: Shown dimmed (not hidden) in its decisions when ``pick`` finds nothing
    #: (an empty deck, an objective not met): the player learns the key.
    dim: bool = False
    #: A further condition for showing it at all (two free dice to switch).
    shown: Callable[[H], bool] | None = None
    #: When it may be used, for a key pressed outside its decisions ("The
    #: Duchy digs in its Assembly."): Root's ``WHEN``, as data.
    when: str = ""
    #: It acts at the board's cursor (Enter): not while the action list or
    #: the log has the focus (the list's Enter is its own; the log's none).
    board: bool = False
    #: Its bindings name the decision each is shown in, as their first
    #: parameter (``take('act', 'place')``: Enter's word differs by decision).
    step_param: bool = False


class KeyMap(Generic[H]):
    """One game's keys: its kinds, its decisions, its hint and its reasons."""

    def __init__(
        self,
        decision: Callable[[H], str],
        kinds: Iterable[KeyKind[H]],
        hint: Callable[[H], str],
        explain: Callable[[H, str], str],
    ) -> None:
        self.decision = decision
        self.kinds: dict[str, KeyKind[H]] = {kind.action: kind for kind in kinds}
        self._hint = hint
        self._explain = explain

    def __contains__(self, action: object) -> bool:
        return action in self.kinds

    def check(
        self,
        here: H,
        action: str,
        parameters: tuple[object, ...] = (),
        step: str | None = None,
    ) -> bool | None:
        """For ``check_action``: True (shown), None (shown dimmed: the key
        falls through to the screen's ``explain``) or False (hidden), for
        an action of this map (a person may act: the screen checks that).
        ``step``: ``decision(here)``, where the caller has it already (one
        look at the keys asks every kind of the same ``here``)."""
        kind = self.kinds[action]
        if kind.steps or kind.step_param:
            if step is None:
                step = self.decision(here)
            if kind.steps and step not in kind.steps:
                return False
            if kind.step_param and (not parameters or step != parameters[0]):
                return False
        if kind.shown is not None and not kind.shown(here):
            return False
        if kind.dim and kind.pick is not None:
            return bool(kind.pick(here, *parameters)) or None
        return True

    def pick(self, here: H, action: str, *parameters: object) -> Pick:
        """The legal actions the key bound to ``action`` stands for now."""
        kind = self.kinds[action]
        if kind.pick is None:
            raise ValueError(f"The key {action!r} moves the cursor; it stands for no action.")
        return kind.pick(here, *parameters)

    def why_not(self, here: H, action: str, *parameters: object) -> str:
        """Why the key bound to ``action`` cannot be used now: its ``when``
        outside its decisions, else the reason its pick gives ("" when it
        can be used)."""
        kind = self.kinds[action]
        if kind.steps and self.decision(here) not in kind.steps and kind.when:
            return kind.when
        if kind.pick is None:
            return ""
        return kind.pick(here, *parameters).reason

    def hint(self, here: H) -> str:
        """The keys for the decision at hand, in one line."""
        return self._hint(here)

    def explain(self, here: H, key: str) -> str:
        """Why ``key`` does nothing now, in a sentence."""
        return self._explain(here, key)


T = TypeVar("T")


class Registered(Generic[T]):
    """A screen's class attribute read afresh on every access from
    ``read()`` (a game whose keys grow as plug-ins register: Root's key
    map and help keys, made again only when a faction's screen part
    registers)."""

    def __init__(self, read: Callable[[], T]) -> None:
        self.read = read

    def __get__(self, obj: object, owner: type | None = None) -> T:
        return self.read()


__all__ = ["Ask", "KeyKind", "KeyMap", "Pick", "Registered", "among", "match"]
