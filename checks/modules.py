"""The module graph inside each crate of `api/` (used by `checks/layers.py`).

A file's uses of other files of its crate, read from its non-test code with comments and strings
blanked: `use` trees expanded, and inline `crate::…`/`super::…`/child paths resolved to the
longest module file that exists. A re-export (`pub use`) is a facade, not a use of what it
names, so it makes no edge. A strongly connected component of more than one file is a module
cycle: a change to any of its files may need the others, and none can move to a crate of its
own without the rest.
"""

import collections
import re
import sys
from pathlib import Path

def strip_rust(src):
    """Source with comments and string/char literals blanked; line numbers are kept."""
    out, i, n = [], 0, len(src)
    while i < n:
        if src.startswith("//", i):
            j = src.find("\n", i)
            i = n if j < 0 else j
            continue
        if src.startswith("/*", i):
            j = src.find("*/", i)
            j = n if j < 0 else j + 2
            out.append("\n" * src.count("\n", i, j))
            i = j
            continue
        raw = re.match(r'b?r(#*)"', src[i : i + 12])
        if raw and (i == 0 or not (src[i - 1].isalnum() or src[i - 1] == "_")):
            end = '"' + raw.group(1)
            j = src.find(end, i + len(raw.group(0)))
            j = n if j < 0 else j + len(end)
            out.append('""' + "\n" * src.count("\n", i, j))
            i = j
            continue
        if src[i] == '"':
            j = i + 1
            while j < n and src[j] != '"':
                j += 2 if src[j] == "\\" else 1
            out.append('""' + "\n" * src.count("\n", i, j))
            i = j + 1
            continue
        if src[i] == "'":
            char = re.match(r"'(\\u\{[0-9a-fA-F]+\}|\\.|[^\\'])'", src[i : i + 12])
            if char:
                out.append("' '")
                i += len(char.group(0))
                continue
        out.append(src[i])
        i += 1
    return "".join(out)


def split_tests(code):
    """(code before the first `#[cfg(test)] mod … {`, the rest)."""
    m = re.search(r"#\[cfg\(test\)\]\s*(?:#\[[^\]]*\]\s*)*mod\s+\w+\s*\{", code)
    return (code[: m.start()], code[m.start() :]) if m else (code, "")


def module_path(file):
    """`store/entities/blog.rs` → ('store', 'entities', 'blog'); mod.rs/lib.rs name their folder."""
    parts = file[:-3].split("/")
    return tuple(parts[:-1] if parts[-1] in ("mod", "lib") else parts)




# --- the module graph ------------------------------------------------------------------------


def expand_use(tree):
    """`a::{b, c::{d, self}} as x` → ['a::b', 'a::c::d', 'a::c']."""
    tree = tree.strip()
    brace = tree.find("{")
    if brace < 0:
        return [re.sub(r"\s+as\s+\w+$", "", tree)]
    prefix, inner = tree[:brace], tree[brace + 1 : tree.rfind("}")]
    parts, depth, current = [], 0, ""
    for ch in inner:
        depth += (ch == "{") - (ch == "}")
        if ch == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += ch
    parts.append(current)
    paths = []
    for part in filter(None, (p.strip() for p in parts)):
        for sub in expand_use(part):
            paths.append(prefix.rstrip(":") if sub == "self" else prefix + sub)
    return paths


def paths_named(code, children, crate_alias):
    """Every path in `code` that may point into the crate: use trees and inline paths."""
    paths = []
    # A re-export is a facade: what it names is not used here.
    code = re.sub(r"\bpub(?:\([^)]*\))?\s+use\s+[^;]+;", "", code)
    for use in re.finditer(r"\buse\s+([^;]+);", code):
        paths += expand_use(use.group(1))
    heads = ["crate", "super", "self", *sorted(children)] + ([crate_alias] if crate_alias else [])
    # A prefix of a longer path or of a use tree (`crate::a::{b, c}`) is not a path of its own;
    # a turbofish (`crate::a::f::<T>`) ends one.
    inline = r"(?<![:\w])(?:%s)(?:::\w+)+(?!\w|::\s*[\w{*])" % "|".join(heads)
    paths += [m.group(0) for m in re.finditer(inline, code)]
    return [re.sub(r"\s+", "", p) for p in paths]


def resolve(base, path, children, modules, crate_alias):
    """(module file, item path) that `path`, written in module `base`, names; None if outside."""
    segs = [s for s in path.split("::") if s]
    if not segs:
        return None
    if segs[0] in ("crate", crate_alias):
        current, segs = [], segs[1:]
    elif segs[0] in ("super", "self"):
        current = list(base)
        while segs and segs[0] in ("super", "self"):
            current = current[:-1] if segs[0] == "super" else current
            segs = segs[1:]
    elif segs[0] in children:
        current = list(base)
    else:
        return None
    full = tuple(current + segs)
    for k in range(len(full), -1, -1):
        if full[:k] in modules:
            return modules[full[:k]], "::".join(full[k:]) or "*"
    return None


def build_graph(sources):
    """({file: {target file: {items}}} for non-test code, same for test code)."""
    modules = {module_path(f): f for f in sources if f != "main.rs"}
    alias = None
    edges = collections.defaultdict(lambda: collections.defaultdict(set))
    test_edges = collections.defaultdict(lambda: collections.defaultdict(set))
    for file, (code, tests) in sources.items():
        base = ("main",) if file == "main.rs" else module_path(file)
        children = set(re.findall(r"^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;", code, re.M))
        use_alias = alias if file == "main.rs" else None
        for text, where, kids, graph in (
            (code, base, children, edges),
            (tests, base + ("tests",), set(), test_edges),
        ):
            for path in paths_named(text, kids, use_alias):
                hit = resolve(where, path, kids, modules, use_alias)
                if hit and hit[0] != file and module_path(hit[0]) != ():
                    graph[file][hit[0]].add(hit[1])
    return edges, test_edges


def components(nodes, adjacency):
    """Strongly connected components of more than one node (Tarjan), largest first."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in adjacency.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            found.append(sorted(component))

    sys.setrecursionlimit(max(1000, 4 * len(nodes)))
    for v in nodes:
        if v not in index:
            visit(v)
    return sorted((c for c in found if len(c) > 1), key=lambda c: (-len(c), c))


def read_crate(src: Path):
    """{file relative to src: (non-test code, test code)}, comments and strings stripped."""
    return {
        path.relative_to(src).as_posix(): split_tests(strip_rust(path.read_text()))
        for path in sorted(src.rglob("*.rs"))
    }


def cycles(src: Path, allowed=lambda files: False):
    """The module cycles of the crate whose sources are in `src`, but those `allowed` lets be."""
    sources = read_crate(src)
    edges, _ = build_graph(sources)
    adjacency = {f: sorted(targets) for f, targets in edges.items()}
    return [c for c in components(sorted(sources), adjacency) if not allowed(c)]

