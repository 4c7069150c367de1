"""The one guard around our pipeline components: whatever goes wrong inside one, only a
:class:`~extract.errors.NewsEventsError` leaves it.

A bug that a document triggers (an index past the end of a span, a missing table key)
becomes a :class:`~extract.errors.ComponentError` that names the component and the start
of the document and chains the original exception, so the batch runner records that
document as an ``internal_error`` and goes on, and spaCy does not turn a ``KeyError`` into
its misleading "did you forget to call initialize()" (E109). The cost is one ``try`` per
document.
"""

from __future__ import annotations

import functools
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar, overload

from spacy.tokens import Doc

from extract.errors import ComponentError, NewsEventsError
from extract.nlp.extensions import doc_text

_SHOWN = 60  # characters of the document named in the error

_T = TypeVar("_T", bound=type)


def component_error(name: str, doc: Doc | None, exc: BaseException) -> ComponentError:
    """The error that stands for ``exc`` raised by component ``name`` on ``doc``."""
    where = f" on the doc starting {doc_text(doc)[:_SHOWN]!r}" if doc is not None else ""
    return ComponentError(
        f"component {name!r} failed{where}: {type(exc).__name__}: {exc}", component=name
    )


def _guard_call(call: Callable[[Any, Doc], Doc]) -> Callable[[Any, Doc], Doc]:
    @functools.wraps(call)
    def guarded_call(self: Any, doc: Doc) -> Doc:
        try:
            return call(self, doc)
        except NewsEventsError:
            raise
        except Exception as exc:
            raise component_error(getattr(self, "name", type(self).__name__), doc, exc) from exc

    return guarded_call


def _guard_pipe(
    pipe: Callable[..., Iterator[Doc]],
) -> Callable[..., Iterator[Doc]]:
    @functools.wraps(pipe)
    def guarded_pipe(self: Any, stream: Iterable[Doc], *args: Any, **kwargs: Any) -> Iterator[Doc]:
        # the docs taken from the stream and not yet given back, oldest first: a
        # component's pipe yields one doc per input, in order, so the oldest is the one
        # that was being worked on when it failed
        pending: deque[Doc] = deque()
        upstream: list[BaseException] = []  # what the stream itself raised is not ours

        def tap() -> Iterator[Doc]:
            docs = iter(stream)
            while True:
                try:
                    doc = next(docs)
                except StopIteration:
                    return
                except BaseException as exc:
                    upstream.append(exc)
                    raise
                pending.append(doc)
                yield doc

        out = pipe(self, tap(), *args, **kwargs)
        while True:
            try:
                doc = next(out)
            except StopIteration:
                return
            except NewsEventsError:
                raise
            except Exception as exc:
                if upstream and exc is upstream[-1]:
                    raise
                name = getattr(self, "name", type(self).__name__)
                raise component_error(name, pending[0] if pending else None, exc) from exc
            if pending:
                pending.popleft()
            yield doc

    return guarded_pipe


@overload
def guarded(component: _T) -> _T: ...
@overload
def guarded(component: Callable[[Doc], Doc]) -> Callable[[Doc], Doc]: ...
def guarded(component: Any) -> Any:
    """Guard a component: a class (its ``__call__``, and ``pipe`` when it has one; the
    component is named by its ``name`` attribute) or a function component ``Doc -> Doc``
    (named by the function)."""
    if isinstance(component, type):
        cls: Any = component
        cls.__call__ = _guard_call(cls.__call__)
        if "pipe" in vars(cls):
            cls.pipe = _guard_pipe(cls.pipe)
        return cls
    function: Callable[[Doc], Doc] = component

    @functools.wraps(function)
    def guarded_function(doc: Doc) -> Doc:
        try:
            return function(doc)
        except NewsEventsError:
            raise
        except Exception as exc:
            raise component_error(function.__name__, doc, exc) from exc

    return guarded_function
