/* read_journal_time.c — journalctl's --since/--until time syntax.
 *
 * Accepted: "YYYY-MM-DD", "YYYY-MM-DD HH:MM[:SS]" (also with 'T'), "now",
 * "today", "yesterday", "tomorrow", "@EPOCH", and relative times
 * "-1h", "+30min", "2 days ago" with units us, ms, s/sec, m/min, h/hour,
 * d/day, w/week (plural forms too). Absolute times are local time, as in
 * journalctl.
 */
#include "config.h"
#include "internal.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const struct { const char *name; int64_t usec; } units[] = {
        { "us", 1 }, { "usec", 1 }, { "ms", 1000 }, { "msec", 1000 },
        { "s", 1000000 }, { "sec", 1000000 }, { "second", 1000000 }, { "seconds", 1000000 },
        { "m", 60000000LL }, { "min", 60000000LL }, { "minute", 60000000LL }, { "minutes", 60000000LL },
        { "h", 3600000000LL }, { "hour", 3600000000LL }, { "hours", 3600000000LL }, { "hr", 3600000000LL },
        { "d", 86400000000LL }, { "day", 86400000000LL }, { "days", 86400000000LL },
        { "w", 604800000000LL }, { "week", 604800000000LL }, { "weeks", 604800000000LL },
};

/* "1h30min" or "2 days": the sum of number-unit pairs. */
static int parse_span(const char *s, int64_t *ret)
{
        int64_t total = 0;
        bool any = false;
        while (*s) {
                while (*s == ' ')
                        s++;
                if (!*s)
                        break;
                if (!isdigit((unsigned char)*s))
                        return CORONER_E_USAGE;
                char *end;
                long long n = strtoll(s, &end, 10);
                s = end;
                while (*s == ' ')
                        s++;
                const char *u = s;
                while (isalpha((unsigned char)*s))
                        s++;
                size_t ul = (size_t)(s - u);
                int64_t mult = ul ? 0 : 1000000;  /* bare number: seconds */
                for (size_t i = 0; i < sizeof units / sizeof units[0] && ul; i++)
                        if (strlen(units[i].name) == ul && strncmp(u, units[i].name, ul) == 0)
                                mult = units[i].usec;
                if (!mult)
                        return CORONER_E_USAGE;
                total += (int64_t)n * mult;
                any = true;
        }
        if (!any)
                return CORONER_E_USAGE;
        *ret = total;
        return 0;
}

static int64_t local_midnight(int64_t now_usec, int day_offset)
{
        time_t t = (time_t)(now_usec / 1000000);
        struct tm tm;
        localtime_r(&t, &tm);
        tm.tm_hour = tm.tm_min = tm.tm_sec = 0;
        tm.tm_mday += day_offset;
        tm.tm_isdst = -1;
        return (int64_t)mktime(&tm) * 1000000;
}

int coroner_parse_time(const char *s, int64_t now_usec, int64_t *ret_usec)
{
        if (!s || !*s)
                return CORONER_E_USAGE;
        if (strcmp(s, "now") == 0) {
                *ret_usec = now_usec;
                return 0;
        }
        if (strcmp(s, "today") == 0 || strcmp(s, "yesterday") == 0 || strcmp(s, "tomorrow") == 0) {
                *ret_usec = local_midnight(now_usec, s[0] == 'y' ? -1 : s[2] == 'm' ? 1 : 0);
                return 0;
        }
        if (s[0] == '@') {
                char *end;
                double v = strtod(s + 1, &end);
                if (*end || end == s + 1)
                        return CORONER_E_USAGE;
                *ret_usec = (int64_t)(v * 1e6);
                return 0;
        }
        if (s[0] == '-' || s[0] == '+') {
                int64_t span;
                if (parse_span(s + 1, &span) < 0)
                        return CORONER_E_USAGE;
                *ret_usec = s[0] == '-' ? now_usec - span : now_usec + span;
                return 0;
        }
        size_t n = strlen(s);
        if (n > 4 && strcmp(s + n - 4, " ago") == 0) {
                char buf[64];
                if (n - 4 >= sizeof buf)
                        return CORONER_E_USAGE;
                memcpy(buf, s, n - 4);
                buf[n - 4] = '\0';
                int64_t span;
                if (parse_span(buf, &span) < 0)
                        return CORONER_E_USAGE;
                *ret_usec = now_usec - span;
                return 0;
        }
        struct tm tm = { 0 };
        int y, mo, d, hh = 0, mm = 0, ss = 0, k = 0;
        if (sscanf(s, "%4d-%2d-%2d%n", &y, &mo, &d, &k) != 3)
                return CORONER_E_USAGE;
        const char *rest = s + k;
        if (*rest == ' ' || *rest == 'T') {
                int k2 = 0;
                if (sscanf(rest + 1, "%2d:%2d%n", &hh, &mm, &k2) != 2)
                        return CORONER_E_USAGE;
                rest += 1 + k2;
                if (*rest == ':') {
                        int k3 = 0;
                        if (sscanf(rest + 1, "%2d%n", &ss, &k3) != 1)
                                return CORONER_E_USAGE;
                        rest += 1 + k3;
                }
        }
        if (*rest || mo < 1 || mo > 12 || d < 1 || d > 31 || hh > 23 || mm > 59 || ss > 60)
                return CORONER_E_USAGE;
        tm.tm_year = y - 1900;
        tm.tm_mon = mo - 1;
        tm.tm_mday = d;
        tm.tm_hour = hh;
        tm.tm_min = mm;
        tm.tm_sec = ss;
        tm.tm_isdst = -1;
        *ret_usec = (int64_t)mktime(&tm) * 1000000;
        return 0;
}
