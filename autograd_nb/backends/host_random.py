"""PyTorch's CPU random numbers, bit for bit: its Mersenne Twister and the kernels built on it.

PyTorch's CPU generator is MT19937 seeded the classic way (`init_genrand`), which is exactly
NumPy's `MT19937` bit generator with legacy seeding: both give the same 32-bit words. Each sampler
below is PyTorch's CPU kernel (ATen's cpu/DistributionTemplates.h, core/DistributionsHelper.h,
core/TransformationHelper.h, TensorFactories.cpp, cpu/MultinomialKernel.cpp, avx_mathfun.h)
written as whole-array NumPy: draw every word the kernel would draw, in its order, then transform
them all at once. Only NumPy is imported here, so PyTorch can check this file directly.

`random()` in PyTorch is one 32-bit word; `random64()` is two, the first one the high half.
"""

from __future__ import annotations

import math
import platform

import numpy as np

from .. import _messages as msg

DEFAULT_SEED = 67280421310721  # PyTorch's default_generator seed: runs are repeatable by default
STATE_BYTES = 5056  # sizeof(CPUGeneratorImplState), PyTorch's get_rng_state() layout
_MT_N = 624

_F32 = np.dtype(np.float32)
_F64 = np.dtype(np.float64)
_I64 = np.dtype(np.int64)
# Dtypes whose uniform_int_from_to draws random64() once the range reaches 2**32.
_WIDE = (_I64, _F64, _F32)


def _mantissa_digits(np_dtype) -> int:
    """std::numeric_limits<T>::digits: 24 for float32, 53 for float64, 11 for float16."""
    return int(np.finfo(np_dtype).nmant) + 1


def _acc(np_dtype):
    """PyTorch's dist_acctype on the CPU: float16 computes in float32, the others in themselves."""
    return _F64 if np_dtype == _F64 else _F32


class HostRandom:
    """One PyTorch CPU generator: an MT19937 stream, its seed and its cached normal sample."""

    def __init__(self, seed: int = DEFAULT_SEED):
        self.manual_seed(seed)

    # --- the stream ----------------------------------------------------------------------------

    def manual_seed(self, seed: int) -> None:
        """Restart from `seed` as `CPUGeneratorImpl::set_current_seed` does."""
        self.seed = int(seed)
        self._bits = None  # seeded on first use (`_stream`): importing NumPy's random costs
        self._fresh = True  # PyTorch's state after seeding has next = 0 (the words are the same)
        self.next_double_normal: float | None = None
        self.next_float_normal: float | None = None

    def _stream(self):
        """The MT19937 bit generator, seeded from `seed` the first time it is needed."""
        if self._bits is None:
            self._bits = np.random.MT19937()
            self._bits._legacy_seeding(self.seed & 0xFFFFFFFF)  # init_genrand: PyTorch's seeding
        return self._bits

    def words(self, n: int):
        """The next n 32-bit words (`random()`), as uint64."""
        self._fresh = False
        return self._stream().random_raw(n)

    def words64(self, n: int):
        """The next n 64-bit words (`random64()`): two 32-bit words each, the first one high."""
        pairs = self.words(2 * n).reshape(n, 2)
        return (pairs[:, 0] << np.uint64(32)) | pairs[:, 1]

    # --- state in PyTorch's byte layout ------------------------------------------------------

    def get_state(self) -> bytes:
        """The 5056 bytes of `CPUGeneratorImplState`: seed, left, seeded, next, the 624 state
        words as uint64, the legacy normal fields and the cached float normal."""
        state = self._stream().state["state"]
        pos = int(state["pos"])
        left, next_ = (1, 0) if self._fresh else (_MT_N + 1 - pos, pos)
        normal_y = self.next_double_normal
        out = bytearray(STATE_BYTES)
        out[0:24] = (
            self.seed.to_bytes(8, "little")
            + left.to_bytes(4, "little", signed=True)
            + (1).to_bytes(4, "little")
            + next_.to_bytes(8, "little")
        )
        out[24 : 24 + 8 * _MT_N] = np.asarray(state["key"], dtype="<u8").tobytes()
        tail = 24 + 8 * _MT_N  # normal_x, normal_y, normal_rho, normal_is_valid (+4 padding)
        out[tail + 8 : tail + 16] = np.float64(normal_y or 0.0).tobytes()
        out[tail + 24 : tail + 28] = int(normal_y is not None).to_bytes(4, "little")
        if self.next_float_normal is not None:
            out[5048:5052] = np.float32(self.next_float_normal).tobytes()
            out[5052] = 1
        return bytes(out)

    def set_state(self, raw: bytes) -> None:
        """Restore bytes written by `get_state` (or by PyTorch's `get_rng_state`)."""
        seed = int.from_bytes(raw[0:8], "little")
        left = int.from_bytes(raw[8:12], "little", signed=True)
        key = np.frombuffer(raw, dtype="<u8", count=_MT_N, offset=24).astype(np.uint32)
        tail = 24 + 8 * _MT_N
        if not 1 <= left <= _MT_N:
            raise ValueError(msg.MT19937_STATE_LEFT.format(left=left))
        self.seed = seed
        self._bits = np.random.MT19937()
        self._bits.state = {
            "bit_generator": "MT19937",
            "state": {"key": key, "pos": _MT_N + 1 - left},
        }
        self._fresh = left == 1 and int.from_bytes(raw[16:24], "little") == 0
        valid = int.from_bytes(raw[tail + 24 : tail + 28], "little")
        self.next_double_normal = (
            float(np.frombuffer(raw, "<f8", 1, tail + 8)[0]) if valid else None
        )
        self.next_float_normal = float(np.frombuffer(raw, "<f4", 1, 5048)[0]) if raw[5052] else None

    # --- uniform -------------------------------------------------------------------------------

    def _unit(self, n: int, np_dtype):
        """uniform_real's x in [0, 1): the low `digits` bits of a word over 2**digits, in the
        kernel's accumulate type (float64 from random64(), else float32 from random(): float16
        samples are float32 ones rounded, as PyTorch 2.13 draws them)."""
        acc = _acc(np_dtype)
        digits = _mantissa_digits(acc)
        raw = self.words64(n) if acc == _F64 else self.words(n)
        np.bitwise_and(raw, np.uint64((1 << digits) - 1), out=raw)
        x = raw.astype(acc)
        x *= acc.type(2.0**-digits)
        return x

    def uniform(self, shape: tuple, np_dtype, low: float = 0.0, high: float = 1.0):
        """`uniform_(low, high)`: x * (to - from) + from in the accumulate type, fused as the
        compiled kernel does (one rounding); a float16 or bfloat16 value rounded up to `high`
        becomes `low`, as PyTorch's kernel keeps [low, high)."""
        np_dtype = np.dtype(np_dtype)
        acc = _acc(np_dtype)
        x = self._unit(math.prod(shape), np_dtype)
        lo, hi = acc.type(low), acc.type(high)
        if lo != 0 or hi != 1:
            x = _fma(x, acc.type(hi - lo), lo)
        out = x.astype(np_dtype, copy=False)
        if np_dtype.itemsize == 2:
            out[out == np_dtype.type(high)] = np_dtype.type(low)
        return out.reshape(shape)

    # --- normal --------------------------------------------------------------------------------

    def normal(self, shape: tuple, np_dtype, mean: float = 0.0, std: float = 1.0, contiguous=True):
        """`normal_(mean, std)`: 16 or more contiguous elements take `normal_fill` (float32 through
        the AVX2 Box-Muller of avx_mathfun.h), fewer take the scalar Box-Muller of
        `normal_distribution<double>`, which caches its second value in the generator."""
        np_dtype = np.dtype(np_dtype)
        n = math.prod(shape)
        if n >= 16 and contiguous:
            out = self._normal_fill(n, np_dtype, mean, std)
        else:
            out = _fma(self._normal_doubles(n), std, mean).astype(np_dtype)
        return out.reshape(shape)

    def _normal_doubles(self, n: int):
        """n draws of normal_distribution<double>: the cached value first, then r*cos and r*sin
        of each new pair (u1 the angle, u2 the radius), the last r*sin cached if left over."""
        cached = [] if self.next_double_normal is None else [self.next_double_normal]
        self.next_double_normal = None
        pairs = (n - len(cached) + 1) // 2
        u = self._unit(2 * pairs, _F64).reshape(pairs, 2)
        radius = np.sqrt(-2.0 * _libm(np.log1p, math.log1p, -u[:, 1]))
        theta = 2.0 * math.pi * u[:, 0]
        values = np.concatenate(
            [cached, np.column_stack([radius * np.cos(theta), radius * np.sin(theta)]).ravel()]
        )
        if len(values) > n:
            self.next_double_normal = float(values[n])
        return values[:n]

    def _normal_fill(self, n: int, np_dtype, mean: float, std: float):
        """normal_fill: float16 and bfloat16 are filled in float32 and rounded, the uniforms of
        their ragged end drawn once only (PyTorch 2.13)."""
        if np_dtype.itemsize == 2:
            return self._fill_blocks(n, n - n % 16, _F32, mean, std).astype(np_dtype)
        return self._fill_blocks(n, n, np_dtype, mean, std)

    def _fill_blocks(self, n: int, drawn: int, np_dtype, mean: float, std: float):
        """`drawn` uniforms into n places, Box-Muller on each block of 16 (the first 8 give the
        radii, the last 8 the angles); a ragged end gets 16 fresh uniforms over its last 16."""
        data = np.empty(n, np_dtype)
        data[:drawn] = self._unit(drawn, np_dtype)
        full = n - n % 16
        step = 16 * 4096  # blocks that stay in the cache while a dozen passes run over them
        for start in range(0, full, step):
            stop = min(start + step, full)
            data[start:stop] = self._box_muller_16(data[start:stop], np_dtype, mean, std)
        if n % 16:
            tail = self._unit(16, np_dtype).astype(np_dtype)
            data[n - 16 :] = self._box_muller_16(tail, np_dtype, mean, std)
        return data

    @staticmethod
    def _box_muller_16(u, np_dtype, mean: float, std: float):
        """normal_fill_16 on blocks of 16 uniforms (float32: normal_fill_16_AVX2, else float64)."""
        blocks = u.reshape(-1, 16)
        u1, u2 = 1 - blocks[:, :8], blocks[:, 8:]
        if np_dtype == _F32:
            radius = np.sqrt(np.float32(-2.0) * _log256_ps(u1))
            sin, cos = _sincos256_ps(np.float32(2.0 * math.pi) * u2)
            m, s = np.float32(mean), np.float32(std)
            pair = (_fma(radius * cos, s, m), _fma(radius * sin, s, m))
        else:  # float64: the C library's log, cos and sin
            radius = np.sqrt(-2 * _libm(np.log, math.log, u1))
            theta = 2.0 * math.pi * u2
            pair = (
                _fma(radius * np.cos(theta), std, mean),
                _fma(radius * np.sin(theta), std, mean),
            )
        return np.concatenate(pair, axis=1).astype(np_dtype).ravel()

    # --- integers ------------------------------------------------------------------------------

    def integers(self, shape: tuple, np_dtype, low: int, high: int):
        """`random_(low, high)` / `randint`: (word % range) + low, the word a random64() where
        the range reaches 2**32 for int64, float64 and float32, else a random() word; a range of
        2**64 (random_ from int64's lowest with no top) takes the 64-bit word as it is. Float
        bounds first move inward to values the dtype holds (`update_from`, `update_to`)."""
        np_dtype = np.dtype(np_dtype)
        if np_dtype.kind == "f":
            low, high = _inward(low, high, np_dtype)
        n = math.prod(shape)
        span = high - low
        wide = span >= 1 << 32 and np_dtype in _WIDE
        raw = self.words64(n) if wide else self.words(n)
        if span < 1 << 64:
            raw = raw % np.uint64(span) + np.uint64(low % (1 << 64))
        return raw.view(np.int64).astype(np_dtype).reshape(shape)

    def permutation(self, n: int):
        """randperm's CPU shuffle: for i < n - 1, swap place i with i + random() % (n - i)."""
        offsets = self.words(max(n - 1, 0)) % np.arange(n, 1, -1, dtype=np.uint64)
        order = list(range(n))
        for i, z in enumerate(offsets.tolist()):
            order[i], order[i + z] = order[i + z], order[i]
        return np.array(order, dtype=np.int64)

    # --- bernoulli, exponential, multinomial ----------------------------------------------------

    def bernoulli(self, shape: tuple, np_dtype, p):
        """1 where uniform_real < p, else 0. A tensor p of float64 compares 53-bit uniforms
        (random64()), one of another float type 24-bit ones (random()); a number p takes 53-bit
        uniforms, except where PyTorch's kernel goes through MKL (Intel CPUs): there one word
        seeds MKL's MCG31 stream, whose uniforms decide every element."""
        n = math.prod(shape)
        if not isinstance(p, np.ndarray) and MKL_BERNOULLI:
            seed = int(self.words(1)[0])
            return (_mcg31_uniforms(seed, n) < np.float32(p)).astype(np_dtype).reshape(shape)
        if isinstance(p, np.ndarray) and p.dtype != _F64:
            u = self._unit(n, _F32).reshape(shape)
            threshold = np.broadcast_to(p.astype(_F32), shape)
        else:
            u = self._unit(n, _F64).reshape(shape)
            threshold = p
        return (u < threshold).astype(np_dtype)

    def exponential(self, shape: tuple, np_dtype, lambd: float):
        """exponential_distribution<double>: -1 / lambda * log1p(-u) from 53-bit uniforms."""
        u = self._unit(math.prod(shape), _F64)
        return ((-1.0 / lambd) * _libm(np.log1p, math.log1p, -u)).astype(np_dtype).reshape(shape)

    def cauchy(self, shape: tuple, np_dtype, median: float, sigma: float):
        """cauchy_distribution<double>: median + sigma * tan(pi * (u - 0.5)), 53-bit uniforms."""
        u = self._unit(math.prod(shape), _F64)
        return (median + sigma * np.tan(math.pi * (u - 0.5))).astype(np_dtype).reshape(shape)

    def log_normal(self, shape: tuple, np_dtype, mean: float, std: float):
        """lognormal_distribution<double>: exp of normal_distribution<double> draws (the
        scalar Box-Muller that caches its second value), whatever the size."""
        normal = _fma(self._normal_doubles(math.prod(shape)), std, mean)
        return np.exp(normal).astype(np_dtype).reshape(shape)

    def geometric(self, shape: tuple, np_dtype, p: float):
        """geometric_distribution<double>: ceil(log(u) / log1p(-p)) from 53-bit uniforms."""
        u = self._unit(math.prod(shape), _F64)
        trials = np.ceil(_libm(np.log, math.log, u) / math.log1p(-p))
        return trials.astype(np_dtype).reshape(shape)

    def poisson(self, rates):
        """Distributions.cpp's sample_poisson for each rate in order: Knuth's products of
        53-bit uniforms below 10, Hoermann's transformed rejection from 10 (two per try)."""
        flat = [self._poisson_one(rate) for rate in rates.reshape(-1).tolist()]
        return np.array(flat, dtype=np.float64).astype(rates.dtype).reshape(rates.shape)

    def _poisson_one(self, rate: float) -> int:
        def uniform() -> float:
            return float(self._unit(1, _F64)[0])

        if rate == 0:
            return 0
        if rate < 10:
            count, product, limit = 0, 1.0, math.exp(-rate)
            while True:
                product *= uniform()
                if product <= limit:
                    return count
                count += 1
        slam, loglam = math.sqrt(rate), math.log(rate)
        b = 0.931 + 2.53 * slam
        a = -0.059 + 0.02483 * b
        invalpha = 1.1239 + 1.1328 / (b - 3.4)
        vr = 0.9277 - 3.6224 / (b - 2)
        while True:
            u = uniform() - 0.5
            v = uniform()
            us = 0.5 - abs(u)
            k = math.floor((2 * a / us + b) * u + rate + 0.43)
            if us >= 0.07 and v <= vr:
                return k
            if k < 0 or (us < 0.013 and v > us):
                continue
            if math.log(v) + math.log(invalpha) - math.log(a / (us * us) + b) <= (
                -rate + k * loglam - math.lgamma(k + 1)
            ):
                return k

    def multinomial_with_replacement(self, weights, num_samples: int):
        """MultinomialKernel.cpp: per row, the running sum in the weights' type divided by the
        total (the last bucket set to 1), then for each draw the first bucket >= a 53-bit
        uniform (random64())."""
        acc = _acc(weights.dtype)
        cdf = np.cumsum(weights.astype(acc), axis=1, dtype=acc)
        cdf = cdf / cdf[:, -1:]
        cdf[:, -1] = 1
        u = self._unit(weights.shape[0] * num_samples, _F64).reshape(-1, num_samples)
        return np.stack([np.searchsorted(c.astype(_F64), row) for c, row in zip(cdf, u)])


def _inward(low: int, high: int, np_dtype) -> tuple[int, int]:
    """PyTorch's update_from / update_to: bounds that would round outside [low, high) in a float
    dtype move to the next value inside."""
    digits = _mantissa_digits(np_dtype)
    above = int(np_dtype.type(low + 1))
    if above < low:
        low = above + (1 << (abs(low + 1).bit_length() - 1 - digits + 1))
    below = int(np_dtype.type(high - 1))
    if below >= high:
        high = below - (1 << (abs(high - 1).bit_length() - 1 - digits + 1))
    return low, high


def _libm(vectorised, scalar, x):
    """A float64 log or log1p as PyTorch's kernels get it from the C library: NumPy's own SIMD
    versions differ in the last bit for about 1 value in 1000 (log) or 15 (log1p), so up to a few
    thousand values go through Python's `math` (the C library's), more through NumPy."""
    if x.size > _LIBM_LIMIT:
        return vectorised(x)
    return np.array([scalar(v) for v in x.reshape(-1).tolist()], dtype=_F64).reshape(x.shape)


_LIBM_LIMIT = 4096


def _intel_cpu() -> bool:
    """Whether PyTorch's x86 build would see an Intel CPU (its cpuinfo vendor check)."""
    if platform.machine().lower() not in ("x86_64", "amd64"):
        return False
    try:
        with open("/proc/cpuinfo") as info:
            return "GenuineIntel" in info.read(4096)
    except OSError:
        return "Intel" in platform.processor()


# PyTorch's bernoulli_(p) with a number p (dropout's too) uses MKL's stream on Intel CPUs, its
# portable kernel elsewhere (AMD, ARM): the same choice here. Tests pin it.
MKL_BERNOULLI = _intel_cpu()
_MCG31_A, _MCG31_M = 1132489760, 2**31 - 1


def _mcg31_uniforms(seed: int, n: int):
    """MKL's VSL_BRNG_MCG31 from `seed`: x0 = seed mod m (1 if 0), then x * a mod m; each x / m
    rounded to float32, as viRngBernoulli's ICDF compares them."""
    powers = np.ones(max(n, 1), dtype=np.uint64)  # a**k mod m, doubling the filled part
    filled, step = 1, _MCG31_A
    while filled < n:
        take = min(filled, n - filled)
        powers[filled : filled + take] = powers[:take] * np.uint64(step) % np.uint64(_MCG31_M)
        filled += take
        step = step * step % _MCG31_M
    x = powers[:n] * np.uint64(seed % _MCG31_M or 1) % np.uint64(_MCG31_M)
    return (x / _MCG31_M).astype(_F32)


# --- arithmetic as the compiled kernels do it --------------------------------------------------


def _fma(x, y, z):
    """x * y + z rounded once, as the fused multiply-add the compiled kernels use. float32 goes
    through float64 (the product is exact there); float64 adds the product's exact error term
    (Dekker's split) to an exact sum."""
    if x.dtype == _F32:
        exact = np.multiply(x, y, dtype=_F64)
        exact += z
        return exact.astype(_F32)
    product = x * y
    x_hi, x_lo = _split(x)
    y_hi, y_lo = _split(np.asarray(y, _F64))
    error = ((x_hi * y_hi - product) + x_hi * y_lo + x_lo * y_hi) + x_lo * y_lo
    total = product + z
    back = total - product
    return total + (((product - (total - back)) + (z - back)) + error)


def _split(a):
    """Veltkamp's split of float64 values into a 26-bit high part and the rest."""
    c = 134217729.0 * a
    high = c - (c - a)
    return high, a - high


# avx_mathfun.h's Cephes polynomials, as PyTorch's AVX2 normal_fill runs them (GCC fuses the
# marked multiply-adds into FMA instructions; the others round twice).
_LOG_P = [
    7.0376836292e-2,
    -1.1514610310e-1,
    1.1676998740e-1,
    -1.2420140846e-1,
    1.4249322787e-1,
    -1.6668057665e-1,
    2.0000714765e-1,
    -2.4999993993e-1,
    3.3333331174e-1,
]
_F = np.float32


def _log256_ps(x):
    """log256_ps for x in (0, 1]: split off the exponent, then a degree-9 polynomial."""
    bits = np.maximum(x, _F(1.17549435e-38)).view(np.int32)
    e = ((bits >> 23) - 0x7F).astype(_F)
    x = ((bits & ~0x7F800000) | 0x3F000000).view(_F)
    small = x < _F(0.707106781186547524)
    x = (x - _F(1)) + x * small
    e = (e + _F(1)) - small
    z = x * x
    y = _fma(x, _F(_LOG_P[0]), _F(_LOG_P[1]))
    for p in _LOG_P[2:]:
        y = _fma(y, x, _F(p))  # fused
    y = y * x
    y = _fma(y, z, e * _F(-2.12194440e-4))  # fused
    y = y - z * _F(0.5)
    return (x + y) + e * _F(0.693359375)


_SIN_P = (-1.9515295891e-4, 8.3321608736e-3, -1.6666654611e-1)
_COS_P = (2.443315711809948e-005, -1.388731625493765e-003, 4.166664568298827e-002)


def _sincos256_ps(x):
    """sincos256_ps for x >= 0: reduce by multiples of pi/4 in three parts, evaluate both
    polynomials, pick them and flip their sign bits by the octant."""
    j = (x * _F(1.27323954473516)).astype(np.int32)
    j = (j + 1) & ~1
    y = j.astype(_F)
    for part in (-0.78515625, -2.4187564849853515625e-4, -3.77489497744594108e-8):
        x = x + y * _F(part)
    z = x * x
    c = _fma(_fma(z, _F(_COS_P[0]), _F(_COS_P[1])), z, _F(_COS_P[2]))
    c = _fma(c * z, z, z * _F(-0.5)) + _F(1)  # fused
    s = _fma(_fma(z, _F(_SIN_P[0]), _F(_SIN_P[1])), z, _F(_SIN_P[2]))
    s = _fma(s * z, x, x)  # fused
    first = ((j & 2) == 0).astype(np.int32)
    first = -first  # all ones where the sine polynomial gives the sine
    s_bits, c_bits = s.view(np.int32), c.view(np.int32)
    sin = (s_bits & first) | (c_bits & ~first)
    cos = (c_bits & first) | (s_bits & ~first)
    sin ^= (j & 4) << 29
    cos ^= (~(j - 2) & 4) << 29
    return sin.view(_F), cos.view(_F)
