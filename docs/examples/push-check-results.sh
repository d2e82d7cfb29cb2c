#!/usr/bin/env bash
# Pushes automated check results into a Tenantry assessment with curl (docs/developer.md).
#
#   TENANTRY_URL=http://localhost:3000 TENANTRY_KEY=tnt_… \
#     ./push-check-results.sh TENANT_ID ASSESSMENT_ID
#
# The key needs the scope `answers:write` (create it on the Developer page). Each result names
# a question by its stable key (as in the framework, e.g. PR.AA-01) with a value that fits the
# question's type: yes / partial / no, a maturity level 0–5, an option key, a list of option
# keys, or a number; or "na": true. `observedAt` is when the tool saw it: an answer a person
# gave later is never replaced. Sending the same idempotencyKey again changes nothing.
set -euo pipefail

url="${TENANTRY_URL:-http://localhost:3000}"
key="${TENANTRY_KEY:?Set TENANTRY_KEY to an API key with the answers:write scope}"
tenant="${1:?Usage: $0 TENANT_ID ASSESSMENT_ID}"
assessment="${2:?Usage: $0 TENANT_ID ASSESSMENT_ID}"
now="$(date -u +%Y-%m-%dT%H:%M:%SZ)"
# One key per run of the tool: a retry of the same run is applied once.
run="${RUN_ID:-endpoint-scan-$(date -u +%Y%m%d%H%M)}"

curl --fail-with-body --silent --show-error \
  -X POST "$url/api/v1/tenants/$tenant/assessments/$assessment/check-results" \
  -H "Authorization: Bearer $key" \
  -H "Content-Type: application/json" \
  --data @- <<JSON
{
  "idempotencyKey": "$run",
  "source": "Endpoint manager",
  "results": [
    { "questionKey": "PR.AA-01", "value": 4, "observedAt": "$now",
      "evidence": "Identity provider: 412 of 415 accounts managed centrally" },
    { "questionKey": "PR.PS-02", "value": "monthly", "observedAt": "$now",
      "evidence": "https://mdm.example.com/reports/patch-compliance" },
    { "questionKey": "GV.PO-01", "value": "yes", "observedAt": "$now",
      "evidence": "Policy repository: information security policy approved 2026-03-02" },
    { "questionKey": "DE.CM-02", "na": true, "observedAt": "$now",
      "evidence": "No physical sites in scope" }
  ]
}
JSON
echo
