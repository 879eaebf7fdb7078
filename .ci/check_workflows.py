"""What the hosted workflows and the Read the Docs configuration must do (used by .ci/run).

    python .ci/check_workflows.py "README TEST COMMAND"

The workflow files are checked against GitHub's schema by check-jsonschema in .ci/run;
this script checks what a schema cannot know: the CI workflow runs the README's test
command, exactly, on Linux, macOS and Windows for every Python the package supports,
and builds the documentation as Read the Docs does; the release workflow runs on
version tags only, checks the tag against the package version, builds and checks the
distributions and publishes them by trusted publishing; Read the Docs installs the
docs extra. Needs PyYAML (the docs and dev extras bring it).
"""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path
from typing import Any

import yaml  # type: ignore[import-untyped]

ROOT = Path(__file__).resolve().parent.parent
WORKFLOWS = ROOT / ".github" / "workflows"
failures: list[str] = []


def expect(condition: object, what: str) -> None:
    print(f"{'ok' if condition else 'FAILED'}: {what}")
    if not condition:
        failures.append(what)


def load(path: Path) -> dict[Any, Any]:
    loaded = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(loaded, dict), f"{path} is not a mapping"
    return loaded


def triggers(workflow: dict[Any, Any]) -> dict[str, Any]:
    on = workflow.get("on", workflow.get(True))  # YAML 1.1 reads a bare `on` as true
    if isinstance(on, str):
        return {on: None}
    if isinstance(on, list):
        return dict.fromkeys(on)
    return dict(on or {})


def steps(job: dict[str, Any]) -> list[dict[str, Any]]:
    return list(job.get("steps", []))


def runs(job: dict[str, Any]) -> list[str]:
    return [line.strip() for step in steps(job) for line in str(step.get("run", "")).splitlines()]


def uses(job: dict[str, Any]) -> list[str]:
    return [str(step["uses"]) for step in steps(job) if "uses" in step]


def python_of(job: dict[str, Any]) -> str | None:
    for step in steps(job):
        if str(step.get("uses", "")).startswith("actions/setup-python@"):
            return str(step.get("with", {}).get("python-version"))
    return None


def main() -> int:
    readme_test_cmd = sys.argv[1]
    toml = importlib.import_module("tomllib" if sys.version_info >= (3, 11) else "tomli")
    project = toml.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    pythons = sorted(
        (c.rsplit(" ", 1)[1] for c in project["classifiers"] if re.fullmatch(r".* :: 3\.\d+", c)),
        key=lambda v: tuple(map(int, v.split("."))),
    )
    rtd = load(ROOT / ".readthedocs.yaml")
    rtd_python = str(rtd["build"]["tools"]["python"])

    print("-- .github/workflows/ci.yml")
    ci = load(WORKFLOWS / "ci.yml")
    on = triggers(ci)
    expect(
        {"push", "pull_request", "workflow_call"} <= set(on), "runs on push, pull request and call"
    )
    tests = ci["jobs"]["tests"]
    matrix = tests["strategy"]["matrix"]
    systems = sorted(str(os).split("-")[0] for os in matrix["os"])
    expect(systems == ["macos", "ubuntu", "windows"], f"tests on Linux, macOS, Windows: {systems}")
    expect(
        [str(v) for v in matrix["python"]] == pythons,
        f"tests on every Python of the classifiers {pythons}: {matrix['python']}",
    )
    expect(
        project["requires-python"] == f">={pythons[0]}",
        f"requires-python ({project['requires-python']}) starts at the oldest Python tested",
    )
    expect(tests["runs-on"] == "${{ matrix.os }}", "the tests job runs on the matrix's systems")
    expect(python_of(tests) == "${{ matrix.python }}", "the tests job sets up the matrix's Python")
    test_steps = [s for s in steps(tests) if str(s.get("run", "")).strip() == readme_test_cmd]
    expect(len(test_steps) == 1, f"the tests job runs the README's test command: {readme_test_cmd}")
    if test_steps:
        env = test_steps[0].get("env", {})
        expect(test_steps[0].get("shell") == "bash", "it runs in bash on every system")
        expect("CARDRULES_REQUIRE_HOSTS" in env, "it says where every host's tests must run")
    docs = ci["jobs"]["docs"]
    docs_runs = runs(docs)
    expect(
        docs_runs[:1] == ['python -m pip install ".[docs]"'],
        "the docs job installs the docs extra and nothing else, as Read the Docs does",
    )
    for builder in ("html", "doctest"):
        expect(
            any("sphinx" in r and " -W " in r and f"-b {builder} " in r for r in docs_runs),
            f"the docs job builds {builder} with warnings as errors",
        )
    expect(python_of(docs) == rtd_python, f"the docs job uses Read the Docs' Python {rtd_python}")
    expect(
        any("bash .ci/run" in r for job in ci["jobs"].values() for r in runs(job)),
        "a job runs .ci/run",
    )

    print("-- .github/workflows/release.yml")
    release = load(WORKFLOWS / "release.yml")
    on = triggers(release)
    expect(
        list(on) == ["push"] and on["push"] == {"tags": ["v*"]},
        "runs on version tags (v*) only",
    )
    jobs = release["jobs"]
    ci_jobs = [n for n, j in jobs.items() if j.get("uses") == "./.github/workflows/ci.yml"]
    expect(len(ci_jobs) == 1, "runs the CI workflow")
    build = jobs.get("build", {})
    build_runs = runs(build)
    expect(ci_jobs and ci_jobs[0] in _needs(build), "builds only after CI passed")
    script = "\n".join(build_runs)
    expect(
        "GITHUB_REF_NAME" in script and "pyproject.toml" in script and "CHANGELOG.md" in script,
        "checks the tag against the package version and the changelog",
    )
    expect(any(r.endswith("-m build") for r in build_runs), "builds the sdist and the wheel")
    expect(any("twine check --strict" in r for r in build_runs), "runs twine check --strict")
    publishers = [
        n for n, j in jobs.items() if any("gh-action-pypi-publish@" in u for u in uses(j))
    ]
    expect(len(publishers) == 1, "one job publishes with pypa/gh-action-pypi-publish")
    if publishers:
        publish = jobs[publishers[0]]
        expect("build" in _needs(publish), "publishes what the build job built")
        expect(publish.get("permissions") == {"id-token": "write"}, "id-token: write, nothing else")
        environment = publish.get("environment", {})
        name = environment.get("name") if isinstance(environment, dict) else environment
        expect(name == "pypi", "in the environment pypi")
        inputs = [s.get("with", {}) for s in steps(publish) if "pypi-publish" in s.get("uses", "")]
        expect(all("password" not in i for i in inputs), "trusted publishing: no token is passed")
    expect(release.get("permissions") == {"contents": "read"}, "everything else reads only")

    print("-- every workflow")
    for path in sorted(WORKFLOWS.glob("*.yml")):
        workflow = load(path)
        for name, job in workflow["jobs"].items():
            if "uses" not in job:
                expect("timeout-minutes" in job, f"{path.name}: job {name} has a timeout")
            for action in uses(job):
                expect(
                    action.startswith("./") or re.fullmatch(r"[\w.-]+/[\w./-]+@[\w./-]+", action),
                    f"{path.name}: {action} names a version",
                )

    print("-- .readthedocs.yaml")
    expect(rtd.get("version") == 2, "configuration version 2")
    expect(rtd["sphinx"]["configuration"] == "docs/conf.py", "builds docs/conf.py")
    expect(rtd["sphinx"].get("fail_on_warning") is True, "warnings are errors")
    install = rtd["python"]["install"]
    expect(
        install == [{"method": "pip", "path": ".", "extra_requirements": ["docs"]}],
        'installs with pip ".[docs]" and nothing else',
    )
    expect("docs" in project["optional-dependencies"], "the docs extra exists")

    if failures:
        print(f"{len(failures)} check(s) failed")
        return 1
    print("the workflows and the Read the Docs configuration do what they must")
    return 0


def _needs(job: dict[str, Any]) -> list[str]:
    needs = job.get("needs", [])
    return [needs] if isinstance(needs, str) else list(needs)


if __name__ == "__main__":
    sys.exit(main())
