#!/usr/bin/env bash
# Installs what building and testing this project needs, and skips whatever is already installed,
# so that a second run takes seconds. Prints one short line per step.
#
# The build machines reach only crates.io, PyPI, npm and Debian's packages: every tool comes from one
# of those, never from a tool's own download of prebuilt binaries (trunk runs with `offline = true`,
# Playwright's browser download is never used).
#
# Usage: bash scripts/setup.sh [WHAT...]   (from any directory)
#
#   WHAT is one or more of:
#     test    everything (the default): what `serve` installs, plus Chromium, ChromeDriver and
#             playwright-core for the browser tests; scripts/test.sh runs this first
#     serve   what building and serving the web app needs: the wasm32 target, trunk, wasm-bindgen
#             and wasm-opt; scripts/serve.sh runs this first
#     native  only the wasm32 target (the rules engine alone)
#   or single parts: wasm-target, trunk, wasm-bindgen, wasm-opt, playwright-core, chromium, and
#   npm (wasm-opt and playwright-core: both come from package.json).
#
# First-time costs on 2 cores: trunk ~6 min and wasm-bindgen-cli ~2 min (both `cargo install`),
# Chromium ~1 min, the npm packages a few seconds. After that every step is a check of seconds.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

# Keep in step with Trunk.toml's [tools] and the README.
TRUNK_VERSION=0.21.14            # 0.22 needs a newer rustc than the machines have
WASM_OPT_VERSION=version_132     # npm binaryen 132.0.0; Trunk.toml says wasm_opt = "version_132"
CARGO_BIN="${CARGO_HOME:-$HOME/.cargo}/bin"
# Tools installed here must be found by the checks right after installing them.
export PATH="$PWD/node_modules/.bin:$CARGO_BIN:$PATH"

# One line of progress.
step() {
    printf 'setup: %s\n' "$*"
}

# Stops with a clear message.
fail() {
    printf 'setup: %s\n' "$*" >&2
    exit 1
}

# Fails with a clear message when a command the installers rely on is missing.
require() {
    if ! command -v "$1" >/dev/null 2>&1; then
        fail "$1 is not installed; $2"
    fi
}

# Prints the first line of `CMD --version`, or nothing when CMD is missing or fails.
version_of() {
    local out
    out="$("$@" --version 2>/dev/null)" || return 0
    printf '%s\n' "${out%%$'\n'*}"
}

# The version of wasm-bindgen that Cargo.lock pins. The wasm-bindgen CLI must be exactly this version
# (it refuses wasm built against another), and trunk picks it from Cargo.lock too.
wasm_bindgen_lock_version() {
    local version
    version="$(awk '
        /^\[\[package\]\]/ { in_wb = 0 }
        /^name = "wasm-bindgen"$/ { in_wb = 1; next }
        in_wb && /^version = / { gsub(/"/, "", $3); print $3; exit }
    ' Cargo.lock)"
    [[ -n "$version" ]] || fail "Cargo.lock has no wasm-bindgen entry; run \`cargo generate-lockfile\` first"
    printf '%s\n' "$version"
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

# trunk builds and serves the web app (index.html, Trunk.toml).
install_trunk() {
    local have
    have="$(version_of trunk)"
    if [[ "$have" == "trunk $TRUNK_VERSION" ]]; then
        step "trunk $TRUNK_VERSION: already installed"
        return
    fi
    require cargo "this project expects the rustup toolchain"
    step "trunk $TRUNK_VERSION: installing with cargo install (about 6 minutes; found: ${have:-none})"
    cargo install trunk --version "$TRUNK_VERSION" --locked
    have="$(version_of trunk)"
    [[ "$have" == "trunk $TRUNK_VERSION" ]] ||
        fail "after installing, \`trunk --version\` prints '${have:-nothing}', not 'trunk $TRUNK_VERSION': is another trunk earlier on PATH ($(command -v trunk || echo none))?"
}

# wasm-bindgen and wasm-bindgen-test-runner, at the version Cargo.lock pins.
install_wasm_bindgen_cli() {
    local want have runner pinned
    want="$(wasm_bindgen_lock_version)"
    # Trunk takes the version from Cargo.lock when Trunk.toml does not pin one; a pin that differs
    # would make every build fail in offline mode, so say so here, plainly.
    pinned="$(sed -n 's/^[[:space:]]*wasm_bindgen[[:space:]]*=[[:space:]]*"\([^"]*\)".*/\1/p' Trunk.toml 2>/dev/null || true)"
    if [[ -n "$pinned" && "$pinned" != "$want" ]]; then
        fail "Trunk.toml pins wasm_bindgen = \"$pinned\" but Cargo.lock has wasm-bindgen $want: make them equal (or remove the pin, trunk then follows Cargo.lock)"
    fi
    have="$(version_of wasm-bindgen)"
    runner="$(version_of wasm-bindgen-test-runner)"
    if [[ "$have" == "wasm-bindgen $want" && "$runner" == *" $want"* ]]; then
        step "wasm-bindgen-cli $want: already installed"
        return
    fi
    require cargo "this project expects the rustup toolchain"
    step "wasm-bindgen-cli $want: installing with cargo install (about 2 minutes; found: ${have:-none})"
    # Without --locked: the CLI's own lockfile pins a crate version the registry does not have.
    cargo install wasm-bindgen-cli --version "$want"
    have="$(version_of wasm-bindgen)"
    [[ "$have" == "wasm-bindgen $want" ]] ||
        fail "after installing, \`wasm-bindgen --version\` prints '${have:-nothing}', not 'wasm-bindgen $want': is another wasm-bindgen earlier on PATH ($(command -v wasm-bindgen || echo none))?"
}

# The npm packages of package.json, exactly as package-lock.json pins them: binaryen (wasm-opt for
# trunk) and playwright-core (drives Chromium in tests/e2e). `npm ci` runs when node_modules is
# missing or was installed from another package.json or package-lock.json.
npm_packages_done=""
install_npm_packages() {
    local stamp=node_modules/.setup-stamp want
    [[ -z "$npm_packages_done" ]] || return 0
    npm_packages_done=yes
    require node "install Node.js 20 or later (Debian: apt-get install nodejs npm)"
    require npm "install npm (Debian: apt-get install npm)"
    [[ -f package-lock.json ]] || fail "package-lock.json is missing: run \`npm install\` once and commit it"
    want="$(cat package.json package-lock.json | sha256sum | cut -d' ' -f1)"
    if [[ -f "$stamp" && "$(cat "$stamp")" == "$want" && -d node_modules/binaryen && -d node_modules/playwright-core ]]; then
        step "npm packages (binaryen, playwright-core): already installed"
    else
        step "npm packages (binaryen, playwright-core): installing with npm ci"
        npm ci --no-audit --no-fund --loglevel=error >/dev/null
        printf '%s\n' "$want" >"$stamp"
    fi
}

# wasm-opt shrinks the release build; Debian's (108) and crates.io's (116) are too old for current
# rustc output, so it comes from npm's binaryen, found first on PATH from node_modules/.bin.
install_wasm_opt() {
    local have
    install_npm_packages
    have="$(version_of node_modules/.bin/wasm-opt)"
    [[ "$have" == *"($WASM_OPT_VERSION)"* ]] ||
        fail "node_modules/.bin/wasm-opt --version prints '${have:-nothing}', expected $WASM_OPT_VERSION: check binaryen in package.json"
    step "wasm-opt $WASM_OPT_VERSION (npm binaryen): ready in node_modules/.bin"
}

# playwright-core drives Debian's Chromium (never `npx playwright install`, which downloads a browser).
install_playwright_core() {
    local have
    install_npm_packages
    have="$(node -p 'require("./node_modules/playwright-core/package.json").version' 2>/dev/null || true)"
    [[ -n "$have" ]] || fail "node_modules/playwright-core is missing after npm ci"
    step "playwright-core $have: ready in node_modules"
    # tests/e2e/run.mjs serves dist/ with Python's own web server.
    require python3 "the browser tests serve dist/ with python3 (Debian: apt-get install python3)"
}

# Chromium and ChromeDriver from Debian, for tests/e2e (Playwright) and wasm-bindgen-test.
install_chromium() {
    local sudo=()
    if [[ -x /usr/bin/chromium && -x /usr/bin/chromedriver ]]; then
        step "chromium and chromium-driver: already installed ($(version_of /usr/bin/chromium))"
        return
    fi
    require apt-get "the browser tests need Debian's chromium and chromium-driver packages"
    if [[ "$(id -u)" -ne 0 ]]; then
        require sudo "installing Debian packages needs root"
        sudo=(sudo)
    fi
    step "chromium and chromium-driver: installing with apt-get (about 1 minute)"
    "${sudo[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq chromium chromium-driver >/dev/null
    [[ -x /usr/bin/chromium && -x /usr/bin/chromedriver ]] ||
        fail "apt-get finished but /usr/bin/chromium or /usr/bin/chromedriver is missing"
}

main() {
    local what=("$@") parts=() part
    [[ ${#what[@]} -gt 0 ]] || what=(test)
    for part in "${what[@]}"; do
        case "$part" in
        test) parts+=(wasm-target trunk wasm-bindgen wasm-opt chromium playwright-core) ;;
        serve) parts+=(wasm-target trunk wasm-bindgen wasm-opt) ;;
        native) parts+=(wasm-target) ;;
        wasm-target | trunk | wasm-bindgen | wasm-opt | chromium | playwright-core) parts+=("$part") ;;
        npm) parts+=(wasm-opt playwright-core) ;;
        -h | --help)
            sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}"
            return 0
            ;;
        *) fail "unknown part '$part': give test, serve, native, wasm-target, trunk, wasm-bindgen, wasm-opt, playwright-core, npm or chromium" ;;
        esac
    done

    # In this order, each once: cheap checks first, the long cargo installs after.
    for part in wasm-target trunk wasm-bindgen wasm-opt chromium playwright-core; do
        if [[ " ${parts[*]} " == *" $part "* ]]; then
            case "$part" in
            wasm-target) install_wasm_target ;;
            trunk) install_trunk ;;
            wasm-bindgen) install_wasm_bindgen_cli ;;
            wasm-opt) install_wasm_opt ;;
            chromium) install_chromium ;;
            playwright-core) install_playwright_core ;;
            esac
        fi
    done

    step "done"
}

main "$@"
