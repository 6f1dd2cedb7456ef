#!/usr/bin/env python3
"""The layering check for splitting `api/` into crates (docs/crate-split-plan.md).

Reads every `.rs` file under `api/src` (no build, standard library only), strips comments and
string literals, expands every `use` tree and resolves `crate::`/`super::`/`self::`/child-module
paths to the longest existing module file. That gives an edge "file A uses items of file B".
Code after the first `#[cfg(test)] mod … {` of a file is a test edge and is left out.

Each file is then given its target crate from ASSIGNMENT (core → store → app → publish → http →
cli; a crate may use only the crates before it) and the script prints:

  (a) the strongly connected components (cycles) of top-level modules, then of files:
      `size : members`;
  (b) the table `file  crate  module in that crate`; `unassigned` marks a file missing from
      ASSIGNMENT, and table rows whose file is gone are listed after it;
  (c) every upward edge, `file [crate] -> file [crate] : items` (`*` = the module itself or a
      glob), then every file using actix or sea-orm in a crate that must not depend on it;
  (e) with --lists: `Utc::now()` outside clock.rs (`t` = in a test module), functions over
      LONG_FUNCTION lines and files over LONG_FILE lines;
  (d) the last line: `layers: N upward edges, M files below their layer's frameworks`
      (`, K unassigned files` is added when there are any).

--max-upward N exits 1 when upward edges + unassigned files exceed N: the count may only go down
as the split proceeds, so lower the number in the justfile whenever a commit lowers it.
--quiet prints only the last line. Paths are relative to the repository holding this script.

Once the code lives in separate crates, Cargo enforces the layering itself; this script covers
the moves inside the one crate (phases A and B of the plan).
"""

import argparse
import collections
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SRC = REPO / "api" / "src"
CARGO_TOML = REPO / "api" / "Cargo.toml"

CRATES = ("core", "store", "app", "publish", "http", "cli")
RANK = {crate: rank for rank, crate in enumerate(CRATES)}

# Which crates may use each framework (a file elsewhere that names it is reported in (c)).
# publish has no sea-orm: its SQL moves to store (plan, commits A6 and B7).
FRAMEWORKS = {
    "actix": (re.compile(r"\bactix_(?:web|multipart|files)\b"), {"http", "cli"}),
    "sea-orm": (re.compile(r"\bsea_orm(?:_migration)?\b"), {"store", "app", "http", "cli"}),
}

LONG_FUNCTION = 80
LONG_FILE = 800

# The plan's §2 (docs/crate-split-plan.md): file under api/src → (target crate, module there).
# Edit it as files move or appear: a new file gets a row, a moved one changes its row. A key
# ending in `/` covers every file of that folder (module = folder module + `::` + file stem).
# `-` = no crate of its own (every crate gets a lib.rs); edges from and to it are not checked.
ASSIGNMENT = {
    "actor.rs": ("core", "actor"),
    "accounts/passwords.rs": ("app", "accounts::passwords"),
    "accounts/sign_in.rs": ("app", "accounts::sign_in"),
    "limits.rs": ("core", "limits"),
    "token.rs": ("core", "token"),
    "accounts/admins.rs": ("app", "accounts::admins"),
    "accounts/audit.rs": ("store", "audit"),
    "accounts/mod.rs": ("app", "accounts"),
    "accounts/qr.rs": ("app", "accounts::qr"),
    "accounts/recovery.rs": ("app", "accounts::recovery"),
    "accounts/sessions.rs": ("app", "accounts::sessions"),
    "accounts/totp.rs": ("app", "accounts::totp"),
    "accounts/two_factor.rs": ("app", "accounts::two_factor"),
    "auth.rs": ("http", "auth"),
    "backup.rs": ("cli", "backup"),
    "cli.rs": ("cli", "commands"),
    "clock.rs": ("core", "clock"),
    "config.rs": ("core", "settings"),
    "content/banners.rs": ("app", "content::banners"),
    "content/blogs.rs": ("app", "content::blogs"),
    "content/general_content.rs": ("app", "content::general_content"),
    "content/lifecycle.rs": ("app", "content::lifecycle"),
    "content/items.rs": ("app", "content::items"),
    "content/mod.rs": ("app", "content"),
    "content/reviews.rs": ("app", "content::reviews"),
    "content/schedule.rs": ("app", "content::schedule"),
    "content/service_lists.rs": ("app", "content::service_lists"),
    "content/services.rs": ("app", "content::services"),
    "domain/contact.rs": ("core", "domain::contact"),
    "domain/form.rs": ("core", "domain::form"),
    "domain/lenient.rs": ("core", "input"),
    "domain/mod.rs": ("core", "domain"),
    "domain/network.rs": ("core", "domain::network"),
    "domain/page.rs": ("core", "paging"),
    "domain/password.rs": ("core", "domain::password"),
    "domain/rules/mod.rs": ("core", "rules"),
    "domain/rules/accounts.rs": ("core", "rules::accounts"),
    "content/html.rs": ("app", "content::html"),
    "error.rs": ("core", "error"),
    "i18n.rs": ("core", "i18n"),
    "intake.rs": ("app", "enquiries::intake"),
    "lib.rs": ("-", "lib.rs of each crate"),
    "main.rs": ("cli", "main.rs"),
    "media/mod.rs": ("app", "media"),
    "media/photo.rs": ("app", "media::photo"),
    "media/strip.rs": ("app", "media::strip"),
    "media/svg.rs": ("app", "media::svg"),
    "media/variants.rs": ("app", "media::variants"),
    "media/video.rs": ("app", "media::video"),
    "memory.rs": ("cli", "memory"),
    "notify/messages.rs": ("app", "notify::messages"),
    "notify/mod.rs": ("app", "notify"),
    "notify/send.rs": ("app", "notify::send"),
    "openapi.rs": ("http", "openapi"),
    "operations.rs": ("http", "operations"),
    "publish/build.rs": ("publish", "build"),
    "publish/mod.rs": ("publish", "lib.rs (worker)"),
    "publish/output.rs": ("publish", "output"),
    "publish/site/mod.rs": ("publish", "site"),
    "publish/site/manifest_io.rs": ("publish", "site::manifest_io"),
    "publish/site/tests.rs": ("publish", "site::tests"),
    "read_cache.rs": ("http", "read_cache"),
    "routes/account.rs": ("http", "routes::account"),
    "routes/admin_app.rs": ("http", "routes::admin_app"),
    "routes/admin_users.rs": ("http", "routes::admin_users"),
    "routes/audit.rs": ("http", "routes::audit"),
    "routes/auth.rs": ("http", "routes::auth"),
    "routes/banners.rs": ("http", "routes::banners"),
    "routes/blogs.rs": ("http", "routes::blogs"),
    "routes/contact.rs": ("http", "routes::contact"),
    "routes/content.rs": ("http", "routes::generic"),
    "routes/envelope.rs": ("http", "envelope"),
    "routes/error_response.rs": ("http", "error"),
    "routes/general_content.rs": ("http", "routes::general_content"),
    "routes/health.rs": ("http", "routes::health"),
    "routes/language.rs": ("http", "language"),
    "routes/lifecycle.rs": ("http", "routes::lifecycle"),
    "routes/media.rs": ("http", "routes::media"),
    "routes/mod.rs": ("http", "routes"),
    "routes/notifications.rs": ("http", "routes::notifications"),
    "page_cache.rs": ("http", "page_cache"),
    "routes/publishing.rs": ("http", "routes::publishing"),
    "routes/reviews.rs": ("http", "routes::reviews"),
    "routes/security_headers.rs": ("http", "security_headers"),
    "routes/service_lists.rs": ("http", "routes::service_lists"),
    "routes/services.rs": ("http", "routes::services"),
    "routes/site.rs": ("http", "routes::site"),
    "routes/spreadsheets.rs": ("http", "routes::spreadsheets"),
    "routes/subscriptions.rs": ("http", "routes::subscriptions"),
    "seed.rs": ("cli", "seed"),
    "spreadsheet.rs": ("app", "spreadsheets"),
    "spreadsheet_guard.rs": ("app", "spreadsheets::guard"),
    "startup.rs": ("http", "startup"),
    "state.rs": ("http", "state"),
    "storage.rs": ("store", "blobs"),
    "store/content.rs": ("store", "content_rows"),
    "store/enquiries.rs": ("store", "enquiries"),
    "store/entities/": ("store", "entities"),
    "store/migration/": ("store", "migrations"),
    "store/mod.rs": ("store", "lib.rs (Db, connect, classify)"),
    "store/media_images.rs": ("store", "media_images"),
    "store/outbox/mod.rs": ("store", "outbox"),
    "store/outbox/publish_jobs.rs": ("store", "outbox::publish_jobs"),
    "store/queue.rs": ("store", "outbox::claim"),
    "store/publish_lease.rs": ("store", "publish_lease"),
    "store/site_data.rs": ("store", "site_data"),
    "store/subscriptions.rs": ("store", "subscriptions"),
    "telemetry.rs": ("cli", "telemetry"),
    "throttle.rs": ("store", "throttle"),
    "watch.rs": ("cli", "watch"),
}


# --- reading the source ----------------------------------------------------------------------


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


def lib_name():
    """The library's crate name (main.rs names it instead of `crate`)."""
    m = re.search(r'^\[lib\]\s*\n(?:.*\n)*?name\s*=\s*"([^"]+)"', CARGO_TOML.read_text(), re.M)
    return m.group(1) if m else None


def read_sources():
    """{file relative to api/src: (non-test code, test code)}, comments and strings stripped."""
    sources = {}
    for path in sorted(SRC.rglob("*.rs")):
        sources[path.relative_to(SRC).as_posix()] = split_tests(strip_rust(path.read_text()))
    return sources


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
    alias = lib_name()
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


def top_module(file):
    return file[:-3].split("/")[0]


# --- the assignment --------------------------------------------------------------------------


def assignment(file):
    """(crate, module) from ASSIGNMENT, or None when the file has no row."""
    if file in ASSIGNMENT:
        return ASSIGNMENT[file]
    folders = [k for k in ASSIGNMENT if k.endswith("/") and file.startswith(k)]
    if not folders:
        return None
    crate, module = ASSIGNMENT[max(folders, key=len)]
    stem = Path(file).stem
    return crate, module if stem == "mod" else f"{module}::{stem}"


def stale_rows(files):
    """ASSIGNMENT rows that match no file any more."""
    def covers(row, file):
        return file == row or (row.endswith("/") and file.startswith(row))

    return [row for row in ASSIGNMENT if not any(covers(row, f) for f in files)]


def upward_edges(edges):
    """[(file, crate, target, target crate, items)] where the target's crate comes later."""
    found = []
    for file in sorted(edges):
        source = assignment(file)
        if not source or source[0] == "-":
            continue
        for target in sorted(edges[file]):
            dest = assignment(target)
            if dest and dest[0] != "-" and RANK[dest[0]] > RANK[source[0]]:
                items = edges[file][target]
                shown = sorted(items - {"*"}) or ["*"]
                found.append((file, source[0], target, dest[0], shown))
    return found


def below_frameworks(sources):
    """[(file, crate, [frameworks it names but its crate must not use])], non-test code."""
    found = []
    for file, (code, _tests) in sources.items():
        where = assignment(file)
        if not where or where[0] == "-":
            continue
        bad = [name for name, (pattern, allowed) in FRAMEWORKS.items()
               if where[0] not in allowed and pattern.search(code)]
        if bad:
            found.append((file, where[0], bad))
    return found


# --- the lists (--lists) ---------------------------------------------------------------------


def utc_now_sites(sources):
    """[(file, ['12', '40t', …])]: `Utc::now()` outside clock.rs, `t` = in a test module."""
    sites = []
    for file, (code, tests) in sources.items():
        if file == "clock.rs":
            continue
        whole, cut = code + tests, code.count("\n")
        lines = [whole.count("\n", 0, m.start()) + 1 for m in re.finditer(r"\bUtc::now\(\)", whole)]
        if lines:
            sites.append((file, [f"{n}{'t' if n > cut else ''}" for n in lines]))
    return sites


def function_spans(code):
    """[(name, first line, line count)] of every `fn` with a body, signature to closing brace."""
    spans = []
    for m in re.finditer(r"\bfn\s+(\w+)", code):
        i, depth = m.end(), 0
        while i < len(code):
            ch = code[i]
            depth += (ch in "([") - (ch in ")]")
            if depth == 0 and ch in ";{":
                break
            i += 1
        if i >= len(code) or code[i] == ";":
            continue
        braces, j = 0, i
        while j < len(code):
            braces += (code[j] == "{") - (code[j] == "}")
            if braces == 0:
                break
            j += 1
        first = code.count("\n", 0, m.start()) + 1
        spans.append((m.group(1), first, code.count("\n", m.start(), j) + 1))
    return spans


def long_functions(sources):
    """[(lines, file, first line, name)] of functions over LONG_FUNCTION lines, longest first."""
    rows = []
    for file, (code, tests) in sources.items():
        for name, first, count in function_spans(code + tests):
            if count > LONG_FUNCTION:
                rows.append((count, file, first, name))
    return sorted(rows, key=lambda r: (-r[0], r[1], r[2]))


def long_files():
    """[(lines, file)] of files over LONG_FILE lines, longest first."""
    rows = []
    for path in SRC.rglob("*.rs"):
        count = path.read_text().count("\n")
        if count > LONG_FILE:
            rows.append((count, path.relative_to(SRC).as_posix()))
    return sorted(rows, reverse=True)


# --- printing --------------------------------------------------------------------------------


def print_components(files, edges):
    tops = sorted({top_module(f) for f in files} - {"lib", "main"})
    top_adjacency = collections.defaultdict(set)
    for file, targets in edges.items():
        for target in targets:
            if top_module(file) != top_module(target):
                top_adjacency[top_module(file)].add(top_module(target))
    cycles = components(tops, top_adjacency)
    print(f"== (a) cycles of top-level modules: {len(cycles)} among {len(tops)} modules")
    for cycle in cycles:
        print(f"{len(cycle):3} : {' '.join(cycle)}")
    cycles = components(files, {f: list(t) for f, t in edges.items()})
    print(f"== (a) cycles of files (non-test edges): {len(cycles)} among {len(files)} files")
    for cycle in cycles:
        print(f"{len(cycle):3} : {' '.join(f[:-3] for f in cycle)}")


def print_table(files):
    print("== (b) file -> target crate, module (the plan's section 2)")
    width = max(map(len, files))
    for file in files:
        crate, module = assignment(file) or ("unassigned", "")
        print(f"{file:<{width}}  {crate:<10}  {module}")
    for row in stale_rows(files):
        print(f"{row:<{width}}  (row of ASSIGNMENT matching no file: remove it)")


def print_violations(upward, below):
    print(f"== (c) upward edges: {len(upward)}")
    for file, crate, target, target_crate, items in upward:
        print(f"{file} [{crate}] -> {target} [{target_crate}] : {', '.join(items)}")
    print(f"== (c) files using a framework their crate must not depend on: {len(below)}")
    for file, crate, names in below:
        allowed = "; ".join(f"{n} only in {', '.join(sorted(FRAMEWORKS[n][1], key=RANK.get))}"
                            for n in names)
        print(f"{file} [{crate}] uses {', '.join(names)} ({allowed})")


def print_lists(sources):
    sites = utc_now_sites(sources)
    print(f"== Utc::now() outside clock.rs: {sum(len(s) for _, s in sites)} (t = test module)")
    for file, lines in sites:
        print(f"{file}: {', '.join(lines)}")
    rows = long_functions(sources)
    print(f"== functions over {LONG_FUNCTION} lines: {len(rows)}")
    for count, file, first, name in rows:
        print(f"{count:5}  {file}:{first}  {name}")
    rows = long_files()
    print(f"== files over {LONG_FILE} lines: {len(rows)}")
    for count, file in rows:
        print(f"{count:5}  {file}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--max-upward", type=int, metavar="N",
                        help="exit 1 when upward edges + unassigned files exceed N")
    parser.add_argument("--quiet", action="store_true", help="print only the last line")
    parser.add_argument("--lists", action="store_true",
                        help="also list Utc::now() call sites, long functions and long files")
    args = parser.parse_args()
    sources = read_sources()
    files = sorted(sources)
    edges, _test_edges = build_graph(sources)
    upward, below = upward_edges(edges), below_frameworks(sources)
    unassigned = [f for f in files if assignment(f) is None]
    if not args.quiet:
        print_components(files, edges)
        print_table(files)
        print_violations(upward, below)
        if args.lists:
            print_lists(sources)
    extra = f", {len(unassigned)} unassigned files" if unassigned else ""
    print(f"layers: {len(upward)} upward edges, "
          f"{len(below)} files below their layer's frameworks{extra}")
    if args.max_upward is not None and len(upward) + len(unassigned) > args.max_upward:
        print(f"layers: more than --max-upward {args.max_upward} (upward edges + unassigned files)",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
