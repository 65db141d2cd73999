/* match_where.c — conditions over the numbers a pattern captured.
 *
 * A signature's `match.where` (and a candidate's `where`) lists conditions
 * that must hold besides the patterns: "other > own", "other >= 0.5 * total",
 * "reserved >= 1 GiB". Each names captures of the pattern; a capture's text
 * is read as a number with an optional size unit ("120.51 GiB", "0 bytes",
 * "577.00 MiB"), so that PyTorch's out-of-memory message can say whether
 * another process holds most of the card, and "0 bytes is reserved" is no
 * evidence of fragmentation.
 *
 * Grammar: NAME OP [FACTOR *] (NAME | NUMBER [UNIT]), OP one of > >= < <= ==.
 */
#include "config.h"
#include "match.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static const struct { const char *name; double bytes; } units[] = {
        { "B", 1 }, { "bytes", 1 }, { "byte", 1 }, { "KiB", 1024.0 }, { "MiB", 1048576.0 },
        { "GiB", 1073741824.0 }, { "TiB", 1099511627776.0 }, { "KB", 1024.0 }, { "MB", 1048576.0 },
        { "GB", 1073741824.0 }, { "TB", 1099511627776.0 },
};

/* "120.51 GiB" -> bytes; "12" -> 12. False when s is no number. */
static bool quantity(const char *s, size_t n, double *ret)
{
        char buf[64], *end;
        if (n == 0 || n >= sizeof buf)
                return false;
        memcpy(buf, s, n);
        buf[n] = '\0';
        double v = strtod(buf, &end);
        if (end == buf)
                return false;
        while (*end == ' ')
                end++;
        if (*end) {
                size_t i;
                for (i = 0; i < sizeof units / sizeof units[0]; i++)
                        if (strcmp(end, units[i].name) == 0)
                                break;
                if (i == sizeof units / sizeof units[0])
                        return false;
                v *= units[i].bytes;
        }
        *ret = v;
        return true;
}

static const char *word(const char *s, char out[32])
{
        size_t n = 0;
        while (*s == ' ')
                s++;
        while ((isalnum((unsigned char)*s) || *s == '_' || *s == '.') && n < 31)
                out[n++] = *s++;
        out[n] = '\0';
        return s;
}

int where_parse(const char *text, struct where *ret)
{
        static const char *const ops[] = { ">=", "<=", "==", ">", "<" };  /* two-character ones first */
        memset(ret, 0, sizeof *ret);
        ret->factor = 1;
        const char *s = word(text, ret->left);
        if (!ret->left[0] || isdigit((unsigned char)ret->left[0]))
                return CORONER_E_SIGNATURE;
        while (*s == ' ')
                s++;
        size_t k;
        for (k = 0; k < sizeof ops / sizeof ops[0]; k++)
                if (strncmp(s, ops[k], strlen(ops[k])) == 0)
                        break;
        if (k == sizeof ops / sizeof ops[0])
                return CORONER_E_SIGNATURE;
        ret->op = k;
        s += strlen(ops[k]);
        while (*s == ' ')
                s++;
        /* FACTOR * NAME */
        char *end;
        double f = strtod(s, &end);
        const char *star = end;
        while (*star == ' ')
                star++;
        if (end != s && *star == '*') {
                ret->factor = f;
                s = star + 1;
        }
        while (*s == ' ')
                s++;
        if (isalpha((unsigned char)*s) || *s == '_') {
                s = word(s, ret->right);
                while (*s == ' ')
                        s++;
                return *s ? CORONER_E_SIGNATURE : 0;
        }
        return quantity(s, strlen(s), &ret->value) ? 0 : CORONER_E_SIGNATURE;
}

bool pattern_has_capture(const pcre2_code *code, const char *name)
{
        int rc = pcre2_substring_number_from_name(code, (PCRE2_SPTR)name);
        return rc >= 0 || rc == PCRE2_ERROR_NOUNIQUESUBSTRING;
}

/* The value of capture name in md (matched by code); false when unset. */
static bool capture(const pcre2_code *code, pcre2_match_data *md, const char *name, double *ret)
{
        PCRE2_UCHAR *val;
        PCRE2_SIZE len;
        if (!pattern_has_capture(code, name) || pcre2_substring_get_byname(md, (PCRE2_SPTR)name, &val, &len) != 0)
                return false;
        bool ok = quantity((const char *)val, len, ret);
        pcre2_substring_free(val);
        return ok;
}

bool where_holds(const struct where *w, size_t n, const pcre2_code *code, pcre2_match_data *md)
{
        for (size_t i = 0; i < n; i++) {
                double l, r = w[i].value;
                if (!capture(code, md, w[i].left, &l) || (w[i].right[0] && !capture(code, md, w[i].right, &r)))
                        return false;
                r *= w[i].factor;
                bool ok;
                switch (w[i].op) {
                case WHERE_GE: ok = l >= r; break;
                case WHERE_LE: ok = l <= r; break;
                case WHERE_EQ: ok = l == r; break;
                case WHERE_GT: ok = l > r; break;
                default:       ok = l < r; break;
                }
                if (!ok)
                        return false;
        }
        return true;
}

bool where_names_captures(const struct where *w, size_t n, const pcre2_code *code)
{
        for (size_t i = 0; i < n; i++)
                if (!code || !pattern_has_capture(code, w[i].left) || (w[i].right[0] && !pattern_has_capture(code, w[i].right)))
                        return false;
        return true;
}
