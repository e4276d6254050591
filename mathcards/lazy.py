"""A package's names imported from their modules when first asked for, so that importing the
package stays light (docs/design.md#what-is-imported-late-and-why)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any


def lazy(
    namespace: dict[str, Any], homes: Mapping[str, str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The `__getattr__` and `__dir__` of the package whose `globals()` is `namespace`: each
    name of `homes` is imported from its module (absolute, or relative to the package: ".cards")
    when it is asked for (never kept in the package: a test that patches the module is heard)."""
    package = namespace["__name__"]

    def __getattr__(name: str) -> Any:
        if name not in homes:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        # what a package puts off is in its `homes`: docs/design.md#what-is-imported-late-and-why
        return getattr(import_module(homes[name], package), name)

    def __dir__() -> list[str]:
        return sorted({*namespace, *homes})

    return __getattr__, __dir__
