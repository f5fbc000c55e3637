#!/usr/bin/env bash
# Container smoke test: builds the Containerfile on a Node 24 Debian base, starts the image and
# passes requests through it (/healthz, /readyz, add-url, one PDF chunked; then, with the emulator
# started from the same image as compose.yaml does, the PDF with embeddings, uploaded to its index
# and counted), then stops it with SIGTERM and checks that it exits 0. Uses Debian's buildah (no
# Docker daemon, no registry): chroot isolation, the host's network. Needs root and buildah; the
# base image is built by ../shared/tools/make-node-base-image.sh when missing (that needs
# mmdebstrap, which it installs).
#
#   scripts/container-smoke.sh            (CI runs it from .ci/run)
#
# Environment: BASE_IMAGE (default localhost/node:24-bookworm-slim), IMAGE (the tag built,
# default localhost/sample-utility-service:smoke-PID), SHARED_DIR (default ../shared), SMOKE_PDF
# (default $SHARED_DIR/corpus/groff-manual.pdf), KEEP_IMAGE=1 to keep the built image.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

BASE_IMAGE="${BASE_IMAGE:-localhost/node:24-bookworm-slim}"
IMAGE="${IMAGE:-localhost/sample-utility-service:smoke-$$}"   # per run: runs may share the storage
SHARED_DIR="${SHARED_DIR:-../shared}"
SMOKE_PDF="${SMOKE_PDF:-$SHARED_DIR/corpus/groff-manual.pdf}"
BUILD_BOUND_S=900   # the image build (npm ci included)
STOP_BOUND_S=30     # SIGTERM to exit: SHUTDOWN_DELAY_MS (3 s here) + the server's 10 s close bound, and margin

say() { printf 'smoke: %s\n' "$*"; }
fail() { printf 'smoke: FAILED %s\n' "$*" >&2; exit 1; }
elapsed() { echo $((SECONDS - $1)); }

command -v buildah >/dev/null || fail "buildah is missing (apt-get install -y --no-install-recommends buildah)"
command -v node >/dev/null || fail "node is missing (the requests are sent by node)"
[ -f "$SMOKE_PDF" ] || fail "no PDF at $SMOKE_PDF (set SMOKE_PDF or SHARED_DIR)"

# overlay where the kernel allows it, else vfs (slower, works everywhere).
if [ -z "${STORAGE_DRIVER:-}" ] && ! buildah info >/dev/null 2>&1; then export STORAGE_DRIVER=vfs; say "overlay storage unavailable: using vfs"; fi

t0=$SECONDS
work="$(mktemp -d)"
ctr=""
server_pid=""
emu_ctr=""
emu_pid=""
cmd=()
emu_cmd=()
# The server process inside: buildah run -> buildah-chroot-runtime -> buildah-chroot-exec -> the
# Cmd. buildah does not pass SIGTERM on (it kills its child), so signals go to this process.
descendants() { local p; for p in $(ps -o pid= --ppid "$1" 2>/dev/null); do echo "$p"; descendants "$p"; done; }
# inner_process BUILDAH_RUN_PID ARGS: the descendant whose command line ends with ARGS.
inner_process() {
  local p args
  for p in $(descendants "$1"); do
    args="$(tr '\0' ' ' <"/proc/$p/cmdline" 2>/dev/null || true)"
    case "$args" in buildah*) ;; *"$2 ") echo "$p"; return ;; esac
  done
}
stop_run() { # BUILDAH_RUN_PID ARGS: kill what buildah run started, and buildah run
  if [ -n "$1" ] && kill -0 "$1" 2>/dev/null; then
    local inner; inner="$(inner_process "$1" "$2")"
    if [ -n "$inner" ]; then kill -KILL "$inner" 2>/dev/null || true; fi
    kill -KILL "$1" 2>/dev/null || true
    wait "$1" 2>/dev/null || true
  fi
}
cleanup() {
  stop_run "$server_pid" "${cmd[*]:1}"
  stop_run "$emu_pid" "${emu_cmd[*]:1}"
  if [ -n "$ctr" ]; then buildah rm "$ctr" >/dev/null 2>&1 || true; fi
  if [ -n "$emu_ctr" ]; then buildah rm "$emu_ctr" >/dev/null 2>&1 || true; fi
  if [ "${KEEP_IMAGE:-0}" != 1 ]; then buildah rmi "$IMAGE" >/dev/null 2>&1 || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# 1. The base image.
t=$SECONDS
if ! buildah inspect --type image "$BASE_IMAGE" >/dev/null 2>&1; then
  [ -f "$SHARED_DIR/tools/make-node-base-image.sh" ] \
    || fail "no base image $BASE_IMAGE and no $SHARED_DIR/tools/make-node-base-image.sh to build it"
  say "building the base image $BASE_IMAGE"
  bash "$SHARED_DIR/tools/make-node-base-image.sh" "$BASE_IMAGE"
fi
say "base image $BASE_IMAGE ready ($(elapsed "$t") s)"

# 2. npm inside the build reaches the registry the way this machine does: its registry, proxy
#    and CA bundle go in as build secrets (mounted for the npm ci step only, never in a layer).
registry="$(npm config get registry 2>/dev/null || echo https://registry.npmjs.org/)"
cafile="$(npm config get cafile 2>/dev/null || true)"
case "$cafile" in ''|null|undefined) cafile=/etc/ssl/certs/ca-certificates.crt ;; esac
{
  echo "registry=$registry"
  for key in proxy https-proxy noproxy; do
    v="$(npm config get "$key" 2>/dev/null || true)"
    case "$v" in ''|null|undefined) ;; *) echo "$key=$v" ;; esac
  done
  [ -f "$cafile" ] && echo "cafile=/run/secrets/npm_ca"
} >"$work/npmrc"
secrets=(--secret "id=npmrc,src=$work/npmrc")
[ -f "$cafile" ] && secrets+=(--secret "id=npm_ca,src=$cafile")

# 3. The image: the real Containerfile, on that base. --format docker keeps HEALTHCHECK.
t=$SECONDS
say "building $IMAGE from Containerfile on $BASE_IMAGE"
buildah rmi "$IMAGE" >/dev/null 2>&1 || true   # a previous run's, so that it is not left untagged
timeout "$BUILD_BOUND_S" buildah bud --isolation chroot --format docker --quiet \
  --build-arg "BASE_IMAGE=$BASE_IMAGE" "${secrets[@]}" -f Containerfile -t "$IMAGE" . >/dev/null \
  || fail "buildah bud (exit $?)"
size_bytes="$(buildah inspect --type image --format '{{.Size}}' "$IMAGE" 2>/dev/null || true)"
size_human="$(buildah images --format '{{.Size}}' "$IMAGE" | head -1)"
say "built in $(elapsed "$t") s; image size: $size_human${size_bytes:+ ($size_bytes bytes)}"

# 4. What the image holds and how it is configured.
config="$(buildah inspect --type image "$IMAGE" | node -e 'process.stdout.write(JSON.stringify(JSON.parse(require("node:fs").readFileSync(0, "utf8")).Docker.config))')"
CONFIG="$config" node -e '
  const c = JSON.parse(process.env.CONFIG);
  const fail = (m) => { console.error(`smoke: FAILED image config: ${m}`); process.exit(1); };
  if (!/^[1-9]\d*(:\d+)?$/.test(c.User ?? "")) fail(`User is ${JSON.stringify(c.User)}, not a numeric non-root uid`);
  if (c.StopSignal !== "SIGTERM") fail(`StopSignal is ${c.StopSignal}`);
  if (!c.Healthcheck || !JSON.stringify(c.Healthcheck.Test).includes("/healthz")) fail("no HEALTHCHECK on /healthz");
  if (JSON.stringify(c.Cmd) !== JSON.stringify(["node", "--v8-pool-size=1", "--max-semi-space-size=4", "--heap-growing-percent=50", "src/server.ts"])) fail(`Cmd is ${JSON.stringify(c.Cmd)}`);
  console.log(`smoke: ok   image config: user ${c.User}, StopSignal ${c.StopSignal}, HEALTHCHECK ${c.Healthcheck.Test.slice(1).join(" ").slice(0, 40)}..., Cmd ${c.Cmd.join(" ")}`);
'
ctr="$(buildah from --name "smoke-$$" "$IMAGE")"
listing="$(buildah run --isolation chroot "$ctr" -- sh -c 'ls -A /app | tr "\n" " "; echo; for d in typescript eslint node autocannon playwright-core @types; do [ -e /app/node_modules/$d ] && echo "devDependency:$d"; done; id -u')"
top="$(echo "$listing" | head -1)"
[ "$top" = "emulator node_modules package.json src " ] || fail "/app holds: $top (expected emulator node_modules package.json src)"
if echo "$listing" | grep -q devDependency:; then fail "devDependencies in the image: $(echo "$listing" | grep devDependency: | tr '\n' ' ')"; fi
[ "$(echo "$listing" | tail -1)" = 1000 ] || fail "runs as uid $(echo "$listing" | tail -1), not 1000"
say "ok   /app holds only: $top(no devDependency); runs as uid 1000"

# 5. Start it on a free loopback port, with the image's own command.
port="$(node -e 'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')"
while IFS= read -r arg; do cmd+=("$arg"); done < <(CONFIG="$config" node -e 'for (const a of JSON.parse(process.env.CONFIG).Cmd) console.log(a)')
buildah run --isolation chroot --network host \
  --env HOST=127.0.0.1 --env "PORT=$port" --env LOG_LEVEL=info --env SHUTDOWN_DELAY_MS=3000 \
  --env JWT_SECRET=container-smoke-jwt-secret-0123456789abcdef --env OUTBOUND_ALLOWED_HOSTS=127.0.0.1 \
  "$ctr" -- "${cmd[@]}" >"$work/server.log" 2>&1 </dev/null &
server_pid=$!
say "started $IMAGE on 127.0.0.1:$port (buildah run pid $server_pid)"

# The emulator from the same image, as compose.yaml runs it (there on 0.0.0.0:7071).
emu_port="$(node -e 'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')"
emu_cmd=(node emulator/src/main.ts --create-index=pdf-chunks --host=127.0.0.1 "--port=$emu_port" --quiet)
emu_ctr="$(buildah from --name "smoke-emulator-$$" "$IMAGE")"
buildah run --isolation chroot --network host "$emu_ctr" -- "${emu_cmd[@]}" >"$work/emulator.log" 2>&1 </dev/null &
emu_pid=$!
say "started the emulator from $IMAGE on 127.0.0.1:$emu_port (buildah run pid $emu_pid)"

# 6. The requests.
if ! timeout 300 node scripts/container-smoke-requests.ts "http://127.0.0.1:$port" "$SMOKE_PDF" "http://127.0.0.1:$emu_port"; then
  echo "--- server log" >&2; tail -50 "$work/server.log" >&2
  echo "--- emulator log" >&2; tail -20 "$work/emulator.log" >&2
  fail "requests through the image"
fi

# 7. SIGTERM to the server process inside, then a clean exit: code 0, and the log says it drained.
node_pid="$(inner_process "$server_pid" "${cmd[*]:1}")"
[ -n "$node_pid" ] || fail "cannot find the server process under buildah run (pid $server_pid)"
t=$SECONDS
kill -TERM "$node_pid"
# While it drains (SHUTDOWN_DELAY_MS), /readyz says so and requests are still served.
for _ in $(seq 1 100); do grep -q '"msg":"shutting down"' "$work/server.log" && break; sleep 0.1; done
BASE="http://127.0.0.1:$port" node --input-type=module -e '
  const base = process.env.BASE;
  const fail = (m) => { console.error(`smoke: FAILED while draining: ${m}`); process.exit(1); };
  const ready = await fetch(`${base}/readyz`);
  const body = await ready.text();
  if (ready.status !== 503 || body !== `{"status":"draining"}`) fail(`/readyz ${ready.status} ${body}`);
  const health = await fetch(`${base}/healthz`);
  if (health.status !== 200) fail(`/healthz ${health.status}`);
  console.log("smoke: ok   after SIGTERM: /readyz 503 {\"status\":\"draining\"}, /healthz 200");
' || fail "draining"
code=0
timeout "$STOP_BOUND_S" tail --pid="$server_pid" -f /dev/null || fail "still running $STOP_BOUND_S s after SIGTERM"
wait "$server_pid" || code=$?
server_pid=""
grep -q '"msg":"shutting down"' "$work/server.log" || { tail -20 "$work/server.log" >&2; fail "no 'shutting down' line after SIGTERM"; }
[ "$code" = 0 ] || { tail -20 "$work/server.log" >&2; fail "exit code $code after SIGTERM"; }
say "ok   SIGTERM: drained and exited 0 in $(elapsed "$t") s"
if grep -q '"level":50\|"level":60' "$work/server.log"; then tail -20 "$work/server.log" >&2; fail "error lines in the server log"; fi

# The emulator stops on SIGTERM too.
emu_node="$(inner_process "$emu_pid" "${emu_cmd[*]:1}")"
[ -n "$emu_node" ] || fail "cannot find the emulator process under buildah run (pid $emu_pid)"
kill -TERM "$emu_node"
code=0
timeout "$STOP_BOUND_S" tail --pid="$emu_pid" -f /dev/null || fail "emulator still running $STOP_BOUND_S s after SIGTERM"
wait "$emu_pid" || code=$?
emu_pid=""
[ "$code" = 0 ] || { tail -20 "$work/emulator.log" >&2; fail "emulator exit code $code after SIGTERM"; }
say "ok   emulator: SIGTERM, exit 0"

say "passed in $(elapsed "$t0") s (image size $size_human)"
