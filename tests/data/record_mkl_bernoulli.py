"""Record MKL's Bernoulli stream for tests/test_random_streams.py.

On Intel CPUs PyTorch's `bernoulli_(p)` with a number p (and so dropout) seeds MKL's MCG31 stream
with one word of its generator and calls `viRngBernoulli(VSL_RNG_METHOD_BERNOULLI_ICDF, ...)`
(aten/src/ATen/native/cpu/DistributionKernels.cpp). This records what MKL itself gives, so the
emulation can be checked without an Intel CPU. Needs Intel's `mkl` wheel (`pip install mkl`):
    python tests/data/record_mkl_bernoulli.py [path/to/libmkl_rt.so]
"""

from __future__ import annotations

import ctypes
import json
import pathlib
import sys

import numpy as np

VSL_BRNG_MCG31 = 1 << 20
VSL_RNG_METHOD_BERNOULLI_ICDF = 0
CASES = [
    (seed, n, p)
    for seed in (0, 1, 7, 2**31 - 1, 2**31, 2**32 - 1, 2357136044)
    for n in (1, 5, 17, 1000)
    for p in (0.3, 0.5, 0.8)
]


def bernoulli(mkl, seed: int, n: int, p: float) -> np.ndarray:
    stream = ctypes.c_void_p()
    status = mkl.vslNewStream(ctypes.byref(stream), VSL_BRNG_MCG31, ctypes.c_uint(seed))
    assert status == 0, status
    out = np.zeros(n, dtype=np.int32)
    mkl.viRngBernoulli.argtypes = [
        ctypes.c_int,
        ctypes.c_void_p,
        ctypes.c_int,
        ctypes.c_void_p,
        ctypes.c_double,
    ]
    assert mkl.viRngBernoulli(VSL_RNG_METHOD_BERNOULLI_ICDF, stream, n, out.ctypes.data, p) == 0
    mkl.vslDeleteStream(ctypes.byref(stream))
    return out


def main() -> None:
    library = sys.argv[1] if len(sys.argv) > 1 else "libmkl_rt.so.3"
    mkl = ctypes.CDLL(library)
    cases = [
        {"seed": s, "n": n, "p": p, "bits": "".join(map(str, bernoulli(mkl, s, n, p)))}
        for s, n, p in CASES
    ]
    path = pathlib.Path(__file__).with_name("mkl_bernoulli.json")
    path.write_text("[\n" + ",\n".join(json.dumps(case) for case in cases) + "\n]\n")
    print(f"{len(cases)} cases -> {path}")


if __name__ == "__main__":
    main()
