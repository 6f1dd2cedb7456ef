# Every developer and CI entry point. `just --list` shows them.

set shell := ["bash", "-euo", "pipefail", "-c"]

export CONCIERGE_DATA_DIR := env_var_or_default("CONCIERGE_DATA_DIR", justfile_directory() / "data")
pg_url := env_var_or_default("CONCIERGE_TEST_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/test")
bin := justfile_directory() / "target/debug/concierge"
# How many of the API's tests run at once. Most of a test's time is spent waiting (on its
# server, a publish, a timer), so four on 2 cores keep both busy: the SQLite pass took 331 s with
# the default two and 187 s with six, the PostgreSQL pass 339 s with two and 208 s with four.
test_threads := env_var_or_default("CONCIERGE_TEST_THREADS", "4")

# List the recipes.
default:
    @just --list

# Build everything, migrate, seed the demo, build the site, and serve it on http://127.0.0.1:8080.
up: build islands-build admin-build
    {{bin}} migrate
    {{bin}} seed
    {{bin}} build
    {{bin}} serve

# Build the `concierge` binary.
build:
    cargo build -p concierge-api --bin concierge

# Every test: Rust (SQLite, PostgreSQL), site HTML, islands, the site in a browser, the admin.
test: test-deps test-sqlite test-postgres faults-both check-html test-islands test-site test-admin

# Tools the tests need: moto (a real S3-compatible server on loopback), aiosmtpd (a real SMTP
# server on loopback), PostgreSQL's client tools (backup and restore), Varnish with
# varnish-modules (the edge), Caddy and systemd-analyze (deploy/'s files), Prometheus and
# promtool (the metrics and alerts).
test-deps:
    #!/usr/bin/env bash
    set -euo pipefail
    if ! command -v moto_server >/dev/null 2>&1; then
        python3 -m pip install --quiet --disable-pip-version-check 'moto[server]'
        command -v pyenv >/dev/null 2>&1 && pyenv rehash || true
    fi
    command -v moto_server >/dev/null 2>&1 || { echo "moto_server is not on PATH after installing moto[server]" >&2; exit 1; }
    if ! python3 -c 'import aiosmtpd' 2>/dev/null; then
        python3 -m pip install --quiet --disable-pip-version-check 'aiosmtpd==1.4.6'
    fi
    missing=""
    command -v pg_dump >/dev/null 2>&1 || missing="$missing postgresql-client"
    # Varnish with xkey (varnish-modules) for the edge's tests; Caddy and systemd-analyze check
    # deploy/'s files.
    command -v varnishd >/dev/null 2>&1 || missing="$missing varnish"
    [ -e /usr/lib/x86_64-linux-gnu/varnish/vmods/libvmod_xkey.so ] || [ -n "$(find /usr/lib -name 'libvmod_xkey.so' 2>/dev/null | head -1)" ] || missing="$missing varnish-modules"
    command -v caddy >/dev/null 2>&1 || missing="$missing caddy"
    command -v systemd-analyze >/dev/null 2>&1 || missing="$missing systemd"
    # Prometheus and promtool: deploy/prometheus/'s config, rules and metrics, run for real.
    command -v promtool >/dev/null 2>&1 || missing="$missing prometheus"
    if [ -n "$missing" ]; then
        apt-get update -qq && apt-get install -y -qq $missing
    fi

# The Rust tests on SQLite (the embedded default).
test-sqlite:
    cargo test --workspace -- --test-threads={{test_threads}}

# The API's tests on PostgreSQL (unreachable: skipped with a warning, but fails under CI=true).
test-postgres:
    #!/usr/bin/env bash
    set -euo pipefail
    if ! (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null; then
        if [ "${CI:-}" = "true" ]; then
            echo "PostgreSQL is not reachable at 127.0.0.1:5432: CI requires it" >&2
            exit 1
        fi
        echo "warning: PostgreSQL is not reachable at 127.0.0.1:5432; skipping the PostgreSQL run" >&2
        exit 0
    fi
    trap 'just pg-clean' EXIT
    # `--workspace`, as test-sqlite: the same selection resolves the same features, so nothing
    # is built again (with `-p concierge-api` the workspace's crates were). This pass is for
    # what touches storage: the tests left out here are the same whatever the database and run
    # in test-sqlite (big pictures decoded, resized and encoded within the memory bound, a
    # third of the suite's time; the deploy files and Prometheus's rules checked by their tools;
    # what the TLS front and the edge let through).
    CONCIERGE_TEST_DATABASE=postgres CONCIERGE_TEST_POSTGRES_URL={{pg_url}} cargo test --workspace --test it -- \
        --test-threads={{test_threads}} \
        --skip images::processing_a_24_megapixel_photograph --skip images::a_long_screenshot \
        --skip images::a_16_bit_png --skip images::a_40_million_by_1_png \
        --skip deploy:: --skip prometheus::promtool_checks \
        --skip front::no_purge_a_visitor --skip front::the_api_and_the_health_check

# Install a front end's npm packages when they are missing or the lock file changed.
[private]
npm-ci dir:
    #!/usr/bin/env bash
    set -euo pipefail
    if [ ! -d "{{dir}}/node_modules" ] || [ "{{dir}}/package-lock.json" -nt "{{dir}}/node_modules/.package-lock.json" ]; then
        npm ci --prefix "{{dir}}" --no-audit --no-fund
    fi

# Debian's Chromium for the browser tests (Playwright drives it; it cannot download its own).
chromium:
    #!/usr/bin/env bash
    set -euo pipefail
    if ! command -v chromium >/dev/null 2>&1; then
        apt-get update -qq && apt-get install -y -qq chromium
    fi

# Build the React islands into site-islands/dist (client bundles + the server-render entry).
islands-build: (npm-ci "site-islands")
    npm run --prefix site-islands build

# The islands' unit and component tests (vitest).
test-islands: (npm-ci "site-islands")
    npm test --prefix site-islands

# The public site in Chromium (Playwright): both languages, phone and desktop widths, axe.
test-site: build islands-build chromium (npm-ci "checks")
    CONCIERGE_BIN={{bin}} npm run --prefix checks e2e

# Build the admin app into admin-ui/dist (served at /admin).
admin-build: (npm-ci "admin-ui")
    npm run --prefix admin-ui build

# The admin app's tests: its layer rules (ESLint), vitest, then Playwright against a real
# `concierge serve`.
test-admin: build admin-build islands-build chromium
    npm run --prefix admin-ui lint
    npm test --prefix admin-ui
    CONCIERGE_BIN={{bin}} npm run --prefix admin-ui e2e

# Validate every generated page of the seeded demo site with the W3C Nu HTML checker: 0 errors.
check-html: build islands-build (npm-ci "checks")
    #!/usr/bin/env bash
    set -euo pipefail
    dir=$(mktemp -d)
    trap 'rm -rf "$dir"' EXIT
    export CONCIERGE_DATA_DIR="$dir" CONCIERGE_DATABASE_URL="sqlite://$dir/concierge.db?mode=rwc"
    {{bin}} seed > /dev/null
    {{bin}} build
    pages=$(find "$dir/site" -name '*.html' | wc -l)
    java -jar checks/node_modules/vnu-jar/build/dist/vnu.jar --errors-only --skip-non-html "$dir/site"
    echo "check-html: $pages pages, 0 errors"

# PNGs of every page type (English, Arabic; 375, 768, 1440 px) and the admin's main screens.
screenshots: build islands-build admin-build chromium (npm-ci "checks")
    CONCIERGE_BIN={{bin}} node checks/screenshots.mjs screenshots

# Lighthouse (mobile) on home, a blog article, a blog whose hero is a 24 MP camera photograph,
# contact and services in both languages: fails below 95 in any category (and the photograph's
# page above 2.5 s LCP or 400 KB); writes the score table to docs/audit.md.
audit: build islands-build chromium photo-deps (npm-ci "checks")
    CONCIERGE_BIN={{bin}} node checks/audit.mjs docs/audit.md

# Build the whole site into the site store.
site: build islands-build
    {{bin}} migrate
    {{bin}} build

# Serve and rebuild on every change to content/ or the templates, with live reload.
watch: build islands-build
    {{bin}} watch

# Benchmarks against Hugo, nginx and Pagefind (release build, loopback); writes docs/benchmarks.md.
bench: photo-deps islands-build chromium (npm-ci "checks")
    #!/usr/bin/env bash
    set -euo pipefail
    missing=""
    for tool in hugo nginx wrk; do command -v $tool >/dev/null 2>&1 || missing="$missing $tool"; done
    [ -x /usr/bin/time ] || missing="$missing time"
    command -v varnishd >/dev/null 2>&1 || missing="$missing varnish varnish-modules"
    if [ -n "$missing" ]; then apt-get update -qq && apt-get install -y -qq $missing; fi
    cargo build --release -p concierge-api --bin concierge
    python3 bench/run.py

# Pillow and NumPy, for checks/make-photo.py (the audit's and the benchmark's camera photograph).
[private]
photo-deps:
    python3 -c 'import PIL, numpy' 2>/dev/null || python3 -m pip install --quiet --disable-pip-version-check pillow numpy

# schemathesis over the live OpenAPI document, with the API key and an administrator's token:
# every check, 0 server errors, 0 answers that break the schema (config: checks/schemathesis.toml).
faults: build
    #!/usr/bin/env bash
    set -euo pipefail
    if ! python3 -c 'import schemathesis' 2>/dev/null; then
        python3 -m pip install --quiet --disable-pip-version-check 'schemathesis==4.32.5'
    fi
    st="$(python3 -c 'import sysconfig; print(sysconfig.get_path("scripts"))')/st"
    dir=$(mktemp -d)
    export CONCIERGE_DATA_DIR="$dir" CONCIERGE_DATABASE_URL="sqlite://$dir/concierge.db?mode=rwc"
    export CONCIERGE_ISLANDS_DIR="$dir/no-islands" RUST_LOG=warn CONCIERGE_FORM_LIMIT=1000000/1m
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    base="http://127.0.0.1:$port"
    password="schemathesis runs $RANDOM$RANDOM"
    {{bin}} seed > /dev/null
    CONCIERGE_ADMIN_PASSWORD="$password" {{bin}} admin create faults > /dev/null
    CONCIERGE_ADDR="127.0.0.1:$port" {{bin}} serve > "$dir/serve.log" 2>&1 &
    server=$!
    trap 'kill $server 2>/dev/null; wait $server 2>/dev/null || true; rm -rf "$dir"' EXIT
    for _ in $(seq 100); do curl -fs "$base/healthz" > /dev/null && break; sleep 0.2; done
    key="${CONCIERGE_API_KEY:-concierge-dev-key}"
    token=$(curl -fs -H "x-api-key: $key" -H 'content-type: application/json' \
        -d "{\"username\": \"faults\", \"password\": \"$password\"}" "$base/api/v1/authenticate" \
        | python3 -c 'import json, sys; print(json.load(sys.stdin)["responseBody"]["token"])')
    # Signing out and ending sessions would end the run's own session: the API tests cover them.
    # One worker: with two threads, schemathesis 4.32.5 on CPython 3.11 stopped 2 runs in 3 with
    # its own runtime error ("SystemError: AST constructor recursion depth mismatch" while two
    # threads parse its source), not an API finding.
    "$st" --no-color --config-file checks/schemathesis.toml run "$base/api/v1/openapi.json" \
        -H "x-api-key: $key" -H "Authorization: Bearer $token" \
        --exclude-path /api/v1/logout --exclude-path '/api/v1/account/sessions/{id}' \
        --max-examples 30 --workers 1

# Faults at every step, a sample that fits in five minutes (checks/faults/io.py): a workload of
# every kind of write the product acknowledges against `concierge serve` whose own disk calls
# fail (EIO, ENOSPC, short writes on open, write, fsync and rename under the data directory, by
# checks/faults/inject.c; fsync and rename by Debian's fiu-run too), the N-th call for sampled N
# and at random; then on PostgreSQL while its backends are terminated and it is restarted.
# After each run: no 500, no crash, no hang; everything acknowledged there after a restart,
# nothing refused half-done, the site equal to a full build, each enquiry emailed once.
faults-io: build faults-io-deps
    #!/usr/bin/env bash
    set -euo pipefail
    python3 checks/faults/io.py --nth sample --samples 16 --jobs 2 --random 3 --log --fiu 2 --outage 35
    if ! (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null; then
        if [ "${CI:-}" = "true" ]; then
            echo "PostgreSQL is not reachable at 127.0.0.1:5432: CI requires it" >&2
            exit 1
        fi
        echo "warning: PostgreSQL is not reachable at 127.0.0.1:5432; skipping its fault runs" >&2
        exit 0
    fi
    python3 checks/faults/io.py --postgres {{pg_url}} --disrupt 2

# `faults` and `faults-io` side by side: each keeps about one core busy at most (schemathesis
# is one Python worker; the fault suite mostly waits on its server), so together they take the
# longer one's time, not the sum (part of `just test`). Each one's output follows when both end.
[private]
faults-both: build faults-io-deps
    #!/usr/bin/env bash
    set -uo pipefail
    dir=$(mktemp -d)
    trap 'rm -rf "$dir"' EXIT
    just faults > "$dir/faults.log" 2>&1 &
    schemathesis=$!
    just faults-io > "$dir/faults-io.log" 2>&1 &
    io=$!
    wait $schemathesis; a=$?
    wait $io; b=$?
    echo "── just faults (exit $a)"; cat "$dir/faults.log"
    echo "── just faults-io (exit $b)"; cat "$dir/faults-io.log"
    [ $a -eq 0 ] && [ $b -eq 0 ]

# Every injection point: the N-th disk call fails for every N the workload makes, then random
# faults under 20 seeds, fiu-run's five times, and PostgreSQL disrupted ten times (about an hour).
faults-io-full: build faults-io-deps
    python3 checks/faults/io.py --nth all --jobs 3 --random 20 --log --fiu 5 --outage 35
    python3 checks/faults/io.py --postgres {{pg_url}} --disrupt 10

# The fault suite's tools: gcc builds the injector, Debian's fiu-utils, aiosmtpd (a real SMTP
# server for the messages).
[private]
faults-io-deps:
    #!/usr/bin/env bash
    set -euo pipefail
    missing=""
    command -v gcc >/dev/null 2>&1 || missing="$missing gcc libc6-dev"
    command -v fiu-run >/dev/null 2>&1 || missing="$missing fiu-utils"
    command -v psql >/dev/null 2>&1 || missing="$missing postgresql-client"
    if [ -n "$missing" ]; then apt-get update -qq && apt-get install -y -qq $missing; fi
    python3 -c 'import aiosmtpd' 2>/dev/null || python3 -m pip install --quiet --disable-pip-version-check 'aiosmtpd==1.4.6'
    mkdir -p target/faults
    gcc -shared -fPIC -O2 -Wall -Wextra -Werror -o target/faults/inject.so checks/faults/inject.c -ldl

# Drop the databases left by PostgreSQL test runs.
pg-clean:
    #!/usr/bin/env bash
    command -v psql >/dev/null || exit 0
    for db in $(psql "{{pg_url}}" -Atc "SELECT datname FROM pg_database WHERE datname LIKE 'concierge\_test\_%'" 2>/dev/null); do
        psql "{{pg_url}}" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true
    done

# Formatting, lints, the layers of api/ and the admin's (features never import each other, no cycles).
lint: layers (npm-ci "admin-ui")
    cargo fmt --all --check
    cargo clippy --workspace --all-targets -- -D warnings
    npm run --prefix admin-ui lint

# The layers of api/ as the crates declare them: each uses only those below it, and no actix
# below http, no sea-orm in core (Cargo refuses the cycles; this keeps the order).
layers:
    python3 checks/layers.py

# Remove the local data (database, media, generated site).
reset:
    rm -rf "$CONCIERGE_DATA_DIR"
