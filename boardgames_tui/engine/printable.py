"""Text from a file shown safely: control characters written as escapes.

A seat name, a progress line or a file name comes from a save file or a
folder anybody may have written; printed raw, an escape sequence in it would
reach the terminal (clear the screen, set the window title, move the
cursor).  :func:`printable` writes every such character as a visible escape
(``\\x1b``, ``\\u202e``) and leaves all other text as it was.
"""

from __future__ import annotations

import unicodedata

#: Categories written as escapes: controls (C0, C1, DEL), format characters
#: (the bidirectional overrides that reorder a line, zero-width spaces),
#: lone surrogates (undecodable bytes of a file name, which no terminal can
#: be sent), and the line and paragraph separators.
_ESCAPED = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
#: Format characters that join letters in some scripts and in emoji: kept.
_JOINERS = frozenset({"\u200c", "\u200d"})


def _escape(char: str) -> str:
    code = ord(char)
    if code <= 0xFF:
        return f"\\x{code:02x}"
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def printable(text: str) -> str:
    """``text`` with its control and format characters escaped, so that it
    can be printed or shown as it is without acting on the terminal."""
    if text.isprintable():
        return text
    return "".join(
        _escape(char) if char not in _JOINERS and unicodedata.category(char) in _ESCAPED else char
        for char in text
    )
