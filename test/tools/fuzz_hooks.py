"""Schemathesis hooks for make fuzz (test/tools/fuzz.sh): strategies for openapi.yaml's own string formats.

Schemathesis knows no `entity-tags`, so it took any string (`0`) for a valid If-Match or If-None-Match and
flagged the service's 400 as a valid request refused. This draws what the format allows: `*`, or one to three
entity tags (strong or weak, RFC 9110 §8.8.3) separated by commas.
"""
import sys
from decimal import Decimal

import schemathesis
from hypothesis import strategies as st

ENTITY_TAG = st.from_regex(r'\A(?:W/)?"[!#-~]{0,24}"\Z')
schemathesis.openapi.format(
    "entity-tags",
    st.one_of(st.just("*"), st.lists(ENTITY_TAG, min_size=1, max_size=3).map(", ".join)),
)


# openapi.yaml requires every body to be I-JSON (RFC 7493): among other things, each number one a double holds
# exactly, written as it would be written back (the service answers 400 validation-failed for any other). JSON Schema
# cannot say that, so Schemathesis drew free-form values such as a 33-digit integer and flagged the 400 as a valid
# request refused. Python's floats are doubles written the shortest way, so only its integers can break the rule:
# each one a double does not hold is drawn as the double nearest to it (the largest double past their range).
def _as_double(value):
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        try:
            nearest = float(value)
        except OverflowError:
            return sys.float_info.max if value > 0 else -sys.float_info.max
        return value if Decimal(repr(nearest)) == value else nearest
    if isinstance(value, list):
        return [_as_double(item) for item in value]
    if isinstance(value, dict):
        return {name: _as_double(item) for name, item in value.items()}
    return value


@schemathesis.hook
def map_body(ctx, body):
    return _as_double(body)
