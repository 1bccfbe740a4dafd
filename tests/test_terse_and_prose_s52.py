"""What session 52's probes found, read by the extraction rules: terse picks and prose facts.

A port stated at the end of a sentence keeps its full stop ("the API listens on 8080."); rules
and commands a team states in passing, and names a terse reply picks, are read as such.
"""

from __future__ import annotations

import pytest

from tests.test_extract import _kept, _run

# ---- a port at the end of its sentence ------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["new service, Go. the API listens on 8080.", "The worker is bound to 9090. Config is TOML."],
)
def test_a_port_ending_its_sentence_is_the_ports_value(text):
    port = "8080" if "8080" in text else "9090"
    facts = _kept(_run(("user", text)), "project")
    assert any(f.get("config", {}).get("port") == port for f in facts)


@pytest.mark.parametrize("text", ["the proxy runs on 192.168.10.4.", "it runs on 3.12.1."])
def test_a_dotted_address_after_runs_on_is_no_port(text):
    facts = _kept(_run(("user", text)), "project")
    assert not any("port" in f.get("config", {}) for f in facts)
