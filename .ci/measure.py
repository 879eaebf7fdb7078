"""Peak memory and CPU time of a command and everything it starts (used by .ci/run).

    python .ci/measure.py --record FILE -- COMMAND...
        runs COMMAND, prints its peak resident memory (the largest of its processes)
        and its CPU time (user + system, all its processes added up), writes them to
        FILE and exits with COMMAND's exit code;
    python .ci/measure.py --check FILE --max-rss-mb MB --max-cpu-s S
        prints the figures in FILE and whether they are within those limits; exits 1
        if not.

The figures come from getrusage(RUSAGE_CHILDREN) once COMMAND has ended, so they count
every process it started and waited for. Standard library only; Linux and macOS.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time


def record(path: str, command: list[str]) -> int:
    began = time.monotonic()
    code = subprocess.call(command)
    wall = time.monotonic() - began
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    # ru_maxrss is in kilobytes on Linux, in bytes on macOS.
    rss_mb = usage.ru_maxrss / (1024 * 1024 if sys.platform == "darwin" else 1024)
    figures = {
        "peak_rss_mb": round(rss_mb, 1),
        "cpu_s": round(usage.ru_utime + usage.ru_stime, 1),
        "user_s": round(usage.ru_utime, 1),
        "system_s": round(usage.ru_stime, 1),
        "wall_s": round(wall, 1),
    }
    with open(path, "w", encoding="utf-8") as out:
        json.dump(figures, out)
    print(f"measured: {describe(figures)}", flush=True)
    return code if code >= 0 else 128 - code  # killed by a signal: as a shell says it


def describe(figures: dict[str, float]) -> str:
    return (
        f"peak RSS {figures['peak_rss_mb']:.0f} MB (largest process), CPU time "
        f"{figures['cpu_s']:.1f} s (user {figures['user_s']:.1f} s + system "
        f"{figures['system_s']:.1f} s, all processes), wall time {figures['wall_s']:.1f} s"
    )


def check(path: str, max_rss_mb: float, max_cpu_s: float) -> int:
    with open(path, encoding="utf-8") as source:
        figures = json.load(source)
    over = []
    if figures["peak_rss_mb"] > max_rss_mb:
        over.append(f"peak RSS {figures['peak_rss_mb']:.0f} MB > {max_rss_mb:.0f} MB")
    if figures["cpu_s"] > max_cpu_s:
        over.append(f"CPU time {figures['cpu_s']:.1f} s > {max_cpu_s:.0f} s")
    if over:
        print(f"{describe(figures)}: over budget, {'; '.join(over)}")
        return 1
    print(
        f"{describe(figures)}: within budget "
        f"(peak RSS <= {max_rss_mb:.0f} MB, CPU time <= {max_cpu_s:.0f} s)"
    )
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--record", metavar="FILE")
    action.add_argument("--check", metavar="FILE")
    parser.add_argument("--max-rss-mb", type=float)
    parser.add_argument("--max-cpu-s", type=float)
    parser.add_argument("command", nargs="*")
    args = parser.parse_args()
    if args.record:
        if not args.command:
            parser.error("--record needs a command after --")
        return record(args.record, args.command)
    if args.max_rss_mb is None or args.max_cpu_s is None:
        parser.error("--check needs --max-rss-mb and --max-cpu-s")
    return check(args.check, args.max_rss_mb, args.max_cpu_s)


if __name__ == "__main__":
    sys.exit(main())
