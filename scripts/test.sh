#!/usr/bin/env bash
# Runs every test of the project: the set-up (which installs the browser tools too), native tests
# (unit, integration, property), doc tests, the engine's build for the browser, clippy when it is
# installed, the web app's release build, the end-to-end tests in Chromium, and the wasm-bindgen tests
# in Chromium. Stops at the first failure.
#
# Usage: bash scripts/test.sh   (from any directory)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

# wasm-opt comes from npm (node_modules/.bin) and must come before any other on PATH; trunk and
# wasm-bindgen from cargo install. Trunk must not look for its own updates (no network here).
export PATH="$PWD/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
export TRUNK_SKIP_VERSION_CHECK=true

current_stage=""
stage_started=0
timings=()
run_started=$SECONDS

# Prints a banner and starts timing a stage; the previous stage, if any, is recorded as passed.
stage() {
    finish_stage
    current_stage="$1"
    stage_started=$SECONDS
    printf '\n========== %s ==========\n' "$current_stage"
}

finish_stage() {
    if [[ -n "$current_stage" ]]; then
        timings+=("$(printf '%5ss  %s' "$((SECONDS - stage_started))" "$current_stage")")
        current_stage=""
    fi
}

# Always ends with the time each stage took, and names the stage that failed, if one did.
on_exit() {
    local status=$?
    if [[ $status -ne 0 && -n "$current_stage" ]]; then
        timings+=("$(printf '%5ss  %s: FAILED (exit %s)' "$((SECONDS - stage_started))" "$current_stage" "$status")")
        printf '\n========== FAILED: %s ==========\n' "$current_stage" >&2
    elif [[ $status -eq 0 ]]; then
        printf '\n========== all tests passed ==========\n'
    fi
    if [[ ${#timings[@]} -gt 0 ]]; then
        printf '%s\n' "${timings[@]}"
    fi
    printf '%5ss  in all\n' "$((SECONDS - run_started))"
}
trap on_exit EXIT

stage "setup (scripts/setup.sh test)"
bash scripts/setup.sh test

stage "native tests: cargo test --all-targets"
cargo test --all-targets

stage "doc tests: cargo test --doc"
cargo test --doc

stage "engine for the browser: cargo build --lib --target wasm32-unknown-unknown"
cargo build --lib --target wasm32-unknown-unknown
finish_stage

if cargo clippy --version >/dev/null 2>&1; then
    stage "lints: cargo clippy --all-targets -- -D warnings"
    cargo clippy --all-targets -- -D warnings
    cargo clippy --target wasm32-unknown-unknown --lib --bins -- -D warnings
else
    printf '\n========== lints: skipped, clippy is not installed ==========\n'
fi

# The file comes first: `trunk build --release index.html` takes it for the value of --release.
stage "web app: trunk build index.html --release (into dist/)"
trunk build index.html --release

# Serves dist/ on 127.0.0.1 and runs tests/e2e/*.test.mjs in Chromium; bounded inside (30 min) and
# here, in case node itself hangs.
stage "end-to-end tests: node tests/e2e/run.mjs"
timeout -k 15 2100 node tests/e2e/run.mjs

# The lib's #[wasm_bindgen_test] tests in headless Chromium: .cargo/config.toml sets the runner
# (wasm-bindgen-test-runner), the browser and ChromeDriver; "no tests to run!" is a pass.
stage "wasm tests in Chromium: cargo test --target wasm32-unknown-unknown --lib"
CHROMEDRIVER=/usr/bin/chromedriver timeout -k 15 1200 cargo test --target wasm32-unknown-unknown --lib

finish_stage
