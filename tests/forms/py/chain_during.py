"""chain_during: an exception raised while handling another ("During handling")."""
import os


def parse_port(value):
    return int(value)


def start_server(env):
    try:
        port = parse_port(env.get("K26_PORT", "30000x"))
    except ValueError:
        logger = env.get("logger")
        logger.warning("bad K26_PORT, using 30000")
        port = 30000
    return port


if __name__ == "__main__":
    start_server(dict(os.environ))
