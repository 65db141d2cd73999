"""syntax_compile: compile() of a user-supplied expression: a SyntaxError with its
caret block inside a traceback."""


def make_filter(expr):
    code = compile(expr, "<k26-filter>", "eval")
    return lambda x: eval(code, {"x": x})


if __name__ == "__main__":
    make_filter("x.score >* 0.5")
