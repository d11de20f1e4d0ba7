#!/usr/bin/env python3
"""Declares the hardening headers and error codes in internal/openapi/openapi.json
(docs/api.md: rate limits, idempotent writes, caching). Idempotent: running it
again changes nothing. Kept for merging: re-run after other edits of the
document's error responses."""
import json, sys

PATH = sys.argv[1] if len(sys.argv) > 1 else "internal/openapi/openapi.json"
d = json.load(open(PATH))
comp = d["components"]
H = comp.setdefault("headers", {})


def intschema(minimum=0):
    return {"type": "integer", "minimum": minimum}


H["RateLimit-Limit"] = {"description": "Requests allowed in the current one-minute window by the tightest limit that applies (per API key or per organization); absent when no limit applies.", "schema": intschema(1)}
H["RateLimit-Remaining"] = {"description": "Requests left in the current window under that limit.", "schema": intschema(0)}
H["RateLimit-Reset"] = {"description": "Seconds until the current window ends and the count starts afresh.", "schema": intschema(1)}
H["RateLimit-Policy"] = {"description": "The limit and its window, e.g. `600;w=60`.", "schema": {"type": "string"}}
H["ETag"] = {"description": "Weak validator of the response body; send it back in `If-None-Match` to get 304 Not Modified while it is unchanged.", "schema": {"type": "string"}}
H["Idempotent-Replayed"] = {"description": "`true` when this is the stored first response to a request with the same `Idempotency-Key`, replayed without executing the request again.", "schema": {"type": "string", "enum": ["true"]}}
RL = {k: {"$ref": "#/components/headers/" + k} for k in ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset", "RateLimit-Policy"]}

P = comp["parameters"]
P["IdempotencyKey"] = {"name": "Idempotency-Key", "in": "header", "required": False,
                       "description": "Makes the write safe to retry (docs/api.md, \"Idempotent writes\"): the first response is stored for 24 hours per organization and key and replayed, with `Idempotent-Replayed: true`, to a retry with the same method, path and body. The same key with another request is 422 `IDEMPOTENCY_KEY_REUSED`; while the first request still runs a retry gets 409 `CONFLICT`. 1 to 255 printable ASCII characters, e.g. a UUID.",
                       "schema": {"type": "string", "minLength": 1, "maxLength": 255}}
P["IfNoneMatch"] = {"name": "If-None-Match", "in": "header", "required": False,
                    "description": "An `ETag` of an earlier response: 304 Not Modified, without a body, while the response would be the same.",
                    "schema": {"type": "string"}}

INFO = ("\n\n**Rate limits, retries and caching.** Every public request counts against a per-minute limit of its API key and of its "
        "organization; responses carry `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` and `RateLimit-Policy`, and a request over "
        "a limit gets 429 `RATE_LIMITED` with `Retry-After`. Writes accept `Idempotency-Key`: a retry with the same key and body replays the "
        "first response (`Idempotent-Replayed: true`) without executing again. `GET` responses carry a weak `ETag`; `If-None-Match` with it "
        "answers 304. Guide: `docs/api.md`.")
if "**Rate limits, retries and caching.**" not in d["info"]["description"]:
    d["info"]["description"] += INFO

codes = comp["schemas"]["ErrorCode"]["enum"]
if "IDEMPOTENCY_KEY_REUSED" not in codes:
    codes.insert(codes.index("QUOTA_EXCEEDED"), "IDEMPOTENCY_KEY_REUSED")

R = comp["responses"]


def err(desc, code_schema, headers=None):
    r = {"description": desc}
    if headers:
        r["headers"] = headers
    codes = [code_schema["const"]] if "const" in code_schema else list(code_schema["enum"])
    r["content"] = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
    r["x-error-codes"] = codes
    return r


retry = {"Retry-After": {"description": "Seconds to wait before retrying.", "required": True, "schema": intschema(1)}}
R["IdempotencyKeyReused"] = err("IDEMPOTENCY_KEY_REUSED: this `Idempotency-Key` was used with another request (method, path or body) in the last 24 hours.", {"const": "IDEMPOTENCY_KEY_REUSED"})
R["ValidationFailedOrKeyReused"] = err("VALIDATION_FAILED (body fields fail validation; `details[].field` names each) or IDEMPOTENCY_KEY_REUSED (this `Idempotency-Key` was used with another request).", {"enum": ["VALIDATION_FAILED", "IDEMPOTENCY_KEY_REUSED"]})
R["IdempotencyInProgress"] = err("CONFLICT: a request with this `Idempotency-Key` is still being processed; retry after `Retry-After`.", {"const": "CONFLICT"},
                                 {"Retry-After": {"description": "Seconds to wait before retrying.", "schema": intschema(1)}})
R["TransitionOrInProgress"] = err("INVALID_TRANSITION (the state change is not allowed from the current state) or CONFLICT (a request with this `Idempotency-Key` is still being processed).", {"enum": ["INVALID_TRANSITION", "CONFLICT"]})
R["NotModified"] = {"description": "Not Modified: the `If-None-Match` validator matches; no body.",
                    "headers": {"ETag": {"$ref": "#/components/headers/ETag"}}}
for name in ["RateLimited", "TooManyRequests"]:
    R[name].setdefault("headers", {}).update(RL)
R["RateLimited"]["description"] = "RATE_LIMITED: the request rate limit of the API key or of its organization is exceeded (RateLimit-* fields say which limit; docs/api.md)."
for name in ["AlreadyExists", "WebhookConflict"]:
    if "Idempotency-Key" not in R[name]["description"]:
        R[name]["description"] += " Also CONFLICT while a request with the same `Idempotency-Key` is still being processed."

ref = lambda name: {"$ref": "#/components/responses/" + name}
for path, item in d["paths"].items():
    if not path.startswith("/api/v2/") or path == "/api/v2/openapi.json":
        continue
    for method, op in item.items():
        if method not in ("get", "post", "patch", "delete") or op.get("x-internal"):
            continue
        resp = op["responses"]
        params = op.setdefault("parameters", [])
        for code, r in resp.items():
            if code.startswith("2"):
                hs = r.setdefault("headers", {})
                hs.update(RL)
                if method == "get":
                    hs["ETag"] = {"$ref": "#/components/headers/ETag"}
                else:
                    hs["Idempotent-Replayed"] = {"$ref": "#/components/headers/Idempotent-Replayed"}
        if method == "get":
            if {"$ref": "#/components/parameters/IfNoneMatch"} not in params:
                params.append({"$ref": "#/components/parameters/IfNoneMatch"})
            resp.setdefault("304", ref("NotModified"))
            continue
        if {"$ref": "#/components/parameters/IdempotencyKey"} not in params:
            params.append({"$ref": "#/components/parameters/IdempotencyKey"})
        r422 = resp.get("422", {}).get("$ref", "")
        if r422 == "":
            resp["422"] = ref("IdempotencyKeyReused")
        elif r422.endswith("/ValidationFailed"):
            resp["422"] = ref("ValidationFailedOrKeyReused")
        r409 = resp.get("409", {}).get("$ref", "")
        if r409 == "":
            resp["409"] = ref("IdempotencyInProgress")
        elif r409.endswith("/Conflict"):
            resp["409"] = ref("TransitionOrInProgress")
        if "400" not in resp:
            resp["400"] = ref("InvalidParameter")
        if "413" not in resp:
            resp["413"] = ref("PayloadTooLarge")
        # keep status codes in order
        op["responses"] = dict(sorted(resp.items()))

with open(PATH, "w") as f:
    f.write(json.dumps(d, indent=2, ensure_ascii=False) + "\n")
