#!/usr/bin/python3
"""Turn the signature database into pattern files for rg and grep.

usage: patterns.py SIGNATURES_DIR OUT_DIR [HEALTHY_LOG]

Collects match.line and match.message of every signature (PCRE2, one
pattern each; the other keys, match.exception and match.frame, are not
line regexes and are left out) and writes to OUT_DIR:

  rg.patterns     one pattern per line, for `rg -P -c -f rg.patterns FILE`
  grep.pattern    the same patterns as ONE alternation (?:p1)|(?:p2)|...,
                  for `grep -P -c -e "$(cat grep.pattern)" FILE`: GNU grep -P
                  accepts a single pattern only, and a newline-separated
                  list is refused ("the -P option only supports a single
                  pattern").
  rg-nocatchall.patterns
                  rg.patterns without the catch-all patterns (those that
                  match more than 1% of HEALTHY_LOG's lines), for an
                  informational extra row.
  info            key=value facts for run.sh and the report.

Named groups are renamed per pattern, (?<name>...) -> (?<name_N>...) with N
the pattern's number: rg compiles all -f patterns as one regex, and grep gets
one alternation, so two signatures that both capture (?<pid>...) would be a
"two named subpatterns have the same name" compile error.  Renaming changes
no match (no pattern refers to a group by name; that is checked, and a
pattern that does is left unrenamed).  Each pattern is then test-compiled by
each tool (`rg -P -e P` / `grep -P -e P` on empty input); a pattern a tool
cannot parse is dropped for that tool only and counted.
"""
import glob, json, os, re, subprocess, sys

NAMED = re.compile(r"\(\?(?:P?<([A-Za-z_]\w*)>|'([A-Za-z_]\w*)')")
BYNAME = re.compile(r"\\k[<{']|\\g\{[A-Za-z_]|\(\?P[=>]|\(\?&|\(\?\(<|\(\?\('|\(\?\([A-Za-z_]")


EMPTY = None   # an empty file to search (rg reading an empty stdin is slow)


def compiles(tool, pattern):
    cmd = [tool, '-P', '-q', '-e', pattern, EMPTY]
    try:
        r = subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE)
    except FileNotFoundError:
        return None, 'not installed'
    # 0 = match, 1 = no match: the pattern compiled; 2 = error
    return r.returncode in (0, 1), r.stderr.decode(errors='replace').strip()


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    src, out = sys.argv[1], sys.argv[2]
    healthy = sys.argv[3] if len(sys.argv) == 4 else None
    os.makedirs(out, exist_ok=True)
    global EMPTY
    EMPTY = os.path.join(out, 'empty')
    open(EMPTY, 'w').close()
    pats = []   # (id, key, pattern)
    n_sigs = 0
    for f in sorted(glob.glob(os.path.join(src, '*', '*.json'))):
        s = json.load(open(f, encoding='utf-8'))
        n_sigs += 1
        for key in ('line', 'message'):
            p = s.get('match', {}).get(key)
            if isinstance(p, str) and p:
                pats.append((s['id'], key, p))
    renamed = 0
    unrenamable = 0
    final = []
    for i, (sid, key, p) in enumerate(pats, 1):
        if '\n' in p:
            final.append((sid, key, None))   # cannot be one line of a file
            continue
        if NAMED.search(p):
            if BYNAME.search(p):
                unrenamable += 1
            else:
                p = NAMED.sub(lambda m: ("(?<%s_%d>" % (m.group(1), i)) if m.group(1)
                              else ("(?'%s_%d'" % (m.group(2), i)), p)
                renamed += 1
        final.append((sid, key, p))
    info = {'signatures': n_sigs, 'patterns': len(final), 'renamed': renamed,
            'unrenamable': unrenamable, 'line': sum(k == 'line' for _, k, _ in final),
            'message': sum(k == 'message' for _, k, _ in final)}
    kept = {}
    for tool in ('rg', 'grep'):
        ok, dropped, why = [], [], ''
        for sid, key, p in final:
            if p is None:
                dropped.append('%s(%s): multi-line' % (sid, key))
                continue
            good, err = compiles(tool, p)
            if good is None:
                why = err
                ok = None
                break
            if good:
                ok.append((sid, key, p))
            else:
                dropped.append('%s(%s): %s' % (sid, key, err.splitlines()[-1] if err else '?'))
        kept[tool] = ok
        if ok is None:
            info[tool + '_available'] = 'no'
            continue
        info[tool + '_available'] = 'yes'
        info[tool + '_kept'] = len(ok)
        info[tool + '_dropped'] = len(dropped)
        info[tool + '_dropped_list'] = '; '.join(dropped) or '-'
    if kept['rg'] is not None:
        with open(os.path.join(out, 'rg.patterns'), 'w', encoding='utf-8') as f:
            f.writelines(p + '\n' for _, _, p in kept['rg'])
    if kept['grep'] is not None:
        joined = '|'.join('(?:%s)' % p for _, _, p in kept['grep'])
        with open(os.path.join(out, 'grep.pattern'), 'w', encoding='utf-8') as f:
            f.write(joined)
        good, err = compiles('grep', joined)
        info['grep_joined_compiles'] = 'yes' if good else 'no: ' + err
    # catch-alls: patterns that match much of a healthy log
    catch = []
    if healthy and kept['rg'] is not None:
        n_lines = sum(1 for _ in open(healthy, 'rb'))
        for sid, key, p in kept['rg']:
            r = subprocess.run(['rg', '-P', '-c', '-e', p, healthy], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL)
            c = int(r.stdout.strip() or 0)
            if c > n_lines // 100:
                catch.append((sid, key, p, c))
        with open(os.path.join(out, 'rg-nocatchall.patterns'), 'w', encoding='utf-8') as f:
            cp = set(x[2] for x in catch)
            f.writelines(p + '\n' for _, _, p in kept['rg'] if p not in cp)
        info['catchall'] = len(catch)
        info['catchall_list'] = '; '.join('%s(%s) matches %d of %d healthy lines' % (s, k, c, n_lines)
                                          for s, k, _, c in catch) or '-'
    with open(os.path.join(out, 'info'), 'w', encoding='utf-8') as f:
        for k, v in info.items():
            f.write('%s=%s\n' % (k, v))


if __name__ == '__main__':
    main()
