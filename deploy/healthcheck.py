"""The container health check of a web process: exit 0 when its `/healthz` answers 200.

The request carries a host name the site accepts (the first of `DECKLAB_ALLOWED_HOSTS`) and says it
came through HTTPS, so that neither the host check nor an HTTPS redirect answers in its place.
"""

import os
import sys
import urllib.error
import urllib.request

host = next(
    (h.strip() for h in os.environ.get("DECKLAB_ALLOWED_HOSTS", "").split(",") if h.strip()),
    "localhost",
).lstrip(".")
if host == "*":
    host = "localhost"
port = os.environ.get("DECKLAB_BIND", "0.0.0.0:8000").rpartition(":")[2]
request = urllib.request.Request(
    f"http://127.0.0.1:{port}/healthz",
    headers={"Host": host, "X-Forwarded-Proto": "https"},
)
try:
    with urllib.request.urlopen(request, timeout=4) as response:
        print(response.read().decode())
        sys.exit(0 if response.status == 200 else 1)
except urllib.error.HTTPError as failed:  # 503: the body names the part that failed
    print(failed.read().decode(errors="replace"))
    sys.exit(1)
except OSError as failed:  # nothing listening, a timeout
    print(failed)
    sys.exit(1)
