"""``cardrules.hosts.vector`` without NumPy: the import fails saying which extra to
install, not with a bare ``ModuleNotFoundError: No module named 'numpy'``.

Run in a fresh interpreter in which NumPy cannot be imported, so that neither this
test's process nor its modules are changed."""

from __future__ import annotations

import subprocess
import sys
import textwrap

CHECK = textwrap.dedent(
    """
    import sys
    sys.modules["numpy"] = None  # as if NumPy were not installed
    try:
        import cardrules.hosts.vector
    except ModuleNotFoundError as exc:
        print(type(exc).__name__, exc.name, exc, sep="|")
    else:
        print("imported")
    """
)


def test_the_vector_environments_without_numpy_say_which_extra_to_install() -> None:
    done = subprocess.run(
        [sys.executable, "-c", CHECK], capture_output=True, text=True, timeout=120, check=True
    )
    kind, name, message = done.stdout.strip().split("|")
    assert kind == "ModuleNotFoundError" and name == "numpy"  # still caught as before
    assert message == (
        "cardrules.hosts.vector needs Gymnasium and NumPy, which cardrules does not "
        'install: pip install "cardrules[gymnasium]"'
    )
