#!/usr/bin/env python3
"""The layers of `api/`, as the crates' manifests declare them (`just layers`, part of `just lint`).

Cargo already refuses a cycle between crates, so an upward use cannot compile once it would close
one. What Cargo does not know is the order itself: that `publish` must not start depending on
`http`, or `store` on `app`, while nothing yet depends back. Nor that the lower layers stay free
of the frameworks of the upper ones (no actix below `http`, no sea-orm in `core`). This reads
every `api/*/Cargo.toml` (standard library only, no build) and fails on either, printing the
crates, what each uses, and their sizes in lines of Rust.

The layers, bottom up (ARCHITECTURE.md, "Layers the compiler enforces"):

    core -> store -> app -> publish -> http -> cli      (publish does not need app)
"""

import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ORDER = ["core", "store", "app", "publish", "http", "cli"]
PACKAGE = {name: f"concierge-{name}" for name in ORDER} | {"cli": "concierge-api"}
# Frameworks a layer must not depend on, even indirectly through its own dependencies' names.
FORBIDDEN = {
    "core": {"actix-web", "actix-files", "actix-multipart", "sea-orm", "sea-orm-migration", "utoipa-swagger-ui"},
    "store": {"actix-web", "actix-files", "actix-multipart", "utoipa-swagger-ui"},
    "app": {"actix-web", "actix-files", "actix-multipart", "utoipa-swagger-ui"},
    "publish": {"actix-web", "actix-files", "actix-multipart", "utoipa-swagger-ui"},
    "http": set(),
    "cli": set(),
}


def lines_of_rust(folder: Path) -> int:
    return sum(len(p.read_text().splitlines()) for p in folder.rglob("*.rs"))


def main() -> int:
    by_package = {package: layer for layer, package in PACKAGE.items()}
    problems = []
    print(f"{'crate':<10}{'package':<18}{'src lines':>10}  uses")
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
        print(f"{layer:<10}{name:<18}{lines_of_rust(ROOT / 'api' / layer / 'src'):>10}  {', '.join(internal) or '-'}")
    stray = sorted(p.parent.name for p in (ROOT / "api").glob("*/Cargo.toml") if p.parent.name not in ORDER)
    problems += [f"api/{s} is a crate outside the layers" for s in stray]
    for problem in problems:
        print(f"layers: {problem}", file=sys.stderr)
    print(f"layers: {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
