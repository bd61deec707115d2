#!/usr/bin/env python3
"""ctest's test_python: pytest over tests/python with the package of the
build tree (PYTHONPATH set by ctest). Without a GPU the GPU tests are
skipped and this exits 77, so ctest shows the test as skipped, like the C
GPU tests; with MATVEC_STRICT_SKIPS=1 (scripts/gpu-verify) a GPU run in
which any test was skipped fails."""
import os
import sys
import xml.etree.ElementTree as ET

import pytest

import matvec

here = os.path.dirname(os.path.abspath(__file__))
junit = os.path.join(os.getcwd(), "pytest-junit.xml")
rc = pytest.main([here, "-q", "-rs", "-p", "no:cacheprovider", f"--junitxml={junit}"])
if rc != 0:
    sys.exit(rc)
suite = ET.parse(junit).getroot()
suite = suite if suite.tag == "testsuite" else suite.find("testsuite")
tests, skipped = int(suite.get("tests", 0)), int(suite.get("skipped", 0))
line = f"test_python: {tests - skipped} passed, {skipped} skipped"
print(line)
with open("pytest-summary.txt", "w") as f:  # scripts/gpu-verify puts it in the record
    f.write(line + "\n")
if matvec.device_count() == 0:
    sys.exit(77)
if skipped and os.environ.get("MATVEC_STRICT_SKIPS") == "1":
    print("test_python: tests were skipped on a GPU machine (MATVEC_STRICT_SKIPS=1)")
    sys.exit(1)
