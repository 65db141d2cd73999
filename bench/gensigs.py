#!/usr/bin/python3
"""Build a synthetic signature database N times the size of the real one.

usage: gensigs.py SRC_SIGNATURES_DIR OUT_DIR [--factor N] [--seed S]

OUT_DIR receives, for every SRC/<eco>/<slug>.json:
  * the original file, unchanged (so a run with OUT_DIR yields the same
    diagnoses as a run with the real database), and
  * N-1 variants OUT/<eco>/<slug>-xK.json with the id <eco>.<slug>-xK
    (K = 1..N-1; the file name matches the id, as `signatures check` wants).
So OUT_DIR holds N times as many signatures as SRC.

In a variant every PCRE2 pattern (match.line, match.message,
match.frame.file/function, candidates[].evidence) gets a random lower-case
6-letter word inserted after its first literal word, in every alternative
branch: "CUDA out of memory" -> "CUDA qzmfte out of memory",
"(?:ValueError|RuntimeError): x" -> "(?:ValueError kpoxaw|RuntimeError kpoxaw): x".
The variant keeps the original's vocabulary (its first word still hits the
pre-filter the way a real signature sharing words with the log would), but
it no longer matches what the original matched.  A pattern with no literal
word on some path (e.g. "(?<inner>[\\w.]+): ?(?<detail>[^\\n]*)") gets the
word as a prefix instead ("qzmfte (?:...)") and is counted as a fallback.
Exception names are kept (real databases share RuntimeError/ValueError
between many signatures), except in signatures whose only key is
match.exception: there the names get the word as a suffix, else the variant
would be an exact duplicate.
The original's samples (match and no_match) become the variant's
samples.no_match, so `coroner signatures check` on OUT_DIR proves that no
variant matches its original's evidence ("counter-sample matches" must not
appear).  The variant's samples.match (coroner requires one) is the
original's with the word put in, best effort: a miss there ("sample does not
match") only means the guess of where the word goes in the text was wrong.
Prints one summary line on stderr.  Deterministic for a given seed.
"""
import json, os, random, sys, tempfile, shutil

LETTERS = "abcdefghijklmnopqrstuvwxyz"


class Unparsed(Exception):
    pass


def parse_seq(p, i):
    """Parse a sequence of alternatives starting at p[i]; stop at ')' or end.
    Returns (branches, i) where branches is a list of lists of atoms.
    An atom: dict(kind=lit|other|group, start, end, quant=bool, letter=bool,
    branches=... for groups, look=bool)."""
    branches = [[]]
    n = len(p)
    while i < n:
        c = p[i]
        if c == ')':
            break
        if c == '|':
            branches.append([])
            i += 1
            continue
        start = i
        atom = None
        if c == '\\':
            if i + 1 >= n:
                raise Unparsed("trailing backslash")
            d = p[i + 1]
            if d == 'Q':
                j = p.find('\\E', i + 2)
                j = n if j < 0 else j + 2
                atom = dict(kind='other', start=start, end=j)
                i = j
            elif d in 'pPxoNgk' and i + 2 < n and p[i + 2] == '{':
                j = p.index('}', i + 2) + 1
                atom = dict(kind='other', start=start, end=j)
                i = j
            elif d in 'pP':
                atom = dict(kind='other', start=start, end=i + 3)
                i += 3
            elif d == 'x' and i + 3 < n:
                atom = dict(kind='other', start=start, end=i + 4)
                i += 4
            else:
                atom = dict(kind='other', start=start, end=i + 2)
                i += 2
        elif c == '[':
            j = i + 1
            if j < n and p[j] == '^':
                j += 1
            if j < n and p[j] == ']':
                j += 1
            while j < n and p[j] != ']':
                if p[j] == '\\':
                    j += 2
                elif p.startswith('[:', j):
                    k = p.find(':]', j + 2)
                    j = (k + 2) if k >= 0 else j + 1
                else:
                    j += 1
            if j >= n:
                raise Unparsed("unterminated class")
            atom = dict(kind='other', start=start, end=j + 1)
            i = j + 1
        elif c == '(':
            j = i + 1
            look = False
            capture_or_plain = True
            if p.startswith('(?', i):
                j = i + 2
                if j < n and p[j] in '=!':
                    look = True; j += 1
                elif p.startswith('<=', j) or p.startswith('<!', j):
                    look = True; j += 2
                elif j < n and p[j] in ':|>':
                    j += 1
                elif j < n and p[j] in "<'" or p.startswith('P<', j):
                    close = '>' if p[j] in '<P' else "'"
                    j = p.index(close, j + 1) + 1
                elif j < n and p[j] == '#':
                    j = p.index(')', j) + 1
                    atom = dict(kind='other', start=start, end=j, zero=True)
                    i = j
                    capture_or_plain = False
                else:
                    # inline options (?i) (?-x) or scoped (?i:...)
                    k = j
                    while k < n and (p[k].isalpha() or p[k] in '-^'):
                        k += 1
                    if k < n and p[k] == ')':
                        atom = dict(kind='other', start=start, end=k + 1, zero=True)
                        i = k + 1
                        capture_or_plain = False
                    elif k < n and p[k] == ':':
                        j = k + 1
                    else:
                        raise Unparsed("group syntax at %d" % i)
            if capture_or_plain:
                inner, k = parse_seq(p, j)
                if k >= n or p[k] != ')':
                    raise Unparsed("unbalanced parenthesis")
                atom = dict(kind='group', start=start, end=k + 1, branches=inner, look=look)
                i = k + 1
        elif c in '^$':
            atom = dict(kind='other', start=start, end=i + 1, zero=True)
            i += 1
        elif c == '.':
            atom = dict(kind='other', start=start, end=i + 1)
            i += 1
        else:
            atom = dict(kind='lit', start=start, end=i + 1, letter=c.isascii() and c.isalpha())
            i += 1
        # quantifier?
        atom['quant'] = False
        atom['optional'] = False
        if i < n and p[i] in '?*+':
            atom['quant'] = True
            atom['optional'] = p[i] in '?*'
            i += 1
            if i < n and p[i] in '?+':
                i += 1
        elif i < n and p[i] == '{':
            k = p.find('}', i)
            body = p[i + 1:k] if k > 0 else ''
            if k > 0 and body and all(ch.isdigit() or ch == ',' for ch in body):
                atom['quant'] = True
                lo = body.split(',')[0]
                atom['optional'] = (lo == '' or int(lo) == 0)
                i = k + 1
                if i < n and p[i] in '?+':
                    i += 1
        branches[-1].append(atom)
    return branches, i


def insertion_points(branch):
    """Offsets at which inserting " word" breaks every path through branch,
    or None if this branch has no required literal word."""
    run = []
    def word_end():
        return run[-1]['end'] if len(run) >= 3 else None
    for a in branch:
        if a['kind'] == 'lit' and a.get('letter') and not a['quant']:
            run.append(a)
            continue
        e = word_end()
        if e is not None:
            return [e]
        run = []
        if a['kind'] == 'group' and not a['look'] and not a['optional']:
            pts = []
            for b in a['branches']:
                q = insertion_points(b)
                if q is None:
                    pts = None
                    break
                pts += q
            if pts:
                return pts
    e = word_end()
    return [e] if e is not None else None


def alter(pattern, word):
    """Returns (new_pattern, fallback_used, words): words are the literal
    words after which the new word went (None for the prefix fallback)."""
    try:
        branches, i = parse_seq(pattern, 0)
        if i != len(pattern):
            raise Unparsed("stray ')'")
        pts = []
        for b in branches:
            q = insertion_points(b)
            if q is None:
                raise Unparsed("no literal word")
            pts += q
    except (Unparsed, ValueError):
        return word + " (?:" + pattern + ")", True, None
    out = pattern
    words = []
    for pos in sorted(set(pts), reverse=True):
        j = pos
        while j > 0 and pattern[j - 1].isascii() and pattern[j - 1].isalpha():
            j -= 1
        nxt = pattern[pos] if pos < len(pattern) and pattern[pos] not in '\\.[(|)?*+{^$' else None
        words.append((pattern[j:pos], nxt))
        out = out[:pos] + " " + word + out[pos:]
    return out, False, words


def synthetic_sample(text, words, word):
    """Best effort: the original sample with the new word put after the
    first occurrence of each word it was inserted after in the pattern.
    (`coroner signatures check` on the output tells how often that worked.)"""
    for w, nxt in sorted(set(words), key=lambda x: (-len(x[0]), x[0], x[1] or '')):
        hits = [k for k in range(len(text)) if text.startswith(w, k)]
        good = [k for k in hits
                if (k == 0 or not text[k - 1].isalpha())
                and (nxt is None or text[k + len(w):k + len(w) + 1] == nxt)]
        k = (good or hits or [-1])[0]
        if k >= 0:
            text = text[:k + len(w)] + " " + word + text[k + len(w):]
    return text


def main():
    args = sys.argv[1:]
    factor, seed = 10, 1
    if '--factor' in args:
        k = args.index('--factor'); factor = int(args[k + 1]); del args[k:k + 2]
    if '--seed' in args:
        k = args.index('--seed'); seed = int(args[k + 1]); del args[k:k + 2]
    if len(args) != 2 or factor < 1:
        sys.exit(__doc__)
    src, out = args
    tmp = tempfile.mkdtemp(prefix='.gensigs-', dir=os.path.dirname(os.path.abspath(out)) or '.')
    n_orig = n_var = n_pat = n_fallback = 0
    for eco in sorted(os.listdir(src)):
        d = os.path.join(src, eco)
        if not os.path.isdir(d):
            continue
        os.makedirs(os.path.join(tmp, eco))
        for fn in sorted(os.listdir(d)):
            if not fn.endswith('.json'):
                continue
            path = os.path.join(d, fn)
            shutil.copyfile(path, os.path.join(tmp, eco, fn))
            n_orig += 1
            orig = json.load(open(path, encoding='utf-8'))
            slug = fn[:-5]
            for k in range(1, factor):
                rnd = random.Random("%d/%s/%d" % (seed, orig['id'], k))
                word = ''.join(rnd.choice(LETTERS) for _ in range(6))
                s = json.loads(json.dumps(orig))
                s['id'] = "%s.%s-x%d" % (eco, slug, k)
                s['title'] = s['title'] + " (synthetic variant %d)" % k
                m = s['match']
                targets = [(m, key) for key in ('line', 'message') if key in m]
                if isinstance(m.get('frame'), dict):
                    targets += [(m['frame'], key) for key in ('file', 'function') if key in m['frame']]
                targets += [(c, 'evidence') for c in s.get('candidates', []) if 'evidence' in c]
                sample_words = []
                for obj, key in targets:
                    obj[key], fb, words = alter(obj[key], word)
                    n_pat += 1
                    n_fallback += fb
                    if obj is m and words:
                        sample_words += words
                smp = orig.get('samples', {})
                positives = [synthetic_sample(t, sample_words, word) for t in smp.get('match', [])]
                if 'exception' in m and 'line' not in m and 'message' not in m:
                    exc = m['exception']
                    exc = exc if isinstance(exc, list) else [exc]
                    m['exception'] = [e + word.capitalize() for e in exc]
                    for e in sorted(exc, key=len, reverse=True):
                        positives = [t.replace(e + ":", e + word.capitalize() + ":") if (e + ":") in t
                                     else t.replace(e, e + word.capitalize()) for t in positives]
                s['samples'] = {'match': positives,
                                'no_match': list(smp.get('match', [])) + list(smp.get('no_match', []))}
                with open(os.path.join(tmp, eco, "%s-x%d.json" % (slug, k)), 'w', encoding='utf-8') as f:
                    json.dump(s, f, indent=2, ensure_ascii=False)
                    f.write('\n')
                n_var += 1
    if os.path.exists(out):
        shutil.rmtree(out)
    os.chmod(tmp, 0o755)
    os.rename(tmp, out)
    sys.stderr.write("gensigs: %d originals + %d variants = %d signatures (x%d); %d patterns altered, "
                     "%d by the prefix fallback (no literal word on every path)\n"
                     % (n_orig, n_var, n_orig + n_var, factor, n_pat, n_fallback))


if __name__ == '__main__':
    main()
