"""The journal's English sentences said in the language of the newsletter, one table a family.

The journal keeps the engine's sentences in English (an old game replays to the same bytes); a
newsletter in another language says each sentence it knows in that language, and any other as
written. A known sentence is its message of the catalog, `{name}` where the words vary: the
English is read back by that message (`{name}` any words, or those of the family's pattern for
the name; a name written twice the same words twice) and the message gives the translation.
A sentence whose English is not its message, or whose words are said again before they are put
in, is a pair (its pattern, how it is said) of its own."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping

from ..kernel import language
from ..kernel.language import _

Say = Callable[[dict], str]
_NAME = re.compile(r"\{(\w+)\}")


def pattern(message: str, groups: Mapping[str, str]) -> str:
    """The regular expression of the English sentence `message`: each `{name}` a named group
    (`groups[name]`, else any words; the name's next `{name}` the same words again), the rest
    literal."""
    parts = _NAME.split(message)
    seen: set[str] = set()
    out = [re.escape(parts[0])]
    for name, literal in zip(parts[1::2], parts[2::2]):
        out.append(f"(?P={name})" if name in seen else f"(?P<{name}>{groups.get(name, '.+')})")
        out.append(re.escape(literal))
        seen.add(name)
    return "".join(out)


def _from_catalog(message: str) -> Say:
    return lambda found: _(message).format(**found)


class Sentences:
    """The known sentences of a family's journal: messages, and (pattern, say) pairs, tried in order;
    `values` says a name's words in the language in force before they are put in (a region's
    symbol: `Kreis`)."""

    def __init__(self, known: Iterable[str | tuple[str, Say]], groups: Mapping[str, str],
                 values: Mapping[str, Callable[[str], str]] | None = None):
        self._known = [(re.compile(pattern(k, groups)), _from_catalog(k)) if isinstance(k, str)
                       else (re.compile(k[0]), k[1]) for k in known]
        self._values = values or {}

    def said(self, text):
        """`text` in the language in force where a sentence fits the whole of it, else as written."""
        if language.current() == language.ENGLISH or not isinstance(text, str):
            return text
        for known, say in self._known:
            found = known.fullmatch(text)
            if found:
                return say({name: self._values[name](words) if name in self._values and words is not None else words
                            for name, words in found.groupdict().items()})
        return text
