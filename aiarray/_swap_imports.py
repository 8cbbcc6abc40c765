"""Run NumPy code with ``import numpy`` bound to a swap-in module (``aiarray.numpy``).

Used by ``python -m aiarray port`` and the NumPy corpus runner: the code's own imports
are rewritten at the syntax-tree level, so the code sees the swap-in while every
library it imports keeps the real NumPy.
"""

from __future__ import annotations

import ast
import importlib.util
from typing import Any


class SwapNumpy(ast.NodeTransformer):
    """``import numpy as np`` -> ``import aiarray.numpy as np``, and the other forms.

    ``import numpy`` and ``import numpy.linalg`` bind ``numpy`` to the swap-in;
    ``from numpy.fft import fft`` reads from the swap-in's ``fft``.  A NumPy submodule
    the swap-in lacks keeps the real one.  ``changes`` lists what was rewritten.
    """

    def __init__(self, module: str = "aiarray.numpy") -> None:
        self.module = module
        self.changes: list[dict[str, Any]] = []

    def target(self, name: str) -> str | None:
        """The swap-in module for NumPy module ``name``, or None."""
        if name != "numpy" and not name.startswith("numpy."):
            return None
        target = self.module + name[len("numpy"):]
        try:
            found = importlib.util.find_spec(target) is not None
        except (ImportError, ValueError):
            found = False
        return target if found else None

    def visit_Import(self, node: ast.Import) -> ast.AST:
        names = []
        for alias in node.names:
            target = self.target(alias.name)
            if target is None:
                names.append(alias)
                continue
            if alias.asname:
                names.append(ast.alias(name=target, asname=alias.asname))
            else:
                names.append(ast.alias(name=self.module, asname="numpy"))
                if target != self.module:  # make sure the submodule is loaded
                    names.append(ast.alias(name=target, asname="_swap_" + target.replace(".", "_")))
            self.changes.append({"line": node.lineno, "from": alias.name, "to": target})
        node.names = names
        return node

    def visit_ImportFrom(self, node: ast.ImportFrom) -> ast.AST:
        if node.level == 0 and node.module:
            target = self.target(node.module)
            if target is not None:
                self.changes.append({"line": node.lineno, "from": node.module, "to": target})
                node.module = target
        return node


def swap_tree(tree: ast.Module, module: str = "aiarray.numpy") -> list[dict[str, Any]]:
    """Rewrite ``tree``'s NumPy imports in place; return the changes."""
    swap = SwapNumpy(module)
    swap.visit(tree)
    ast.fix_missing_locations(tree)
    return swap.changes
