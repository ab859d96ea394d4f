#!/usr/bin/env bash
# Installs what building and testing this project needs, and skips whatever is already installed,
# so that a second run takes seconds. Prints one short line per step.
#
# The build machines reach only crates.io, PyPI, npm and Debian's packages: every tool comes from one
# of those, never from a tool's own download of prebuilt binaries.
#
# Usage: bash scripts/setup.sh   (from any directory; scripts/test.sh runs it first)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

# One line of progress.
step() {
    printf 'setup: %s\n' "$*"
}

# Fails with a clear message when a command the installers rely on is missing.
require() {
    if ! command -v "$1" >/dev/null 2>&1; then
        printf 'setup: %s is not installed; %s\n' "$1" "$2" >&2
        exit 1
    fi
}

# The wasm32 target: the rules engine must always build for the browser, and the web app needs it.
install_wasm_target() {
    local target=wasm32-unknown-unknown installed
    require rustup "this project expects the rustup toolchain"
    # Read the whole list first: `rustup ... | grep -q` can end in SIGPIPE, which pipefail reports.
    installed="$(rustup target list --installed)"
    if grep -qx "$target" <<<"$installed"; then
        step "rustup target $target: already installed"
    else
        step "rustup target $target: installing"
        rustup target add "$target"
    fi
}

main() {
    install_wasm_target

    # Extension points for the web app and browser tests. Add each as its own install_* function
    # above (check first, print one `step` line, install only when missing) and call it here, in
    # this order:
    #
    #   install_trunk              `cargo install trunk --version 0.21.14 --locked`; skip when
    #                              `trunk --version` already prints 0.21.14 (0.22 needs a newer rustc).
    #   install_wasm_bindgen_cli   `cargo install wasm-bindgen-cli --version V` WITHOUT --locked, V
    #                              being the wasm-bindgen version in Cargo.lock; skip when
    #                              `wasm-bindgen --version` already prints V.
    #   install_wasm_opt           npm `binaryen@132.0.0` in the project (node_modules/.bin first on
    #                              PATH in scripts/test.sh); Debian's and crates.io's wasm-opt are too old.
    #   install_chromium           Debian `chromium chromium-driver` (apt-get update, then apt-get install
    #                              -y); skip when /usr/bin/chromium and /usr/bin/chromedriver exist.
    #   install_playwright_core    npm `playwright-core`, used with executablePath /usr/bin/chromium;
    #                              never `npx playwright install`, which downloads its own browser.

    step "done"
}

main "$@"
