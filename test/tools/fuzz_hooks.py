"""Schemathesis hooks for make fuzz (test/tools/fuzz.sh): strategies for openapi.yaml's own string formats.

Schemathesis knows no `entity-tags`, so it took any string (`0`) for a valid If-Match or If-None-Match and
flagged the service's 400 as a valid request refused. This draws what the format allows: `*`, or one to three
entity tags (strong or weak, RFC 9110 §8.8.3) separated by commas.
"""
import schemathesis
from hypothesis import strategies as st

ENTITY_TAG = st.from_regex(r'\A(?:W/)?"[!#-~]{0,24}"\Z')
schemathesis.openapi.format(
    "entity-tags",
    st.one_of(st.just("*"), st.lists(ENTITY_TAG, min_size=1, max_size=3).map(", ".join)),
)
