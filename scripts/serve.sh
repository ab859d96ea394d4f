#!/usr/bin/env bash
# Builds the web app and serves it at http://127.0.0.1:8080/ with trunk, rebuilding and reloading the
# page whenever a source file changes. Installs what is missing first (scripts/setup.sh serve).
# Stop it with Ctrl-C; running it again is fine.
#
# Usage: bash scripts/serve.sh [TRUNK SERVE OPTIONS...]   (from any directory; e.g. --release,
#        or --port 8081 when 8080 is taken)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/setup.sh serve

# wasm-opt comes from npm (node_modules/.bin); trunk and wasm-bindgen from cargo install.
export PATH="$PWD/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

port=8080
args=("$@")
for ((i = 0; i < ${#args[@]}; i++)); do
    case "${args[i]}" in
    --port | -p) port="${args[i + 1]:-$port}" ;;
    --port=*) port="${args[i]#--port=}" ;;
    esac
done

if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    printf 'serve: something already listens on 127.0.0.1:%s (an earlier scripts/serve.sh?).\n' "$port" >&2
    printf 'serve: stop it, or run: bash scripts/serve.sh --port %s\n' "$((port + 1))" >&2
    exit 1
fi

printf '\nserve: building; when trunk says it is serving, open http://127.0.0.1:%s/ in a browser (Ctrl-C stops it)\n\n' "$port"
exec trunk serve index.html "$@"
