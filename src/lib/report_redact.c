/* report_redact.c — what a report must not carry into a ticket.
 *
 * Redaction works on a rendered report (text, Markdown, a JSON document or
 * line), after the analysis: fingerprints and matching saw the log as it
 * was, so they are the same with or without it. Working on the output
 * rather than on each field means no field can be forgotten: evidence,
 * messages, summaries with their captures, streams, environment, command
 * lines alike.
 *
 * Secrets are always replaced by a typed placeholder ("<redacted:hf-token>"),
 * by every report function (report_redact_secrets). On request (--redact, a
 * coroner_redactor), host names, IP addresses, user names in home
 * directories, emails and private paths become pseudonyms ("host-1",
 * "10.x.x.1", "user-1") that stay the same for the same value within a
 * redactor's life: a ticket can still say "rank 3 on host-2".
 *
 * Values never contain a quote, backslash or blank, so that a replacement
 * inside a JSON string leaves the document valid.
 */
#include "config.h"
#include "report.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* A secret: the text before group "value" is kept; the value is replaced.
 * Every match holds one of its triggers (in lower case, compared without
 * case, for a caseless pattern): a report that holds none is not searched
 * with the pattern at all. Most of a 12 MB report holds no "eyJ", "AKIA"
 * or "authorization", and a pass of PCRE2 over it costs 7-30 ms. */
struct secret_rule {
        const char *name;
        const char *pattern;
        const char *triggers[6];
};

/* Token formats from their issuers' documentation:
 * Hugging Face user access tokens (huggingface.co/docs/hub/security-tokens),
 * OpenAI and Anthropic API keys (sk-, sk-proj-, sk-ant-), AWS access key IDs
 * (docs.aws.amazon.com/IAM/latest/UserGuide/id_credentials_access-keys.html:
 * AKIA long-term, ASIA temporary), GitHub tokens (github.blog 2021-04-05
 * "Behind GitHub's new authentication token formats": ghp_ gho_ ghu_ ghs_
 * ghr_, and github_pat_), Slack tokens (xoxb- xoxp- xoxa- xoxr- xoxs-),
 * JSON Web Tokens (RFC 7519: three base64url parts, the header "eyJ").
 * Every pattern begins at a literal or a small set of first bytes, never
 * at "any word" (a URL's scheme, a key's db_ prefix): PCRE2 then skips to
 * candidates, and a 12 MB JSON report is read in a tenth of the time. */
static const struct secret_rule secret_rules[] = {
        { "private-key", "(?<value>-----BEGIN (?:[A-Z]+ )*PRIVATE KEY-----(?:[^-\"]|-(?!----END))*(?:-----END (?:[A-Z]+ )*PRIVATE KEY-----)?)", { "PRIVATE KEY-----" } },
        { "hf-token", "(?<![A-Za-z0-9])(?<value>hf_[A-Za-z0-9]{30,})", { "hf_" } },
        { "api-key", "(?<![A-Za-z0-9])(?<value>sk-(?:ant-|proj-)?[A-Za-z0-9_-]{20,})", { "sk-" } },
        { "aws-key", "(?<![A-Z0-9])(?<value>(?:AKIA|ASIA)[A-Z0-9]{16})(?![A-Z0-9])", { "AKIA", "ASIA" } },
        { "github-token", "(?<![A-Za-z0-9])(?<value>(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,}))", { "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_" } },
        { "slack-token", "(?<![A-Za-z0-9])(?<value>xox[abprs]-[A-Za-z0-9-]{10,})", { "xox" } },
        { "jwt", "(?<![A-Za-z0-9_-])(?<value>eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,})", { "eyJ" } },
        { "credentials", "(?i)\\b(?:authorization|proxy-authorization)\\s*[:=]\\s*(?:(?:bearer|basic|token|digest)\\s+)?+(?!<|\\$|\\.\\.\\.)(?<value>[^\\s\"'\\\\,;]{6,})", { "authorization" } },
        { "credentials", "(?i)\\bbearer\\s+(?!<|\\$)(?<value>[A-Za-z0-9._~+/=-]{8,})", { "bearer" } },
        { "credentials", "(?<=[A-Za-z0-9+.-])://[^\\s/:@\"'\\\\]*:(?<value>[^\\s/@\"'\\\\]+)@", { "://" } },
        { "secret", "(?i)(?<![A-Za-z0-9])(?:password|passwd|pwd|passphrase|secret|token|api[_-]?key|access[_-]?key|secret[_-]?key|private[_-]?key)(?:[_-][A-Za-z0-9]+)*\\s*[=:]\\s*(?!\\d{1,7}(?![^\\s\"'\\\\,;&<>)\\]}]))(?!(?:hf_|sk-)?\\.\\.\\.|\\$|\\{|<|x{3,}\\b|\\*{3,})(?<value>[A-Za-z0-9+/_.~*!@#$%^-][^\\s\"'\\\\,;&<>)\\]}]{2,})", { "pass", "pwd", "secret", "token", "key" } },
};

/* What --redact replaces with a pseudonym: the prefix of the pseudonym,
 * and where the part to replace is (group "value", or the whole match). */
struct pseudo_rule {
        unsigned kind;
        const char *prefix;
        const char *pattern;
};

static const struct pseudo_rule pseudo_rules[] = {
        { CORONER_REDACT_EMAILS, "email-", "(?<![A-Za-z0-9._%+-])(?<value>[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,})" },
        { CORONER_REDACT_USERS, "user-", "(?:/home/|/Users/|[A-Za-z]:\\\\\\\\?Users\\\\\\\\?)(?<value>[A-Za-z0-9._-]+)" },
        { CORONER_REDACT_IPS, "10.x.x.", "(?<![0-9.])(?<value>(?:25[0-5]|2[0-4][0-9]|1?[0-9]?[0-9])(?:\\.(?:25[0-5]|2[0-4][0-9]|1?[0-9]?[0-9])){3})(?![0-9]|\\.[0-9])" },
        /* IPv6 with "::" or all eight groups: a time of day (21:40:13) is neither. */
        { CORONER_REDACT_IPS, "fd00::", "(?<![0-9A-Fa-f:])(?<value>(?:[0-9A-Fa-f]{1,4}:){7}[0-9A-Fa-f]{1,4}|(?:[0-9A-Fa-f]{1,4}:){1,6}:(?:[0-9A-Fa-f]{1,4}(?::[0-9A-Fa-f]{1,4})*)?)(?![0-9A-Fa-f:])" },
        /* A private path: an absolute directory outside the system's and
         * the package managers' trees and the home directories (users);
         * the file name stays. */
        { CORONER_REDACT_PATHS, "/path-", "(?<![A-Za-z0-9_.~/-])(?<value>/(?!(?:usr|lib|lib64|bin|sbin|etc|proc|sys|dev|run|tmp|var/log|opt/conda|home|Users)/)(?![^\\s\"'\\\\]*(?:site|dist)-packages/)[A-Za-z0-9_.@+-]+(?:/[A-Za-z0-9_.@+-]+)*)/(?=[A-Za-z0-9_.@+-]+)" },
};

struct pseudonym {
        unsigned kind;
        char *value;
        unsigned number;
};

struct coroner_redactor {
        unsigned what;
        pcre2_code *pseudo_code[sizeof pseudo_rules / sizeof *pseudo_rules];
        pcre2_code *host_code;   /* the hosts the analysis saw, as one alternation */
        char *hosts_pattern;
        struct pseudonym *names; /* every value replaced so far, numbered per kind */
        size_t n_names, cap_names;
};

static pcre2_code *compile(const char *pattern)
{
        int code;
        PCRE2_SIZE at;
        pcre2_code *c = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED, PCRE2_UTF | PCRE2_NO_UTF_CHECK,
                                      &code, &at, NULL);
        if (c)
                pcre2_jit_compile(c, PCRE2_JIT_COMPLETE);
        return c;
}

/* The secret rules, compiled once for the process: every report runs
 * them, and compiled patterns are read-only, shared by -j's threads. */
static pcre2_code *secret_code[sizeof secret_rules / sizeof *secret_rules];
static bool secrets_compiled;
static pthread_once_t secrets_once = PTHREAD_ONCE_INIT;

static void compile_secrets(void)
{
        secrets_compiled = true;
        for (size_t i = 0; i < sizeof secret_rules / sizeof *secret_rules; i++)
                secrets_compiled &= (secret_code[i] = compile(secret_rules[i].pattern)) != NULL;
}

int coroner_redactor_new(unsigned what, coroner_redactor **ret)
{
        coroner_redactor *r = xmalloc_or_null(sizeof *r);
        if (!r)
                return CORONER_E_NOMEM;
        r->what = what;
        for (size_t i = 0; i < sizeof pseudo_rules / sizeof *pseudo_rules; i++)
                if ((what & pseudo_rules[i].kind) && !(r->pseudo_code[i] = compile(pseudo_rules[i].pattern))) {
                        coroner_redactor_free(r);
                        return CORONER_E_NOMEM;
                }
        *ret = r;
        return 0;
}

void coroner_redactor_free(coroner_redactor *r)
{
        if (!r)
                return;
        for (size_t i = 0; i < sizeof pseudo_rules / sizeof *pseudo_rules; i++)
                pcre2_code_free(r->pseudo_code[i]);
        pcre2_code_free(r->host_code);
        free(r->hosts_pattern);
        for (size_t i = 0; i < r->n_names; i++)
                free(r->names[i].value);
        free(r->names);
        free(r);
}

/* The number of value's pseudonym: the next of its kind the first time;
 * 0 if memory ran out. */
static unsigned pseudonym(coroner_redactor *r, unsigned kind, const char *value, size_t len)
{
        unsigned of_kind = 0;
        for (size_t i = 0; i < r->n_names; i++) {
                if (r->names[i].kind != kind)
                        continue;
                if (strlen(r->names[i].value) == len && memcmp(r->names[i].value, value, len) == 0)
                        return r->names[i].number;
                of_kind++;
        }
        struct pseudonym *p = grow_array(r->names, r->n_names, &r->cap_names, sizeof *p, 16);
        if (!p)
                return 0;
        r->names = p;
        char *copy = strndup_safe(value, len);
        if (!copy)
                return 0;
        r->names[r->n_names++] = (struct pseudonym){ kind, copy, of_kind + 1 };
        return of_kind + 1;
}

/* One pass of code over *text; each match's value is replaced by what
 * replace() writes. Returns false if memory ran out (text unchanged). */
static bool substitute(coroner_redactor *r, pcre2_code *code, char **text,
                       void (*replace)(coroner_redactor *r, const void *rule, const char *value, size_t len,
                                       struct strbuf *out),
                       const void *rule)
{
        pcre2_match_data *md = pcre2_match_data_create_from_pattern(code, NULL);
        if (!md)
                return false;
        int value_group = pcre2_substring_number_from_name(code, (PCRE2_SPTR) "value");
        const char *s = *text;
        size_t n = strlen(s), at = 0;
        struct strbuf out = { 0 };
        bool changed = false;
        while (at <= n && pcre2_match(code, (PCRE2_SPTR)s, n, at, 0, md, NULL) >= 0) {
                PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
                size_t from = ov[0], to = ov[1];
                if (value_group > 0 && ov[2 * value_group] != PCRE2_UNSET) {
                        from = ov[2 * value_group];
                        to = ov[2 * value_group + 1];
                }
                sb_append(&out, s + at, from - at);
                replace(r, rule, s + from, to - from, &out);
                sb_append(&out, s + to, ov[1] - to);  /* the match's text after the value */
                changed = true;
                if (ov[1] == at) {  /* empty: step over one byte */
                        if (at < n)
                                sb_append(&out, s + at, 1);
                        at++;
                } else {
                        at = ov[1];
                }
        }
        pcre2_match_data_free(md);
        if (!changed)
                return true;
        if (at < n)
                sb_append(&out, s + at, n - at);
        char *result = sb_take(&out);
        if (!result)
                return false;
        free(*text);
        *text = result;
        return true;
}

static void replace_secret(coroner_redactor *r, const void *rule, const char *value, size_t len, struct strbuf *out)
{
        sb_printf(out, "<redacted:%s>", ((const struct secret_rule *)rule)->name);
}

static void replace_pseudo(coroner_redactor *r, const void *rule, const char *value, size_t len, struct strbuf *out)
{
        const struct pseudo_rule *p = rule;
        unsigned number = pseudonym(r, p->kind, value, len);
        sb_printf(out, "%s%u", p->prefix, number);
}

static void replace_host(coroner_redactor *r, const void *rule, const char *value, size_t len, struct strbuf *out)
{
        sb_printf(out, "host-%u", pseudonym(r, CORONER_REDACT_HOSTS, value, len));
}

/* Host names are the ones the log itself named as hosts (journal fields,
 * syslog and journalctl prefixes): those of the diagnoses' streams. */
static void learn_hosts(coroner_redactor *r, const coroner_analysis *a)
{
        const char *hosts[256];
        size_t n = a ? report_hosts(a, NULL, hosts, 256) : 0, kept = 0;
        struct strbuf pat = { 0 };
        for (size_t i = 0; i < n && i < 256; i++) {
                if (strcmp(hosts[i], "localhost") == 0)
                        continue;
                sb_puts(&pat, kept++ ? "|" : "(?<![A-Za-z0-9.-])(?<value>");
                sb_printf(&pat, "\\Q%s\\E", hosts[i]);
        }
        if (!kept)
                return;
        sb_puts(&pat, ")(?![A-Za-z0-9-]|\\.[A-Za-z0-9])");
        if (r->hosts_pattern && pat.data && strcmp(r->hosts_pattern, pat.data) == 0) {
                sb_free(&pat);
                return;
        }
        pcre2_code_free(r->host_code);
        free(r->hosts_pattern);
        r->hosts_pattern = sb_take(&pat);
        r->host_code = r->hosts_pattern ? compile(r->hosts_pattern) : NULL;
}

int coroner_redactor_apply(coroner_redactor *r, const coroner_analysis *a, char **text)
{
        if (!*text)
                return 0;
        if (r->what & CORONER_REDACT_HOSTS) {
                learn_hosts(r, a);
                if (r->host_code && !substitute(r, r->host_code, text, replace_host, NULL))
                        return CORONER_E_NOMEM;
        }
        for (size_t i = 0; i < sizeof pseudo_rules / sizeof *pseudo_rules; i++)
                if (r->pseudo_code[i] && !substitute(r, r->pseudo_code[i], text, replace_pseudo, &pseudo_rules[i]))
                        return CORONER_E_NOMEM;
        return 0;
}

/* A report as the triggers are looked for in it: in ASCII lower case for
 * the caseless rules, and whether it holds a character that PCRE2's
 * caseless "k" or "s" also matches in UTF mode (the Kelvin sign, the long
 * s), which no ASCII trigger would show. Made once per text, again only
 * when a rule has replaced the text. */
struct trigger_view {
        const char *of;  /* the text it was made from */
        size_t n;
        char *lower;
        bool folds_beyond_ascii;
};

static bool trigger_view_make(struct trigger_view *v, const char *text)
{
        free(v->lower);
        v->of = text;
        v->n = strlen(text);
        v->lower = malloc(v->n + 1);
        for (size_t i = 0; v->lower && i <= v->n; i++)
                v->lower[i] = (char)(text[i] >= 'A' && text[i] <= 'Z' ? text[i] + ('a' - 'A') : text[i]);
        v->folds_beyond_ascii = memmem(text, v->n, "\xe2\x84\xaa", 3) || memmem(text, v->n, "\xc5\xbf", 2);
        return v->lower != NULL;
}

/* Can rule match somewhere in the viewed text? Not when it holds none of
 * the rule's triggers. */
static bool may_match(const struct secret_rule *rule, const struct trigger_view *v)
{
        bool caseless = strncmp(rule->pattern, "(?i)", 4) == 0;
        if (caseless && v->folds_beyond_ascii)
                return true;
        const char *in = caseless ? v->lower : v->of;
        for (size_t k = 0; k < sizeof rule->triggers / sizeof *rule->triggers && rule->triggers[k]; k++)
                if (memmem(in, v->n, rule->triggers[k], strlen(rule->triggers[k])))
                        return true;
        return false;
}

int report_redact_secrets(char **text)
{
        pthread_once(&secrets_once, compile_secrets);
        if (!secrets_compiled)
                return CORONER_E_NOMEM;
        struct trigger_view view = { 0 };
        int r = 0;
        for (size_t i = 0; r == 0 && *text && i < sizeof secret_rules / sizeof *secret_rules; i++) {
                /* (a replaced text is allocated while the old one lives: a new address) */
                if (view.of != *text && !trigger_view_make(&view, *text))
                        r = CORONER_E_NOMEM;
                else if (may_match(&secret_rules[i], &view) &&
                         !substitute(NULL, secret_code[i], text, replace_secret, &secret_rules[i]))
                        r = CORONER_E_NOMEM;
        }
        free(view.lower);
        return r;
}
