/* replay.c — runs a fuzz target on every file of its seed corpus
 * (FUZZ_SEED_DIR: tests/fuzz/seeds/<target>), or of the directories and
 * files given, so `make check` exercises it without libFuzzer. Linked once
 * per target (tests/fuzz/replay_<target>). Any crash fails the test, as
 * does a corpus without inputs. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path)
{
        FILE *f = fopen(path, "rb");
        if (!f)
                return 1;
        uint8_t *buf = malloc(1 << 22);
        size_t n = buf ? fread(buf, 1, 1 << 22, f) : 0;
        fclose(f);
        if (!buf)
                return 1;
        LLVMFuzzerTestOneInput(buf, n);
        free(buf);
        return 0;
}

static int run(const char *path, int *count)
{
        struct stat st;
        if (stat(path, &st) != 0)
                return 1;
        if (!S_ISDIR(st.st_mode)) {
                (*count)++;
                return run_file(path);
        }
        DIR *d = opendir(path);
        struct dirent *e;
        int failed = 0;
        while (d && (e = readdir(d)))
                if (e->d_name[0] != '.') {
                        char p[4096];
                        snprintf(p, sizeof p, "%s/%s", path, e->d_name);
                        failed |= run(p, count);
                }
        if (d)
                closedir(d);
        return failed;
}

int main(int argc, char **argv)
{
        int count = 0, failed = 0;
        if (argc < 2)
                failed = run(FUZZ_SEED_DIR, &count);
        for (int i = 1; i < argc; i++)
                failed |= run(argv[i], &count);
        printf("replayed %d inputs from %s\n", count, argc < 2 ? FUZZ_SEED_DIR : "the arguments");
        return failed || count == 0;
}
