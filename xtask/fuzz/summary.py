"""The figures of a `cargo xtask fuzz-api` run, from schemathesis's NDJSON reports.

Prints the requests made, the answers by status class, and each check's passes and failures;
exits 1 when any check failed, any answer was a server error, or the run made fewer requests
than --min-requests.
"""

import argparse
import collections
import json
import sys


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--min-requests", type=int, required=True)
    parser.add_argument("--seconds", type=float, required=True)
    parser.add_argument("reports", nargs="+")
    args = parser.parse_args()

    requests = 0
    statuses: collections.Counter[str] = collections.Counter()
    passed: collections.Counter[str] = collections.Counter()
    failed: collections.Counter[str] = collections.Counter()
    examples: dict[str, list[str]] = collections.defaultdict(list)
    errors: list[str] = []
    version = "?"
    for path in args.reports:
        with open(path, encoding="utf-8") as lines:
            for line in lines:
                event = json.loads(line)
                (kind, body), = event.items()
                if kind == "Initialize":
                    version = body.get("schemathesis_version", version)
                elif kind == "NonFatalError" or kind == "FatalError":
                    errors.append(f"{body.get('label', '')}: {body.get('info', {}).get('message', body)}")
                elif kind == "ScenarioFinished":
                    recorder = body["recorder"]
                    for interaction in recorder.get("interactions", {}).values():
                        requests += 1
                        response = interaction.get("response")
                        status = response["status_code"] if response else None
                        statuses[f"{status // 100}xx" if status else "no answer"] += 1
                    for checks in recorder.get("checks", {}).values():
                        for check in checks:
                            if check["status"] == "success":
                                passed[check["name"]] += 1
                            else:
                                failed[check["name"]] += 1
                                info = check.get("failure_info", {}).get("failure", {})
                                where = f"{info.get('operation', recorder['label'])}: {info.get('title', '')}"
                                if where not in examples[check["name"]]:
                                    examples[check["name"]].append(where)

    print(f"\nfuzz-api: schemathesis {version}, {requests} requests in {args.seconds:.0f} s")
    print("  answers: " + ", ".join(f"{k} {v}" for k, v in sorted(statuses.items())))
    print(f"  {'check':32} {'passed':>9} {'failed':>7}")
    for name in sorted(set(passed) | set(failed)):
        print(f"  {name:32} {passed[name]:>9} {failed[name]:>7}")
        for where in examples[name][:20]:
            print(f"      {where}")
    for error in errors:
        print(f"  error: {error}")

    problems = []
    if statuses.get("5xx"):
        problems.append(f"{statuses['5xx']} server errors")
    if sum(failed.values()):
        problems.append(f"{sum(failed.values())} failed checks")
    if errors:
        problems.append(f"{len(errors)} errors of the run")
    if requests < args.min_requests:
        problems.append(f"only {requests} requests (at least {args.min_requests} wanted)")
    if problems:
        print("fuzz-api: FAILED: " + "; ".join(problems))
        return 1
    print("fuzz-api: 0 server errors, 0 answers outside the documented schema")
    return 0


if __name__ == "__main__":
    sys.exit(main())
