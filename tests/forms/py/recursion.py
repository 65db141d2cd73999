"""recursion: a RecursionError with "[Previous line repeated N more times]"."""


class Node:
    def __init__(self):
        self.parent = self


def root_of(node):
    if node.parent is None:
        return node
    return root_of(node.parent)


if __name__ == "__main__":
    root_of(Node())
