#!/usr/bin/env python3
"""The layers of `api/`, as the crates' manifests declare them (`just layers`, part of `just lint`).

Cargo already refuses a cycle between crates, so an upward use cannot compile once it would close
one. What Cargo does not know is the order itself: that `publish` must not start depending on
`http`, or `store` on `app`, while nothing yet depends back. Nor that the lower layers stay free
of the frameworks of the upper ones (no actix below `http`, no sea-orm in `core`). This reads
every `api/*/Cargo.toml` (standard library only, no build) and fails on either, printing the
crates, what each uses, and their sizes in lines of Rust.

It also keeps the two times apart (`core::clock`): the content lifecycle goes by the settings'
clock, which tests move forward, and a save is handed its `now`; only the modules that must agree
with the world outside the process read the wall clock (`Utc::now()`) themselves. A call anywhere
else (outside test modules) fails, so a save cannot quietly take another time than its own.

The layers, bottom up (ARCHITECTURE.md, "Layers the compiler enforces"):

    core -> media, send -> store -> sheets -> app -> publish -> http -> cli  (publish uses app for previews)

`media` (byte-level media work) and `send` (SMTP, webhooks, CDN purge clients) sit below `app`
and know nothing of the database: neither may use `store`, nor sea-orm. `sheets` (workbooks
written in words) reads the store's row types but runs no query: no sea-orm. No crate may hold more
than MAX_LINES lines of non-test Rust (a file's lines before its first `#[cfg(test)]`), and no
crate may hold a module cycle (`checks/modules.py`) but sea-orm's entity relations (a `Related`
pair names each other by design).
"""

import sys
import tomllib
from pathlib import Path

import modules

ROOT = Path(__file__).resolve().parent.parent
ORDER = ["core", "media", "send", "store", "sheets", "app", "publish", "http", "cli"]
# Lines of non-test Rust a crate may hold (ARCHITECTURE.md: "No crate over 9,000 lines").
MAX_LINES = 9000
PACKAGE = {name: f"concierge-{name}" for name in ORDER} | {"cli": "concierge-api"}
# Frameworks a layer must not depend on, even indirectly through its own dependencies' names.
FORBIDDEN = {
    "core": {"actix-web", "actix-files", "actix-multipart", "sea-orm", "sea-orm-migration", "utoipa-swagger-ui"},
    "media": {"actix-web", "actix-files", "actix-multipart", "sea-orm", "sea-orm-migration", "utoipa-swagger-ui", "concierge-store", "concierge-send"},
    "send": {"actix-web", "actix-files", "actix-multipart", "sea-orm", "sea-orm-migration", "utoipa-swagger-ui", "concierge-store"},
    # The store reads rows; the site data is mapped into the generator's types where it is published.
    "store": {"actix-web", "actix-files", "actix-multipart", "utoipa-swagger-ui", "concierge-ssg"},
    # Workbooks are written from the store's row types; reading the rows is the use cases' job.
    "sheets": {"actix-web", "actix-files", "actix-multipart", "utoipa-swagger-ui", "sea-orm", "sea-orm-migration", "concierge-send", "concierge-ssg"},
    "app": {"actix-web", "actix-files", "actix-multipart", "utoipa-swagger-ui"},
    "publish": {"actix-web", "actix-files", "actix-multipart", "utoipa-swagger-ui"},
    # Persistence has one owner: http calls the use cases, never a query or a transaction.
    "http": {"sea-orm", "sea-orm-migration", "concierge-store"},
    "cli": set(),
}


# The modules that read the wall clock, and why (everything else takes `now` or the clock).
WALL_CLOCK = {
    "core/src/clock.rs": "the clock itself",
    "store/src/publish_lease.rs": "a lease other processes read",
    "store/src/outbox/publish_jobs.rs": "queue claims and retry delays other workers share",
    "store/src/throttle.rs": "rate-limit windows",
    "store/src/edge_purges.rs": "the purge queue's claims and retry delays other workers share",
    "store/src/audit.rs": "when an act happened, as the logs and other instances say",
    "store/src/outbox/messages.rs": "the message outbox's claims and retry delays other workers share",
    "app/src/media/variants.rs": "the image queue's claims and retry delays",
    "send/src/cdn.rs": "CloudFront's request signature (AWS checks it against its clock)",
    "app/src/accounts/admins.rs": "when an account was made or changed",
    "app/src/accounts/sessions.rs": "session expiry",
    "app/src/accounts/sign_in.rs": "session expiry",
    "app/src/accounts/two_factor.rs": "TOTP steps, which the authenticator app counts by the wall clock",
    "http/src/auth.rs": "session expiry",
    "cli/src/backup.rs": "the backup's name",
    "cli/src/telemetry.rs": "a log line's time, as the other logs of the machine say",
    "http/src/routes/metrics.rs": "how long the oldest item of each queue has waited (the workers' clock)",
}


def wall_clock_calls() -> list[str]:
    """`Utc::now()` outside test modules, in files not in WALL_CLOCK."""
    found = []
    for path in sorted((ROOT / "api").glob("*/src/**/*.rs")):
        rel = str(path.relative_to(ROOT / "api"))
        if rel in WALL_CLOCK:
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if line.strip().startswith("#[cfg(test)]"):
                break
            if "Utc::now()" in line and not line.strip().startswith("//"):
                found.append(f"api/{rel}:{number} reads the wall clock; take the `now` you were handed or the settings' clock")
    return found


def entity_relations(files: list[str]) -> bool:
    """A cycle of sea-orm entities only: `Related` impls name each other by design."""
    return all(f.startswith("entities/") for f in files)


def lines_of_rust(folder: Path) -> int:
    return sum(len(p.read_text().splitlines()) for p in folder.rglob("*.rs"))


def lines_of_code(folder: Path) -> int:
    """Lines of a crate's sources before each file's first test module."""
    total = 0
    for path in folder.rglob("*.rs"):
        for line in path.read_text().splitlines():
            if line.strip().startswith("#[cfg(test)]"):
                break
            total += 1
    return total


def main() -> int:
    by_package = {package: layer for layer, package in PACKAGE.items()}
    problems = []
    print(f"{'crate':<10}{'package':<18}{'src lines':>10}{'non-test':>10}  uses")
    for layer in ORDER:
        manifest = ROOT / "api" / layer / "Cargo.toml"
        if not manifest.exists():
            problems.append(f"api/{layer}/Cargo.toml is missing")
            continue
        data = tomllib.loads(manifest.read_text())
        name = data["package"]["name"]
        if name != PACKAGE[layer]:
            problems.append(f"api/{layer} is package {name}, expected {PACKAGE[layer]}")
        deps = set(data.get("dependencies", {}))
        internal = sorted((by_package[d] for d in deps if d in by_package), key=ORDER.index)
        for used in internal:
            if ORDER.index(used) >= ORDER.index(layer):
                problems.append(f"{layer} uses {used}, which is not below it")
        for framework in sorted(deps & FORBIDDEN[layer]):
            problems.append(f"{layer} depends on {framework}")
        code = lines_of_code(ROOT / "api" / layer / "src")
        if code > MAX_LINES:
            problems.append(f"{layer} holds {code} lines of non-test Rust, over {MAX_LINES}: give a job of its own to a crate of its own")
        print(f"{layer:<10}{name:<18}{lines_of_rust(ROOT / 'api' / layer / 'src'):>10}{code:>10}  {', '.join(internal) or '-'}")
    for layer in ORDER:
        for cycle in modules.cycles(ROOT / "api" / layer / "src", entity_relations):
            problems.append(f"{layer} has a module cycle: {' -> '.join(cycle)}")
    stray = sorted(p.parent.name for p in (ROOT / "api").glob("*/Cargo.toml") if p.parent.name not in ORDER)
    problems += [f"api/{s} is a crate outside the layers" for s in stray]
    problems += wall_clock_calls()
    for problem in problems:
        print(f"layers: {problem}", file=sys.stderr)
    print(f"layers: {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
