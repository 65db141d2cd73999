#!/bin/sh
# signatures.sh — the database itself: `coroner signatures check` passes
# (samples match, counter-samples do not), every signature has a corpus
# case, and the subcommands work.
. "$SRCDIR/tests/e2e/lib.sh"
"$CORONER" signatures check > "$TMP/check.txt" 2>&1; s=$?
[ $s -eq 0 ] && ok "signatures check: $(tail -1 "$TMP/check.txt")" || not_ok "signatures check" "$(grep '^error' "$TMP/check.txt" | head -20)"
n=$("$CORONER" signatures list | wc -l)
[ "$n" -ge 200 ] && ok "at least 200 signatures ($n)" || not_ok "at least 200 signatures" "$n"
missing=$("$PY" - "$SRCDIR" <<'PY'
import glob, json, os, sys
src = sys.argv[1]
ids = {json.load(open(f))["id"] for f in glob.glob(f"{src}/signatures/*/*.json")}
covered = set()
for f in glob.glob(f"{src}/corpus/*/case.json"):
    c = json.load(open(f))
    covered.add(c.get("expect_top"))
    covered.update(c.get("expect", []))
print(" ".join(sorted(ids - covered)))
PY
)
[ -z "$missing" ] && ok "every signature is proven by a corpus case" || not_ok "every signature is proven by a corpus case" "without a case: $missing"
check "list filters by category" sh -c "\"$CORONER\" signatures list --category gpu-out-of-memory | grep -q torch.cuda-oom"
check "show prints the signature with its samples" sh -c "\"$CORONER\" signatures show sglang.unbalanced-memory | grep -q samples"
check "test explains matches and near misses" sh -c "\"$CORONER\" signatures test '$SRCDIR/corpus/gpu-cuda-oom/log.txt' | grep -q 'torch.cuda-oom'"
mkdir -p "$TMP/sigs/demo"
sed -e 's/"id": "system.no-space-left"/"id": "demo.placeholder"/' -e 's/{path?: writing %}/{bogus}/' \
        "$SRCDIR/signatures/system/no-space-left.json" > "$TMP/sigs/demo/placeholder.json"
"$CORONER" signatures check --no-default-signatures -s "$TMP/sigs" > "$TMP/ph.txt" 2>&1
check "check warns of a placeholder that names no capture" grep -q "placeholder {bogus} names no capture" "$TMP/ph.txt"
check "the database has no warnings (placeholders, evidence never looked for, ...)" sh -c "! grep -q '^warning' '$TMP/check.txt'"
"$CORONER" signatures show no.such-id >/dev/null 2>&1; s=$?
[ $s -eq 2 ] && ok "show of an unknown id exits 2" || not_ok "show unknown id" "exit $s"
# Hostile signature directories: a symlink loop, a FIFO named *.json, an
# oversize file; an id overridden by a later directory.
mkdir -p "$TMP/hostile/a"
ln -s .. "$TMP/hostile/a/loop"
mkfifo "$TMP/hostile/a/fifo.json"
timeout 20 "$CORONER" signatures list -s "$TMP/hostile" > "$TMP/hostile.out" 2>&1; s=$?
[ $s -eq 0 ] && ok "a symlink loop and a FIFO in a signature directory: read once, not blocked" \
        || not_ok "symlink loop / FIFO" "exit $s $(head -c 500 "$TMP/hostile.out")"
"$PY" -c "print('{\"id\": \"' + 'a' * (9 << 20) + '\"}')" > "$TMP/hostile/big.json"
"$CORONER" signatures list -s "$TMP/hostile" > /dev/null 2>"$TMP/big.err"; s=$?
[ $s -eq 2 ] && grep -q "big.json: too large (over 8 MiB, the limit for a signature file)" "$TMP/big.err" \
        && ok "an oversize signature file: too large, with the limit" || not_ok "oversize signature file" "exit $s $(cat "$TMP/big.err")"
mkdir -p "$TMP/local/torch"
"$CORONER" signatures show torch.cuda-oom | tail -n +2 \
        | "$PY" -c "import json,sys; s=json.load(sys.stdin); s['title']='local OOM'; print(json.dumps(s))" > "$TMP/local/torch/cuda-oom.json"
"$CORONER" signatures list -s "$TMP/local" > "$TMP/local.out"
check "a later directory overrides a shipped id, and list says which file won" \
        sh -c "grep -q '^torch.cuda-oom .*local OOM' '$TMP/local.out' && grep -q 'local/torch/cuda-oom.json overrides .*signatures/torch/cuda-oom.json' '$TMP/local.out'"
"$CORONER" signatures check -s "$TMP/local" > "$TMP/local-check.out" 2>&1
check "an override is not a duplicate for signatures check" sh -c "! grep -q 'defined more than once' '$TMP/local-check.out'"
cp "$TMP/local/torch/cuda-oom.json" "$TMP/local/torch/copy.json"
"$CORONER" signatures check -s "$TMP/local" > "$TMP/local-check2.out" 2>&1
check "the same id twice under one directory is an error of signatures check" grep -q 'defined more than once' "$TMP/local-check2.out"
# A key the format does not have is an error, and signatures check names
# every broken file, not just the first.
mkdir -p "$TMP/typo/x"
"$CORONER" signatures show torch.cuda-oom | tail -n +2 | "$PY" -c "
import json, sys
s = json.load(sys.stdin); s['id'] = 'x.a'; s['fixs'] = s.pop('fixes'); s['fixes'] = ['x']
print(json.dumps(s))" > "$TMP/typo/x/a.json"
"$CORONER" signatures list -s "$TMP/typo" > /dev/null 2>"$TMP/typo.err"; s=$?
[ $s -eq 2 ] && grep -q 'a.json: unknown key "fixs" in the signature (known: id, ' "$TMP/typo.err" \
        && ok "an unknown key (\"fixs\") is an error naming the file and the known keys" || not_ok "unknown key" "exit $s $(cat "$TMP/typo.err")"
sed 's/"x.a"/"x.b"/' "$TMP/typo/x/a.json" > "$TMP/typo/x/b.json"
echo '{"id": ' > "$TMP/typo/x/c.json"
"$CORONER" signatures check -s "$TMP/typo" > "$TMP/typo.out" 2>&1; s=$?
[ $s -eq 1 ] && grep -q "a.json: unknown key" "$TMP/typo.out" && grep -q "b.json: unknown key" "$TMP/typo.out" \
        && grep -q "c.json:2:1: invalid JSON" "$TMP/typo.out" && grep -q ", 3 errors," "$TMP/typo.out" \
        && ok "signatures check reports every broken file (3 of 3), exit 1" || not_ok "check every broken file" "exit $s $(cat "$TMP/typo.out")"
mkdir -p "$TMP/wf/x"
"$CORONER" signatures show sglang.cuda-graph-capture-failed | tail -n +2 | "$PY" -c "
import json, sys
s = json.load(sys.stdin); s['id'] = 'x.a'; s['words_first'] = 'yes'
print(json.dumps(s))" > "$TMP/wf/x/a.json"
"$CORONER" signatures list -s "$TMP/wf" > /dev/null 2>"$TMP/wf.err"; s=$?
[ $s -eq 2 ] && grep -q 'a.json: "words_first" must be true or false' "$TMP/wf.err" \
        && ok "words_first that is not a boolean is an error naming the file" || not_ok "words_first type" "exit $s $(cat "$TMP/wf.err")"
"$CORONER" signatures list --category gpu-oom > /dev/null 2>"$TMP/cat.err"; s=$?
[ $s -eq 2 ] && grep -q "no signature has category 'gpu-oom'; the categories are: .*gpu-out-of-memory" "$TMP/cat.err" \
        && ok "list --category with an unknown category: exit 2, the categories that exist" || not_ok "unknown category" "exit $s $(cat "$TMP/cat.err")"
# Precedence (coroner(1), FILES): shipped, the machine's, the user's
# ($XDG_CONFIG_HOME), $CORONER_SIGNATURES, --signatures.
mkdir -p "$TMP/xdg/coroner/signatures/torch" "$TMP/envsig/torch" "$TMP/cli/torch"
for where in xdg/coroner/signatures envsig cli; do
        "$CORONER" signatures show torch.cuda-oom | tail -n +2 | "$PY" -c "
import json, sys
s = json.load(sys.stdin); s['title'] = 'from ' + sys.argv[1]; print(json.dumps(s))" "$where" > "$TMP/$where/torch/cuda-oom.json"
done
title() { XDG_CONFIG_HOME="$TMP/xdg" "$@" | sed -n 's/^torch\.cuda-oom  *[a-z-]*  *[a-z]*  *//p'; }
check "the user's directory (XDG_CONFIG_HOME) overrides the shipped set" \
        test "$(title env CORONER_SIGNATURES= "$CORONER" signatures list)" = "from xdg/coroner/signatures"
check "\$CORONER_SIGNATURES overrides the user's directory" \
        test "$(title env CORONER_SIGNATURES="$TMP/nowhere:$TMP/envsig" "$CORONER" signatures list)" = "from envsig"
check "--signatures overrides \$CORONER_SIGNATURES" \
        test "$(title env CORONER_SIGNATURES="$TMP/envsig" "$CORONER" signatures list -s "$TMP/cli")" = "from cli"
check "--no-default-signatures loads the --signatures directories only" \
        test "$(XDG_CONFIG_HOME="$TMP/xdg" CORONER_SIGNATURES="$TMP/envsig" "$CORONER" signatures list --no-default-signatures -s "$TMP/cli" | wc -l)" = 1
done_testing
