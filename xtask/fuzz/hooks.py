"""Loaded by schemathesis through SCHEMATHESIS_HOOKS (see xtask/src/fuzz.rs).

Hypothesis names each filter it builds by parsing the lambda's source file with `ast.parse`. On
CPython 3.11 before 3.11.8 that parse can fail with "SystemError: AST constructor recursion
depth mismatch" (CPython gh-106905) when it runs deep in the coverage phase's recursion, and
schemathesis reports the operation it was generating for as a runtime error although nothing
was sent. The name is only used in reprs, so a failed parse falls back to Hypothesis's own
"unknown body" description instead of aborting the operation.
"""

from hypothesis.internal import lambda_sources

_describe = lambda_sources._lambda_description


def _lambda_description(f):
    try:
        return _describe(f)
    except SystemError:
        return "lambda *args: <unknown>"


lambda_sources._lambda_description = _lambda_description
