#!/usr/bin/env bash
# Runs every test of the project: the set-up, native tests (unit, integration, property), doc tests,
# the engine's build for the browser, and clippy when it is installed. Stops at the first failure.
#
# Usage: bash scripts/test.sh   (from any directory)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

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

stage "setup (scripts/setup.sh)"
bash scripts/setup.sh

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
else
    printf '\n========== lints: skipped, clippy is not installed ==========\n'
fi

finish_stage
