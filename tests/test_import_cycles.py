"""No import circle between the modules of the ``dogfight`` package.

Every ``import`` and ``from ... import`` of every module counts, wherever it stands:
at module level, inside a function, under ``if TYPE_CHECKING``. An import inside a
function is still a dependency; it only hides a circle until someone moves it up.

How an import becomes an edge (read with ``ast``, nothing is imported):

- ``import a.b.c`` depends on ``a.b.c``;
- ``from a.b import c`` depends on the module ``a.b.c`` when there is one (``c`` is a
  submodule), else on ``a.b`` (``c`` is a name defined there); relative imports are
  resolved against the importing module's package;
- a package's ``__init__`` is not an implicit dependency of its submodules (as with
  import-linter and pydeps): ``from dogfight.ai.base import Pilot`` depends on
  ``dogfight.ai.base`` only.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).parent.parent / "src" / "dogfight"

ALLOWED: dict[frozenset[str], str] = {}
"""Circles accepted on purpose (the modules of one strongly connected component ->
why). Keep it empty: a new entry needs a reason a reviewer accepts."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(ROOT.rglob("*.py"))}


def _resolve(importer: str, is_package: bool, level: int, module: str | None) -> str:
    """The absolute name a (possibly relative) ``from`` import refers to."""
    if level == 0:
        return module or ""
    package = importer.split(".") if is_package else importer.split(".")[:-1]
    base = package[:len(package) - (level - 1)]
    return ".".join([*base, module] if module else base)


def _known(name: str, known: dict[str, Path]) -> str | None:
    """``name`` if it is a module of the package, else its longest module prefix."""
    parts = name.split(".")
    while parts:
        candidate = ".".join(parts)
        if candidate in known:
            return candidate
        parts.pop()
    return None


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The package's modules ``name`` imports, anywhere in its source."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(name, is_package, node.level, node.module)
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                targets.append(sub if sub in known else base)
        for target in targets:
            module = _known(target, known) if target.startswith("dogfight") else None
            if module is not None and module != name:
                found.add(module)
    return found


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imports(name, path, known) for name, path in known.items()}


def components(edges: dict[str, set[str]]) -> Iterator[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    counter = 0
    for root in sorted(edges):
        if root in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    yield sorted(component)


def a_circle(edges: dict[str, set[str]], component: list[str]) -> list[str]:
    """One circle through the component's first module, to show in a failure."""
    members = set(component)
    start = component[0]
    paths = {start: [start]}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for child in sorted(edges[node] & members):
            if child == start:
                return [*paths[node], start]
            if child not in paths:
                paths[child] = [*paths[node], child]
                queue.append(child)
    return component


def test_the_graph_sees_function_level_imports() -> None:
    """The walk reads imports inside functions too (the kind that hides a circle)."""
    edges = graph()
    assert "dogfight.core.contract" in edges["dogfight.core"]  # module level
    assert "dogfight.play" in edges["dogfight.cli"]  # inside the commands' functions
    assert "dogfight.ai.wings_of_war" in edges["dogfight.ai.policies"]  # in a loader
    assert "dogfight.interop.openspiel" in edges["dogfight.ai.pilots"]  # optional extra


def test_components_finds_a_circle() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    found = list(components(edges))
    assert found == [["a", "b", "c"]]
    assert a_circle(edges, found[0]) == ["a", "b", "c", "a"]


def test_no_import_circle() -> None:
    edges = graph()
    circles = [c for c in components(edges) if frozenset(c) not in ALLOWED]
    shown = "\n".join(" -> ".join(a_circle(edges, c)) + f"   (all: {', '.join(c)})"
                      for c in circles)
    assert not circles, f"import circles:\n{shown}"
    stale = [sorted(c) for c in ALLOWED if c not in {frozenset(x) for x in components(edges)}]
    assert not stale, f"ALLOWED lists circles that are gone: {stale}"


AI_LAYERS = {"dogfight.ai.base": 0, "dogfight.ai.policies": 2, "dogfight.ai.greedy": 3,
             "dogfight.ai.mcts": 3, "dogfight.ai.character": 4, "dogfight.ai.pilots": 5,
             "dogfight.ai": 6}
"""The pilots' layers; any other module of ``ai/`` is a game's pilot module (1)."""


def test_the_pilots_import_downwards_only() -> None:
    """base <- a game's pilot module <- policies <- greedy, mcts <- character <- pilots
    <- ``ai``;
    the OpenSpiel adapter stands on ``ai.base`` only."""
    edges = graph()
    for module, targets in edges.items():
        if not module.startswith("dogfight.ai"):
            continue
        rank = AI_LAYERS.get(module, 1)
        for target in targets:
            if target.startswith("dogfight.ai"):
                assert AI_LAYERS.get(target, 1) < rank, f"{module} imports {target}"
    assert {t for t in edges["dogfight.ai.base"]} <= {
        m for m in edges if m.startswith("dogfight.core")}
    assert {t for t in edges["dogfight.interop.openspiel"]
            if t.startswith("dogfight.ai")} == {"dogfight.ai.base"}
