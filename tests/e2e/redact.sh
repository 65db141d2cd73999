#!/bin/sh
# redact.sh — reports safe to attach to a ticket: real-looking secrets in
# every field (evidence, exception message, summary captures, streams,
# environment, command line) never reach any output format; --redact
# replaces hosts, IPs, users, paths and emails with stable pseudonyms; the
# fingerprints do not change.
. "$SRCDIR/tests/e2e/lib.sh"
HF=hf_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789
HF2=hf_ZyXwVuTsRqPoNmLkJiHgFeDcBa9876543210
OPENAI=sk-proj-AbCdEfGhIjKlMnOpQrStUvWx123456
ANTHROPIC=sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz
AWS=AKIAIOSFODNN7EXAMPLE
GH=ghp_0123456789abcdefghijABCDEFGHIJ012345
JWT=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.c2lnbmF0dXJlLXZhbHVl
cat > "$TMP/secrets.log" <<LOG
Nov 29 21:40:10 gpu-node-07 python3[4100]: launching python3 -m sglang.launch_server --model-path /home/alice/models/k26 --api-key $OPENAI --host 10.1.2.3
Nov 29 21:40:11 gpu-node-07 python3[4100]: HF_TOKEN=$HF set; ANTHROPIC_API_KEY=$ANTHROPIC; session=$JWT api_token=QwErTy123456
Nov 29 21:40:12 gpu-node-07 python3[4100]: Traceback (most recent call last):
Nov 29 21:40:12 gpu-node-07 python3[4100]:   File "/home/alice/k26/serve.py", line 9, in <module>
Nov 29 21:40:12 gpu-node-07 python3[4100]:     download("https://bob:hunter2secret@hub.example.com/k26", token="$HF2")
Nov 29 21:40:12 gpu-node-07 python3[4100]: huggingface_hub.errors.GatedRepoError: 401 Client Error. Cannot access gated repo for url https://huggingface.co/meta-llama/Llama-3-8B/resolve/main/config.json. Authorization: Bearer $HF password=Sup3rS3cret! aws=$AWS $GH mail alice@example.com
Nov 29 21:41:00 gpu-node-08 python3[77]: OSError: [Errno 28] No space left on device: '/data/alice-ckpt/run7/shard-3.safetensors'
Nov 29 21:41:01 gpu-node-08 python3[77]: -----BEGIN RSA PRIVATE KEY-----MIIEowIBAAKCAQEA7bq3Yw-----END RSA PRIVATE KEY-----
LOG
leaks() { # FILE: the secrets found in it
        grep -oE "hf_[A-Za-z0-9]{20,}|sk-(proj|ant)-[A-Za-z0-9-]{10,}|$AWS|ghp_[A-Za-z0-9]{20,}|hunter2secret|Sup3rS3cret|QwErTy123456|MIIEowIBAAKCAQEA|eyJhbGciOi" "$1" | sort -u | tr '\n' ' '
}
for fmt in text json markdown; do
        "$CORONER" --no-pager -v -f $fmt "$TMP/secrets.log" > "$TMP/out.$fmt"
        l=$(leaks "$TMP/out.$fmt")
        # (the text report cuts long messages: it may show no placeholder at all)
        [ -z "$l" ] && { [ $fmt = text ] || grep -q "<redacted:" "$TMP/out.$fmt"; } && ok "$fmt: no secret written" \
                || not_ok "$fmt: secrets leaked" "$l"
done
check "json: still a valid document" "$PY" -c "import json,sys; json.load(open(sys.argv[1]))" "$TMP/out.json"
check "json: the exception message keeps its words around the placeholders" \
        grep -q 'Authorization: Bearer <redacted:hf-token> password=<redacted:secret> aws=<redacted:aws-key> <redacted:github-token>' "$TMP/out.json"
check "json: the command line's key is redacted" grep -q -- '--api-key <redacted:api-key>' "$TMP/out.json"
check "a fix's placeholder (HF_TOKEN=hf_...) is not taken for a secret" grep -q 'HF_TOKEN=hf_\.\.\.' "$TMP/out.text"

# --follow's JSON Lines go through the same redaction.
"$CORONER" --follow -f json "$TMP/secrets.log" < /dev/null > "$TMP/follow.jsonl" 2>/dev/null &
pid=$!
for i in $(seq 30); do grep -q '"record":"diagnosis"' "$TMP/follow.jsonl" 2>/dev/null && break; sleep 0.2; done
sleep 1.5
kill -INT $pid 2>/dev/null; wait $pid
l=$(leaks "$TMP/follow.jsonl")
[ -z "$l" ] && grep -q '"record":"diagnosis"' "$TMP/follow.jsonl" && ok "--follow JSON Lines: no secret written" \
        || not_ok "--follow JSON Lines leak" "$l $(head -c 300 "$TMP/follow.jsonl")"

# --redact: stable pseudonyms.
"$CORONER" -f json --redact=all "$TMP/secrets.log" > "$TMP/all.json"
check "--redact=all: still valid JSON" "$PY" -c "import json,sys; json.load(open(sys.argv[1]))" "$TMP/all.json"
check "--redact=all: no host, IP, user or email is left" \
        sh -c "! grep -qE 'gpu-node-0|10\.1\.2\.3|alice|example\.com' '$TMP/all.json'"
check "--redact=all: each host keeps one pseudonym (host-1 and host-2 for two hosts)" \
        test "$(grep -oE 'host-[0-9]+' "$TMP/all.json" | sort -u | tr '\n' ' ')" = "host-1 host-2 "
check "--redact=all: the home directory's user becomes user-1 everywhere" \
        test "$(grep -oE '/home/[^/]+/' "$TMP/all.json" | sort -u | tr '\n' ' ')" = "/home/user-1/ "
check "--redact=all: the IP becomes 10.x.x.1" grep -q -- '--host 10.x.x.1' "$TMP/all.json"
check "--redact=all: a private path keeps its file name, in the summary's capture too" \
        "$PY" -c "
import json, re, sys
s = [d['summary'] for d in json.load(open(sys.argv[1]))['diagnoses'] if d['id'] == 'system.no-space-left'][0]
assert re.fullmatch(r'A write failed because the filesystem is full \(or out of inodes\): writing /path-\d+/shard-3\.safetensors\.', s), s
" "$TMP/all.json"
check "fingerprints are the same with and without --redact" \
        test "$(json_get "$TMP/out.json" '" ".join(d["fingerprint"] for d in r["diagnoses"])')" = \
             "$(json_get "$TMP/all.json" '" ".join(d["fingerprint"] for d in r["diagnoses"])')"
"$CORONER" --no-pager --redact=hosts "$TMP/secrets.log" > "$TMP/hosts.txt"
check "--redact=hosts alone leaves users and IPs" sh -c "grep -q alice '$TMP/hosts.txt' && ! grep -q gpu-node '$TMP/hosts.txt'"
"$CORONER" --redact=hostnames "$TMP/secrets.log" > /dev/null 2>"$TMP/bad.err"; s=$?
[ $s -eq 2 ] && grep -q "hosts, ips, users, paths, emails or all" "$TMP/bad.err" && ok "--redact with an unknown kind: exit 2, the kinds" \
        || not_ok "--redact unknown kind" "exit $s"
# A rule runs only on reports that hold one of its triggers; a caseless
# rule's keyword matches other letters than ASCII ones too (in UTF mode
# "s" is also the long s), so such a report is searched all the same.
printf 'RuntimeError: login failed: pa\305\277\305\277word=hunter2222 rejected\n' > "$TMP/longs.log"
"$CORONER" --no-pager -f json "$TMP/longs.log" > "$TMP/longs.json"
check "a keyword spelled with the long s is still redacted" sh -c "! grep -q hunter2222 '$TMP/longs.json'"
printf 'RuntimeError: upload failed, session %s expired\n' "$JWT" > "$TMP/jwt.log"
"$CORONER" --no-pager -f json "$TMP/jwt.log" > "$TMP/jwt.json"
check "a report whose one secret is a token is redacted" grep -q '<redacted:jwt>' "$TMP/jwt.json"
done_testing
